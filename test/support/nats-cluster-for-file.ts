/** Jest's side of test/support/nats-cluster.ts. */
import { afterAll, beforeAll } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '@ironledger/bus';
import { NatsCluster } from './nats-cluster.js';

/**
 * A 3-server NATS cluster for the test file that calls this, with a JetStream manager connected to
 * it (reconnecting for as long as the file runs): started before the file's tests and destroyed
 * after them. Its members may be read only from inside a test or a hook.
 */
export function natsClusterForFile(): { readonly cluster: NatsCluster; readonly jsm: JetStreamManager } {
  let started: { cluster: NatsCluster; nc: NatsConnection; jsm: JetStreamManager } | undefined;
  /** Kept apart from `started`: a cluster whose connection failed is destroyed too. */
  let cluster: NatsCluster | undefined;
  beforeAll(async () => {
    cluster = await NatsCluster.start();
    const nc = await connect({ servers: natsServers(cluster.url), maxReconnectAttempts: -1 });
    started = { cluster, nc, jsm: await jetstreamManager(nc) };
  }, 60_000);
  afterAll(async () => {
    await started?.nc.close();
    await cluster?.destroy();
  });
  const current = () => {
    if (!started) throw new Error('The NATS cluster has not started (or failed to start): see the file\'s beforeAll');
    return started;
  };
  return {
    get cluster() {
      return current().cluster;
    },
    get jsm() {
      return current().jsm;
    },
  };
}
