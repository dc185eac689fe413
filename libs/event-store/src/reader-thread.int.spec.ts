import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { appendCommits } from './contract/index.js';
import { type RecordedEvent } from './event-store.js';
import { JetStreamEventStore } from './jetstream.js';
import { BATCH_COMMITS, BATCHES_AHEAD, type CommitBatch, readOnThread } from './reader-thread.js';

const servers = process.env.NATS_URL ?? '';
if (!servers) throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server.');

/** More commits than the reader asks for ahead of its caller: reading them all needs the caller's answers. */
const COMMITS = BATCH_COMMITS * BATCHES_AHEAD + 500;

async function pagesOf(store: JetStreamEventStore, options: { after?: number; pageSize: number }): Promise<RecordedEvent[][]> {
  const pages: RecordedEvent[][] = [];
  for await (const page of store.readAllPages(options)) pages.push(page);
  return pages;
}

describe('whole-log reads on a thread of their own', () => {
  const stream = `TEST_${randomUUID().replaceAll('-', '')}`;
  const options = { servers, stream, subjectPrefix: `test.${stream}` };
  let onThread: JetStreamEventStore;
  let onCaller: JetStreamEventStore;

  beforeAll(async () => {
    onThread = await JetStreamEventStore.connect({ ...options, readOnThreadFrom: 1 });
    onCaller = await JetStreamEventStore.connect({ ...options, readOnThreadFrom: Infinity });
    await appendCommits(onCaller, COMMITS);
  }, 60_000);

  afterAll(async () => {
    await onThread.close();
    await onCaller.close();
    const nc = await connect({ servers });
    await (await jetstreamManager(nc)).streams.delete(stream);
    await nc.close();
  });

  it('hands the commits over in batches, in order, the last one marked, to a caller that pauses', async () => {
    const batches: CommitBatch[] = [];
    for await (const batch of readOnThread({ ...options, sequence: 1 })) {
      batches.push(batch);
      // A slow caller: the reader must wait for it rather than run ahead.
      if (batches.length === 1) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(batches.map((b) => b.count)).toEqual([1000, 1000, 1000, 1000, 500]);
    const seqs = batches.flatMap((b) => [...b.seqs.subarray(0, b.count)]);
    expect(seqs).toEqual(Array.from({ length: COMMITS }, (_, i) => i + 1));
    const [first] = batches;
    expect(JSON.parse(first!.bodies[0]!)).toEqual([expect.objectContaining({ type: 'Seeded', data: expect.objectContaining({ text: expect.stringContaining('ünïcode') }) })]);
    expect(first!.firstRevisions[0]).toBe(0);
  });

  it('gives the pages a read on the caller\'s thread gives, also from the middle of a commit', async () => {
    const all = await onCaller.readAll();
    expect(all.length).toBeGreaterThan(COMMITS);
    const pages = await pagesOf(onThread, { pageSize: 1000 });
    expect(pages.flat()).toStrictEqual(all);
    expect(pages.slice(0, -1).every((page) => page.length === 1000)).toBe(true);
    const middle = all.findIndex((event, i) => event.revision === 1 && all[i - 1]?.streamId === event.streamId);
    expect((await pagesOf(onThread, { after: all[middle]!.position, pageSize: 777 })).flat()).toStrictEqual(all.slice(middle + 1));
    expect(await pagesOf(onThread, { after: all.at(-1)!.position, pageSize: 10 })).toEqual([]);
  });

  it('leaves no consumer behind once a read is done', async () => {
    await pagesOf(onThread, { pageSize: 1000 });
    const nc = await connect({ servers });
    try {
      expect(await (await jetstreamManager(nc)).consumers.list(stream).next()).toEqual([]);
    } finally {
      await nc.close();
    }
  });

  it('fails as the stream\'s own errors say when there is nothing to read', async () => {
    const reading = readOnThread({ ...options, stream: `${stream}_MISSING`, sequence: 1 });
    await expect(reading.next()).rejects.toThrow(/stream not found/i);
  });
});
