/**
 * The event-store contract, run against the JetStream adapter on a 3-server NATS cluster with
 * streams of 3 replicas: there the stream's leader checks a commit's expected sequence before the
 * servers agree on it, and the answers to stale and retried commits take other paths than on one
 * server.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, jest } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '@ironledger/bus';
import { JetStreamEventStore } from '@ironledger/event-store';
import { describeEventStoreContract } from '@ironledger/event-store/contract';
import { NatsCluster } from '../support/nats-cluster.js';

jest.setTimeout(60_000);

let cluster: NatsCluster;
let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  cluster = await NatsCluster.start();
  nc = await connect({ servers: natsServers(cluster.url), maxReconnectAttempts: -1 });
  jsm = await jetstreamManager(nc);
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await cluster?.destroy();
});

describeEventStoreContract('JetStreamEventStore on a 3-server cluster, 3 replicas', async () => {
  const stream = `CONTRACT_${randomUUID().replaceAll('-', '')}`;
  const store = await JetStreamEventStore.connect({ servers: cluster.url, stream, subjectPrefix: `contract.${stream}`, replicas: 3 });
  return {
    store,
    dispose: async () => {
      await store.close();
      await jsm.streams.delete(stream);
    },
  };
});
