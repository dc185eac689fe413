import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { InboxRequests } from './inbox-requests.js';

const servers = process.env.NATS_URL ?? '';
if (!servers) {
  throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');
}

let service: NatsConnection;
let client: NatsConnection;
const subject = `test.requests.${randomUUID()}`;

beforeAll(async () => {
  service = await connect({ servers });
  client = await connect({ servers });
  // Answers "<body> done" after as many milliseconds as the body says; "silence" is never answered.
  service.subscribe(`${subject}.echo`, {
    callback: (_error, message) => {
      const body = message.string();
      if (body !== 'silence') setTimeout(() => message.respond(`${body} done`), Number(body));
    },
  });
  await service.flush();
});

afterAll(async () => {
  await client.drain();
  await service.drain();
});

describe('InboxRequests', () => {
  it('gives every request its own reply, however the replies are ordered', async () => {
    const requests = new InboxRequests(client);
    const delays = Array.from({ length: 50 }, (_, i) => (i * 7) % 30);
    const replies = await Promise.all(delays.map((delay) => requests.request(`${subject}.echo`, String(delay), { timeoutMs: 2000 })));
    expect(replies.map((reply) => reply.string())).toEqual(delays.map((delay) => `${delay} done`));
    requests.close();
  });

  it('fails at once when nobody listens, and after the timeout when nobody answers', async () => {
    const requests = new InboxRequests(client);
    await expect(requests.request(`${subject}.nobody`, 'x', { timeoutMs: 2000 })).rejects.toThrow(/^Nobody listens/);
    const started = Date.now();
    await expect(requests.request(`${subject}.echo`, 'silence', { timeoutMs: 200 })).rejects.toThrow(`No reply to a request on ${subject}.echo within 200 ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    requests.close();
  });

  it('fails the requests still waiting when closed', async () => {
    const requests = new InboxRequests(client);
    const waiting = requests.request(`${subject}.echo`, 'silence', { timeoutMs: 5000 });
    requests.close();
    await expect(waiting).rejects.toThrow('The requests were closed');
  });
});
