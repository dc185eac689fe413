import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Roster } from './roster.js';

const servers = process.env.NATS_URL ?? '';
if (!servers) {
  throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');
}

let nats: NatsConnection;
beforeAll(async () => {
  nats = await connect({ servers });
});
afterAll(async () => {
  await nats.drain();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('Roster', () => {
  it('knows each member’s group and hardware types from its heartbeats, and when it was first and last heard', async () => {
    const subject = `test.roster.${randomUUID()}`;
    const listener = new Roster(nats, subject, 100).start();
    const member = new Roster(nats, subject, 100).start('c1', { group: 'rack1', drivers: ['fake-hardware', 'ipmi'] });
    const legacy = new Roster(nats, subject, 100).start('c0');
    try {
      await until(() => listener.members().length === 2);
      const [c0, c1] = listener.members();
      expect(c0).toMatchObject({ id: 'c0', group: '', drivers: [], alive: true });
      expect(c1).toMatchObject({ id: 'c1', group: 'rack1', drivers: ['fake-hardware', 'ipmi'], alive: true });
      expect(listener.alive()).toEqual(['c0', 'c1']);
      const first = c1!.firstSeen;
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(listener.members()[1]).toMatchObject({ firstSeen: first, lastSeen: expect.any(Number) });
      expect(listener.members()[1]!.lastSeen).toBeGreaterThan(first);
      member.stop();
      await until(() => listener.alive().length === 1);
      expect(listener.alive()).toEqual(['c0']);
      expect(listener.members().map((m) => [m.id, m.alive])).toEqual([['c0', true], ['c1', false]]);
    } finally {
      listener.stop();
      member.stop();
      legacy.stop();
    }
  });
});
