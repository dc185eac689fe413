import { describe, expect, it } from '@jest/globals';
import { FleetReadModel, LiveProjection } from '@ironledger/application';
import { InMemoryEventStore } from '@ironledger/event-store';
import { Registry } from 'prom-client';
import { GatewayMetrics, readModelLag } from './gateway-metrics.js';

describe('readModelLag', () => {
  it('is how many events the store holds beyond what the read model applied', async () => {
    const store = new InMemoryEventStore();
    await store.append('node-a', [{ type: 'NodeDeleted', data: {} }], { expectedRevision: 'no_stream' });
    const projection = new LiveProjection(store);
    await projection.start();
    try {
      expect(await readModelLag(store, projection, 100)).toBe(0);
      const behind = { readModel: { position: 0 } } as Pick<LiveProjection, 'readModel'>;
      expect(await readModelLag(store, behind, 100)).toBe(1);
    } finally {
      await projection.stop();
    }
  });

  it('is unknown (NaN) when the store does not answer in time, or fails', async () => {
    const projection = { readModel: { position: 3 } } as Pick<LiveProjection, 'readModel'>;
    expect(await readModelLag({ lastPosition: () => new Promise<number>(() => undefined) }, projection, 20)).toBeNaN();
    expect(await readModelLag({ lastPosition: () => Promise.reject(new Error('no store')) }, projection, 20)).toBeNaN();
  });
});

describe('GatewayMetrics', () => {
  it('samples the read model lag at scrape time', async () => {
    let last = 7;
    const metrics = new GatewayMetrics(new Registry(), { lastPosition: async () => last }, { readModel: Object.assign(new FleetReadModel(), { position: 5 }) });
    expect(await metrics.registry.metrics()).toContain('ironledger_gateway_read_model_lag_events 2');
    last = 5;
    expect(await metrics.registry.metrics()).toContain('ironledger_gateway_read_model_lag_events 0');
  });
});
