/**
 * scripts/nats.sh, run as `npm start` and `npm test` run it, in a scratch copy of the checkout
 * (the script keeps its server's data under its own checkout's .run/nats): restarting keeps the
 * event store, and the port, so that connected clients find the server again; only `reset`
 * deletes the store.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventually } from '../support/processes.js';

jest.setTimeout(60_000);

const run = promisify(execFile);
const checkout = mkdtempSync(join(tmpdir(), 'ironledger-checkout-'));
mkdirSync(join(checkout, 'scripts'));
copyFileSync(fileURLToPath(new URL('../../scripts/nats.sh', import.meta.url)), join(checkout, 'scripts/nats.sh'));
const script = (command: string) => run('bash', [join(checkout, 'scripts/nats.sh'), command]);
const nats = async (command: string) => (await script(command)).stdout.trim();

afterAll(async () => {
  await nats('stop');
  rmSync(checkout, { recursive: true, force: true });
});

/** The number of messages of stream KEPT (creating it with one message when asked), or null when it does not exist. */
async function kept(url: string, { create = false } = {}): Promise<number | null> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    if (create) {
      await jsm.streams.add({ name: 'KEPT', subjects: ['kept.>'] });
      await nc.request('kept.one', 'event');
    }
    return (await jsm.streams.info('KEPT')).state.messages;
  } catch (error) {
    if ((error as Error).message.includes('stream not found')) return null;
    throw error;
  } finally {
    await nc.close();
  }
}

describe('scripts/nats.sh', () => {
  it('keeps the event store across stop and start, and deletes it only on reset', async () => {
    const first = await nats('start');
    expect(await kept(first, { create: true })).toBe(1);
    await nats('stop');
    const second = await nats('start');
    expect(await kept(second)).toBe(1);
    await run('bash', [join(checkout, 'scripts/nats.sh'), 'reset']);
    expect((await run('bash', [join(checkout, 'scripts/nats.sh'), 'status']).then(() => 'running', () => 'stopped'))).toBe('stopped');
    expect(await kept(await nats('start'))).toBeNull();
  });

  it('starts again where it listened, so that a client that reconnects finds it and its data', async () => {
    const url = await nats('start');
    expect(await kept(url, { create: true })).not.toBeNull();
    const client = await connect({ servers: url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    try {
      const jsm = await jetstreamManager(client);
      const before = (await jsm.streams.info('KEPT')).state.messages;
      await nats('stop');
      expect(await nats('start')).toBe(url);
      // The same connection, reconnected by the client on its own: no new URL to learn.
      const after = await eventually(async () => (await jsm.streams.info('KEPT')).state.messages, 30_000, 'the stream through the reconnected client');
      expect(after).toBe(before);
    } finally {
      await client.close();
    }
  });

  it('says so and picks another port when its own is taken', async () => {
    const url = await nats('start');
    const port = Number(new URL(url).port);
    await nats('stop');
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    let moved: string;
    try {
      const { stdout, stderr } = await script('start');
      moved = stdout.trim();
      expect(moved).not.toBe(url);
      expect(stderr).toContain(`port ${port}, where this checkout's nats-server listened before, is taken by another process: it listens on ${new URL(moved).port} now`);
      expect(await kept(moved)).not.toBeNull();
      await nats('stop');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    // The new port is the one remembered from then on.
    expect(await nats('start')).toBe(moved);
  });
});
