/**
 * `npx ironledger …` on a fresh checkout: npm links a workspace's bin when it installs, before
 * anything is built, and links nothing when the file is missing ("could not determine executable
 * to run"). The bin must therefore be a committed file, and it must run the CLI.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { JetStreamEventStore } from '@ironledger/event-store';
import { isolatedStreams, testNatsUrl as natsUrl } from '@ironledger/lifecycle-events/testing';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(`${root}/apps/cli/package.json`, 'utf8')) as { bin: Record<string, string> };
const lock = JSON.parse(readFileSync(`${root}/package-lock.json`, 'utf8')) as { packages: Record<string, { bin?: Record<string, string> }> };

describe('the ironledger bin', () => {
  const names = isolatedStreams('bin');

  afterAll(async () => {
    const nc = await connect({ servers: natsUrl() });
    await (await jetstreamManager(nc)).streams.delete(names.storeStream).catch(() => undefined);
    await nc.close();
  });

  it('is a file of the repository, not a build output, and the lock file says the same', async () => {
    const bin = manifest.bin.ironledger!;
    expect(bin.startsWith('dist/')).toBe(false);
    expect(existsSync(`${root}/apps/cli/${bin}`)).toBe(true);
    expect((await run('git', ['ls-files', '--error-unmatch', `apps/cli/${bin}`], { cwd: root })).stdout.trim()).toBe(`apps/cli/${bin}`);
    expect(lock.packages['apps/cli']?.bin).toEqual(manifest.bin);
  });

  it('runs the CLI against the store the environment names', async () => {
    const store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: names.storeStream, subjectPrefix: names.storePrefix });
    await store.append('node-0d7e2c8a-1c1f-4b9e-8f0a-6f5a4b3c2d01', [{ type: 'NodeDeleted', data: {} }], { expectedRevision: 'no_stream' });
    await store.close();
    const { stdout } = await run(process.execPath, [`${root}/apps/cli/${manifest.bin.ironledger}`, 'replay', '--json'], {
      cwd: root,
      env: { ...process.env, NATS_URL: natsUrl(), JETSTREAM_STREAM: names.storeStream, JETSTREAM_SUBJECT_PREFIX: names.storePrefix },
    });
    expect(JSON.parse(stdout)).toMatchObject({ nodes: 0 });
  });
});
