import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('serves metrics on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });

  it('gives the passes’ stream the replicas of the event store, refusing what JetStream cannot keep', () => {
    expect(loadConfig({ JETSTREAM_REPLICAS: '3' })).toMatchObject({ passesReplicas: 3, store: { replicas: 3 } });
    expect(loadConfig({}).passesReplicas).toBeUndefined();
    expect(() => loadConfig({ JETSTREAM_REPLICAS: '7' })).toThrow('JETSTREAM_REPLICAS must be an integer from 1 to 5, not "7"');
  });

  it('caps the connections open to BMCs, 256 unless REDFISH_MAX_SOCKETS says otherwise', () => {
    expect(loadConfig({}).drivers.redfish?.maxSockets).toBeUndefined();
    expect(loadConfig({ REDFISH_MAX_SOCKETS: '32' }).drivers.redfish?.maxSockets).toBe(32);
    for (const wrong of ['0', '-1', '2.5', 'many']) expect(() => loadConfig({ REDFISH_MAX_SOCKETS: wrong })).toThrow(/REDFISH_MAX_SOCKETS must be/);
  });

  it('hears the conductors’ heartbeats and beats its own on their interval, 1000 ms unless HEARTBEAT_INTERVAL_MS says otherwise', () => {
    expect(loadConfig({}).heartbeatIntervalMs).toBe(1000);
    expect(loadConfig({ HEARTBEAT_INTERVAL_MS: '200' }).heartbeatIntervalMs).toBe(200);
  });
});
