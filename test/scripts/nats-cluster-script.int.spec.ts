/**
 * scripts/nats-cluster.sh in a scratch copy of the checkout (the script keeps its servers' data
 * under its own checkout's .run/nats-cluster): three servers that hold a stream's three copies,
 * the same client URLs for a second start and after a restart, data kept across stop and start,
 * deleted on reset.
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
import { eventually } from '../support/processes.js';

jest.setTimeout(150_000);

const run = promisify(execFile);
const checkout = mkdtempSync(join(tmpdir(), 'ironledger-checkout-'));
mkdirSync(join(checkout, 'scripts'));
for (const script of ['nats.sh', 'nats-cluster.sh']) copyFileSync(fileURLToPath(new URL(`../../scripts/${script}`, import.meta.url)), join(checkout, 'scripts', script));
const cluster = async (command: string) => (await run('bash', [join(checkout, 'scripts/nats-cluster.sh'), command])).stdout.trim();
const running = () => cluster('status').then(
  () => true,
  () => false,
);

afterAll(async () => {
  await cluster('stop');
  rmSync(checkout, { recursive: true, force: true });
});

/** How many messages stream KEPT holds and on how many servers (creating it with three copies and one message when asked), or null when it does not exist. */
async function kept(urls: string, { create = false } = {}): Promise<{ messages: number; copies: number } | null> {
  const nc = await connect({ servers: urls.split(',') });
  try {
    // A busy machine (CI) can take longer than the client's default 5 s to answer a cluster's first JetStream requests.
    const jsm = await jetstreamManager(nc, { timeout: 10_000 });
    if (create) {
      await jsm.streams.add({ name: 'KEPT', subjects: ['kept.>'], num_replicas: 3 });
      await nc.request('kept.one', 'event');
    }
    const { state, cluster: placement } = await jsm.streams.info('KEPT');
    return { messages: state.messages, copies: (placement?.leader ? 1 : 0) + (placement?.replicas?.length ?? 0) };
  } catch (error) {
    if ((error as Error).message.includes('stream not found')) return null;
    throw error;
  } finally {
    await nc.close();
  }
}

describe('scripts/nats-cluster.sh', () => {
  it('starts three servers that keep a stream in three copies, across stop and start, until reset', async () => {
    const urls = await cluster('start');
    expect(urls).toMatch(/^nats:\/\/127\.0\.0\.1:\d+,nats:\/\/127\.0\.0\.1:\d+,nats:\/\/127\.0\.0\.1:\d+$/);
    expect(await running()).toBe(true);
    expect(await kept(urls, { create: true })).toEqual({ messages: 1, copies: 3 });
    expect(await cluster('start')).toBe(urls);

    await cluster('stop');
    expect(await running()).toBe(false);
    const again = await cluster('start');
    // On the same ports: clients of the stopped cluster reconnect to the restarted one.
    expect(again).toBe(urls);
    // A restarted cluster elects the stream's leader again before it answers for the stream: seconds, or tens of them on a loaded machine.
    expect(await eventually(async () => (await kept(again)) ?? undefined, 90_000, 'stream KEPT after the restart')).toEqual({ messages: 1, copies: 3 });

    await cluster('reset');
    expect(await running()).toBe(false);
    expect(await kept(await cluster('start'))).toBeNull();
  });
});
