/**
 * The event-store contract, run against the JetStream adapter on a 3-server NATS cluster with
 * streams of 3 replicas: there the stream's leader checks a commit's expected sequence before the
 * servers agree on it, and the answers to stale and retried commits take other paths than on one
 * server.
 */
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { JetStreamEventStore } from '@ironledger/event-store';
import { describeEventStoreContract } from '@ironledger/event-store/contract';
import { natsClusterForFile } from '../support/nats-cluster-for-file.js';

jest.setTimeout(60_000);

const nats = natsClusterForFile();

describeEventStoreContract('JetStreamEventStore on a 3-server cluster, 3 replicas', async () => {
  const stream = `CONTRACT_${randomUUID().replaceAll('-', '')}`;
  const store = await JetStreamEventStore.connect({ servers: nats.cluster.url, stream, subjectPrefix: `contract.${stream}`, replicas: 3 });
  return {
    store,
    dispose: async () => {
      await store.close();
      await nats.jsm.streams.delete(stream);
    },
  };
});
