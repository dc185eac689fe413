/**
 * The services on a NATS that admits only authenticated clients over TLS, as the Kubernetes
 * manifests run it: the gateway and the conductor log in with a password, power sync with an
 * NKey, each from files the environment names, and the whole path of a command (gateway,
 * conductor, JetStream store, relay, power sync's heartbeats and passes' stream) works; a client without
 * credentials is refused.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { apiClient } from '../support/api.js';
import { enroll, provision } from '../support/nodes.js';
import { eventually, freePort } from '../support/processes.js';
import { type SecureNats, startSecureNats } from '../support/secure-nats.js';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(120_000);

describe('services on a NATS that requires TLS and credentials', () => {
  let nats: SecureNats;
  let system: RunningSystem;
  let powerSyncMetrics: string;
  const call = apiClient(() => system.baseUrl);

  beforeAll(async () => {
    nats = await startSecureNats();
    const metricsPort = await freePort();
    powerSyncMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
    // Power sync logs in as the NKey user: no user and password for it.
    const powerSync = { NATS_USER: '', NATS_PASSWORD_FILE: '', ...nats.nkeyEnv, SYNC_POWER_STATE_INTERVAL: '1', METRICS_PORT: String(metricsPort) };
    system = await startSystem({ natsUrl: nats.url, env: nats.passwordEnv, powerSync });
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await nats?.stop();
  });

  it('carries a command from the gateway through a conductor to the store and back', async () => {
    const uuid = await enroll(call, { name: 'behind-tls' });
    await provision(call, uuid, 'manage', 'manageable');
    const history = await call('GET', `/v1/nodes/${uuid}/history`);
    expect(history.status).toBe(200);
  });

  it('lets power sync share its passes through its heartbeats and the JetStream passes’ stream and read the BMCs', async () => {
    const reads = async () => {
      const text = await (await fetch(powerSyncMetrics)).text();
      const match = /^ironledger_power_sync_bmc_reads_total\{[^}]*\} (\d+)/m.exec(text);
      return match && Number(match[1]) > 0 ? Number(match[1]) : undefined;
    };
    expect(await eventually(reads, 30_000, 'a BMC read by power sync')).toBeGreaterThan(0);
  });

  it('refuses a client that brings no credentials', async () => {
    const refused = connect({ servers: nats.url, tls: { caFile: nats.passwordEnv.NATS_TLS_CA_FILE }, reconnect: false, timeout: 5_000 });
    await expect(refused).rejects.toThrow(/Authorization Violation/i);
  });
});
