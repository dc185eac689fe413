import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PassLedger } from './pass-ledger.js';

const servers = process.env.NATS_URL ?? '';
if (!servers) {
  throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');
}

/** Two instances' connections to one passes' stream, as separate processes have. */
describe('PassLedger on JetStream', () => {
  const stream = `PS_LEDGER_${randomUUID().slice(0, 8).toUpperCase()}`;
  let connections: NatsConnection[];
  let first: PassLedger;
  let second: PassLedger;

  beforeAll(async () => {
    connections = await Promise.all([connect({ servers }), connect({ servers })]);
    [first, second] = await Promise.all(connections.map((nats) => PassLedger.open(nats, { stream, intervalMs: 60_000 })));
  });

  afterAll(async () => {
    await (await jetstreamManager(connections[0]!)).streams.delete(stream).catch(() => undefined);
    await Promise.all(connections.map((nats) => nats.close()));
  });

  it('keeps the first plan of a pass, which every later proposal gets back', async () => {
    const plans = await Promise.all([first.plan('sync', 7, ['a', 'b']), second.plan('sync', 7, ['b'])]);
    expect(plans[0]).toEqual(plans[1]);
    expect([['a', 'b'], ['b']]).toContainEqual(plans[0]);
    expect(await second.plan('sync', 7, ['c'])).toEqual(plans[0]);
    // Another pass, or another kind, is planned afresh.
    expect(await second.plan('sync', 8, ['c'])).toEqual(['c']);
    expect(await second.plan('recovery', 7, ['c'])).toEqual(['c']);
  });

  it('keeps the first plan against a proposal made after the de-duplication window', async () => {
    const late = `${stream}_LATE`;
    const [a, b] = await Promise.all(connections.map((nats) => PassLedger.open(nats, { stream: late, intervalMs: 200 })));
    try {
      expect(await a!.plan('sync', 1, ['a'])).toEqual(['a']);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await b!.plan('sync', 1, ['b'])).toEqual(['a']);
    } finally {
      await (await jetstreamManager(connections[0]!)).streams.delete(late).catch(() => undefined);
    }
  });

  it('tells how many parts a member recorded as finished, the last record counting, none as 0', async () => {
    expect(await second.progress('sync', 7, 'host-1.example 42')).toBe(0);
    await first.recordProgress('sync', 7, 'host-1.example 42', 3);
    await first.recordProgress('sync', 7, 'host-1.example 42', 64);
    expect(await second.progress('sync', 7, 'host-1.example 42')).toBe(64);
    expect(await second.progress('sync', 8, 'host-1.example 42')).toBe(0);
    expect(await second.progress('sync', 7, 'host-2')).toBe(0);
  });
});
