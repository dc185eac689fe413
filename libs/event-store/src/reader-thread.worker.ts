/**
 * The reader thread of `readOnThread`. It reads the log through a pull consumer of its own and a
 * plain subscription: nats.js's consumers build a message object, parse its reply subject and
 * step an async iterator for every message, which took this thread about a quarter more CPU.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { AckPolicy, DeliverPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect, createInbox, type Msg, nanos, type NatsConnection } from '@nats-io/transport-node';
import { natsAccess } from '@ironledger/bus';
import { StoreUnavailableError } from './errors.js';
import { CommitHeader, coreHeaderBlock, headerValue } from './nats-message.js';
import { BATCH_COMMITS, BATCHES_AHEAD, type CommitBatch, type FromReader, type ReaderSettings } from './reader-thread.js';

/** How often the server says a waiting pull lives; three times without a word and the server is taken for gone. */
const HEARTBEAT_MS = 1000;
/** A pull the server has not filled by then ends (408), and another takes its place. */
const PULL_EXPIRES_MS = 30_000;

class Batch {
  count = 0;
  private readonly seqs = new Float64Array(BATCH_COMMITS);
  private readonly timesNanos = new Float64Array(BATCH_COMMITS);
  private readonly firstRevisions = new Float64Array(BATCH_COMMITS);
  private readonly streamIds: string[] = [];
  private readonly bodies: string[] = [];

  add(seq: number, timeNanos: number, streamId: string, firstRevision: number, body: string): void {
    this.seqs[this.count] = seq;
    this.timesNanos[this.count] = timeNanos;
    this.firstRevisions[this.count] = firstRevision;
    this.streamIds.push(streamId);
    this.bodies.push(body);
    this.count++;
  }

  build(): CommitBatch {
    const { count, seqs, timesNanos, firstRevisions, streamIds, bodies } = this;
    return { count, seqs, timesNanos, firstRevisions, streamIds, bodies };
  }
}

const unavailable = (why: string) => new StoreUnavailableError(why);

/** Sends the stream's commits from `sequence` on, in batches, to `port`: one pull per batch, one more for each batch taken. */
async function serve(port: MessagePort, { servers, stream, sequence }: ReaderSettings): Promise<void> {
  // A read fails once the connection goes, as a read on the caller's thread does.
  const nc = await connect({ ...natsAccess(servers), maxReconnectAttempts: 0, noAsyncTraces: true });
  try {
    const jsm = await jetstreamManager(nc, { checkAPI: false });
    const consumer = await jsm.consumers.add(stream, {
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: sequence,
      mem_storage: true,
      num_replicas: 1,
      inactive_threshold: nanos(PULL_EXPIRES_MS),
    });
    const deleteConsumer = () => jsm.consumers.delete(stream, consumer.name).catch(() => undefined);
    try {
      if (consumer.num_pending === 0) send(port, new Batch(), true);
      else await pullAll(nc, port, `$JS.API.CONSUMER.MSG.NEXT.${stream}.${consumer.name}`);
    } catch (error) {
      // Not waited for: the server may be gone, and drops the consumer itself once it idles.
      void deleteConsumer();
      throw error;
    }
    await deleteConsumer();
  } finally {
    await nc.close();
  }
}

function send(port: MessagePort, batch: Batch, last: boolean): void {
  const built = batch.build();
  port.postMessage({ batch: built, last } satisfies FromReader, [built.seqs.buffer, built.timesNanos.buffer, built.firstRevisions.buffer]);
}

function pullAll(nc: NatsConnection, port: MessagePort, nextSubject: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const inbox = createInbox();
    const request = JSON.stringify({ batch: BATCH_COMMITS, expires: nanos(PULL_EXPIRES_MS), idle_heartbeat: nanos(HEARTBEAT_MS) });
    let batch = new Batch();
    let done = false;
    /** Messages the open pulls may still bring: while there are none, the server has nothing to say. */
    let owed = 0;
    let heard = 0;
    let heardAtLastLook = 0;
    let silentLooks = 0;
    const pull = () => {
      if (done) return;
      owed += BATCH_COMMITS;
      nc.publish(nextSubject, request, { reply: inbox });
    };
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearInterval(looking);
      subscription.unsubscribe();
      if (error) reject(error);
      else resolve();
    };
    const looking = setInterval(() => {
      silentLooks = heard === heardAtLastLook && owed > 0 ? silentLooks + 1 : 0;
      heardAtLastLook = heard;
      if (silentLooks >= 3) finish(unavailable('The NATS server holding the log reader\'s consumer went silent'));
    }, HEARTBEAT_MS);
    const subscription = nc.subscribe(inbox, {
      callback: (error, message: Msg) => {
        heard++;
        if (error) return finish(error);
        const reply = message.reply;
        if (!reply) {
          const status = message.headers;
          if (status?.code === 100) return;
          if (status?.code === 408) {
            owed -= Number(status.get('Nats-Pending-Messages')) || 0;
            return pull();
          }
          return finish(unavailable(`JetStream ended the log reader's pull: ${status?.code ?? '?'} ${status?.description ?? ''}`.trim()));
        }
        owed--;
        // `$JS.ACK.<stream>.<consumer>.<delivered>.<stream seq>.<consumer seq>.<time>.<pending>`, or
        // with a domain and an account hash after `ACK` and a token at the end.
        const tokens = reply.split('.');
        const at = tokens.length === 9 ? 0 : 2;
        const block = coreHeaderBlock(message);
        const header = (name: string) => (block === undefined ? (message.headers?.get(name) ?? '') : headerValue(block, name));
        batch.add(Number(tokens[5 + at]), Number(tokens[7 + at]), header(CommitHeader.streamId), Number(header(CommitHeader.firstRevision)), message.string());
        const last = tokens[8 + at] === '0';
        if (last || batch.count === BATCH_COMMITS) {
          send(port, batch, last);
          batch = new Batch();
        }
        if (last) finish();
      },
    });
    // Each batch the caller takes makes room for one more.
    port.on('message', pull);
    nc.closed().then(() => finish(unavailable('The connection to NATS is down')), finish);
    for (let i = 0; i < BATCHES_AHEAD; i++) pull();
  });
}

const port = parentPort!;
try {
  await serve(port, workerData as ReaderSettings);
} catch (error) {
  port.postMessage({ failed: { message: (error as Error).message, unavailable: error instanceof StoreUnavailableError } } satisfies FromReader);
} finally {
  port.close();
}
