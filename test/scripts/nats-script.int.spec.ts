/**
 * scripts/nats.sh, run as `npm start` and `npm test` run it, in a scratch copy of the checkout
 * (the script keeps its server's data under its own checkout's .run/nats): restarting keeps the
 * event store; only `reset` deletes it.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

jest.setTimeout(60_000);

const run = promisify(execFile);
const checkout = mkdtempSync(join(tmpdir(), 'ironledger-checkout-'));
mkdirSync(join(checkout, 'scripts'));
copyFileSync(fileURLToPath(new URL('../../scripts/nats.sh', import.meta.url)), join(checkout, 'scripts/nats.sh'));
const nats = async (command: string) => (await run('bash', [join(checkout, 'scripts/nats.sh'), command])).stdout.trim();

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
});
