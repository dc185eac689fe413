/**
 * Reading a long log on a thread of its own. Taking NATS messages apart (nats.js's protocol
 * parsing and message objects) costs a rebuild about as much CPU as folding the events; on a
 * worker thread it runs beside the fold, on the other core. The thread hands over each commit
 * with its events still JSON text: parsing them there would save nothing, since objects cross
 * threads by a copy that costs about as much as the parse.
 */
import { Worker } from 'node:worker_threads';
import { StoreUnavailableError } from './errors.js';

/** Commits handed over at once; the numbers in typed arrays, which move between threads without a copy. */
export interface CommitBatch {
  readonly count: number;
  readonly seqs: Float64Array<ArrayBuffer>;
  readonly timesNanos: Float64Array<ArrayBuffer>;
  readonly firstRevisions: Float64Array<ArrayBuffer>;
  readonly streamIds: readonly string[];
  readonly bodies: readonly string[];
}

/** What the reader thread reads: the store's stream from one stream sequence on. */
export interface ReaderSettings {
  readonly servers: string | string[];
  readonly stream: string;
  readonly sequence: number;
}

/** What the reader thread sends: a batch (the last one maybe empty), or why it failed. The caller answers each batch it took with a message, for one more. */
export type FromReader = { readonly batch: CommitBatch; readonly last: boolean } | { readonly failed: { readonly message: string; readonly unavailable: boolean } };

/** Commits per batch, and per pull request of the reader's consumer. */
export const BATCH_COMMITS = 1000;
/** Batches asked for ahead of the caller at most: the reader waits rather than fill the memory. */
export const BATCHES_AHEAD = 4;

/**
 * Run from source (`.ts`, under jest or the repository's loader), the thread runs from source
 * too, through the loader the repository's scripts use, and with no other flags (a worker refuses
 * V8's, such as `npm start`'s); built, it runs the built file with the process's flags.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const READER = new URL(FROM_SOURCE ? './reader-thread.worker.ts' : './reader-thread.worker.js', import.meta.url);
const EXEC_ARGV = FROM_SOURCE ? ['--import', new URL('../../../scripts/register-ts.mjs', import.meta.url).href] : undefined;

/** The commits of the settings' stream, in batches read by a worker thread, up to the end of the log as it was when the thread got there. */
export async function* readOnThread(settings: ReaderSettings): AsyncGenerator<CommitBatch, void, undefined> {
  const worker = new Worker(READER, { workerData: settings, ...(EXEC_ARGV && { execArgv: EXEC_ARGV }) });
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const received: FromReader[] = [];
  let stopped: Error | undefined;
  let wake: (() => void) | undefined;
  worker.on('message', (message: FromReader) => {
    received.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    stopped ??= error;
    wake?.();
  });
  worker.on('exit', (code) => {
    stopped ??= new Error(`The log's reader thread exited (code ${code}) before the end of the log`);
    wake?.();
  });
  try {
    for (;;) {
      const next = received.shift();
      if (next === undefined) {
        if (stopped) throw stopped;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if ('failed' in next) throw next.failed.unavailable ? new StoreUnavailableError(next.failed.message) : new Error(next.failed.message);
      yield next.batch;
      if (next.last) {
        // The thread ends by itself once it has deleted its consumer.
        await exited;
        return;
      }
      worker.postMessage('more');
    }
  } finally {
    await worker.terminate();
  }
}
