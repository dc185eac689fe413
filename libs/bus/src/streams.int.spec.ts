import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream, StreamRefusedError } from './streams.js';

const servers = process.env.NATS_URL ?? '';
if (!servers) {
  throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');
}

/** Processes starting together: each its own connection. */
let connections: NatsConnection[];
let managers: JetStreamManager[];
beforeAll(async () => {
  connections = await Promise.all(Array.from({ length: 6 }, () => connect({ servers })));
  managers = await Promise.all(connections.map((nats) => jetstreamManager(nats)));
});
afterAll(async () => {
  await Promise.all(connections.map((nats) => nats.close()));
});

describe('ensureStream', () => {
  it('sets up one stream when several processes add it at once', async () => {
    const names: string[] = [];
    try {
      // nats-server 2.9 may refuse the second of two simultaneous adds as overlapping subjects.
      for (let round = 0; round < 100; round++) {
        const name = `T_ENSURE_${randomUUID().slice(0, 8).toUpperCase()}`;
        names.push(name);
        await Promise.all(managers.map((jsm) => ensureStream(jsm, name, { subjects: [`test.ensure.${name.toLowerCase()}.>`] })));
        expect((await managers[0]!.streams.info(name)).config.subjects).toEqual([`test.ensure.${name.toLowerCase()}.>`]);
      }
    } finally {
      for (const name of names) await managers[0]!.streams.delete(name).catch(() => undefined);
    }
  });

  it('still refuses a stream whose subjects another stream holds', async () => {
    const [holder, other] = [`T_ENSURE_${randomUUID().slice(0, 8).toUpperCase()}`, `T_ENSURE_${randomUUID().slice(0, 8).toUpperCase()}`];
    const subjects = [`test.ensure.${holder.toLowerCase()}.>`];
    try {
      await ensureStream(managers[0]!, holder, { subjects });
      await expect(ensureStream(managers[1]!, other, { subjects })).rejects.toThrow(StreamRefusedError);
    } finally {
      await managers[0]!.streams.delete(holder).catch(() => undefined);
    }
  });
});
