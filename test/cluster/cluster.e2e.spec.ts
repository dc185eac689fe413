/**
 * The system on a 3-server NATS cluster with JETSTREAM_REPLICAS=3, two gateways and two
 * conductors, under a steady load of node transitions: one server is killed (SIGKILL) and started
 * again, then the server leading the event stream. No write that was answered 201 or 202 is lost,
 * no node stream has a revision gap, rebuilding equals the live read model, the services reconnect
 * by themselves, and writes resume within seconds of each kill. Requests during a leader election
 * may be refused with 503; they are counted.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsServers } from '@ironledger/bus';
import { type RecordedEvent } from '@ironledger/event-store';
import { NatsCluster, type ServerName } from '../support/nats-cluster.js';
import { eventually } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';

jest.setTimeout(120_000);

const REPLICAS = 3;
/** Gateway clients creating nodes and moving them manage → provide, at once. */
const WORKERS = 4;
/** The verbs each worker sends a node through: the verb, the state it is sent in, the state it ends in. */
const TRANSITIONS = [
  ['manage', 'enroll', 'manageable'],
  ['provide', 'manageable', 'available'],
] as const;
const PROBE_INTERVAL_MS = 250;
/**
 * How soon after a kill writes must succeed again. A stuck client (a consumer never made again)
 * is what this catches; how fast recovery is, is the figure the test prints (6–10 s here).
 */
const RESUME_BOUND_MS = 30_000;

let cluster: NatsCluster;
let system: RunningSystem;

beforeAll(async () => {
  cluster = await NatsCluster.start();
  system = await startSystem({ natsUrl: cluster.url, conductors: 2, gateways: 2, env: { JETSTREAM_REPLICAS: String(REPLICAS) } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await cluster?.destroy();
});

/** One write request and what it was answered. */
interface Write {
  readonly what: string;
  readonly status: number;
  readonly requestId: string | null;
  readonly start: number;
  readonly end: number;
}

const succeeded = (write: Write) => write.status === 201 || write.status === 202;

/**
 * Workers creating fake-hardware nodes and moving each through manage and provide, and a probe
 * creating a node every PROBE_INTERVAL_MS whether earlier ones were answered or not (a worker
 * waits for its answer, which a lost server may delay up to the gateway's command timeout).
 * Every write is recorded.
 */
class Load {
  readonly writes: Write[] = [];
  private stopping = false;
  private readonly running: Promise<void>[];

  constructor(baseUrls: readonly string[]) {
    this.running = [...Array.from({ length: WORKERS }, (_, i) => this.work(baseUrls[i % baseUrls.length])), this.probe(baseUrls)];
  }

  /** Milliseconds from `since` until the first write sent after it succeeded, once one has. */
  resumedAfter(since: number): number | undefined {
    const ends = this.writes.filter((w) => w.start >= since && succeeded(w)).map((w) => w.end);
    return ends.length > 0 ? Math.min(...ends) - since : undefined;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async work(baseUrl: string): Promise<void> {
    while (!this.stopping) {
      const created = await this.write(baseUrl, 'POST', '/v1/nodes', { driver: 'fake-hardware' });
      if (!succeeded(created.write)) {
        await sleep(200);
        continue;
      }
      const uuid = created.body.uuid as string;
      for (const [target, from, reached] of TRANSITIONS) {
        // A refused request may have been carried out all the same: the node's state says whether to send it again.
        for (let state; !this.stopping && (state = (await this.read(baseUrl, `/v1/nodes/${uuid}`)).provision_state) !== reached; await sleep(100)) {
          if (state === from) await this.write(baseUrl, 'PUT', `/v1/nodes/${uuid}/states/provision`, { target });
        }
      }
    }
  }

  private async probe(baseUrls: readonly string[]): Promise<void> {
    const sent: Promise<unknown>[] = [];
    for (let i = 0; !this.stopping; i++) {
      sent.push(this.write(baseUrls[i % baseUrls.length], 'POST', '/v1/nodes', { driver: 'fake-hardware' }));
      await sleep(PROBE_INTERVAL_MS);
    }
    await Promise.all(sent);
  }

  private async write(baseUrl: string, method: string, path: string, body: unknown): Promise<{ write: Write; body: Record<string, unknown> }> {
    const start = Date.now();
    let status = 0;
    let requestId: string | null = null;
    let text = '';
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': 'latest' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      ({ status } = response);
      requestId = response.headers.get('openstack-request-id');
      text = await response.text();
    } catch {
      // No answer at all: counted as status 0.
    }
    const write = { what: `${method} ${path}`, status, requestId, start, end: Date.now() };
    this.writes.push(write);
    return { write, body: text && status < 300 ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  private async read(baseUrl: string, path: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${baseUrl}${path}`, { headers: { 'X-OpenStack-Ironic-API-Version': 'latest' }, signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
    return response?.ok ? ((await response.json()) as Record<string, unknown>) : {};
  }
}

async function readyz(baseUrl: string): Promise<{ status: number; position: number; conductors: string[] }> {
  const response = await fetch(`${baseUrl}/readyz`);
  const body = (await response.json()) as { position: number; conductors: string[] };
  return { status: response.status, ...body };
}

/** `eventually`, failing with the processes' recent output. */
const settled = <T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string) =>
  eventually(probe, timeoutMs, what).catch((error: Error) => {
    throw new Error(`${error.message}\n${system.logs()}`);
  });

describe(`the system on a 3-server NATS cluster, streams with ${REPLICAS} replicas`, () => {
  it('loses no acknowledged write and resumes writing within seconds when a server, then the event stream leader, is killed', async () => {
    const nc = await connect({ servers: natsServers(cluster.url) });
    const jsm = await jetstreamManager(nc);
    for (const stream of [system.storeStream, system.relayStream]) expect([stream, (await jsm.streams.info(stream)).config.num_replicas]).toEqual([stream, REPLICAS]);
    await nc.close();

    const load = new Load(system.baseUrls);
    const kills: { server: ServerName; role: string; at: number; resumeMs: number }[] = [];
    /** Kills `server`, waits until writes succeed again, then starts it again and waits until it has caught up. */
    const killAndRestart = async (server: ServerName, role: string) => {
      const at = Date.now();
      await cluster.kill(server);
      const resumeMs = await settled(() => load.resumedAfter(at), 60_000, `writes to succeed again after ${server} (${role}) was killed`);
      kills.push({ server, role, at, resumeMs });
      await sleep(1000);
      await cluster.restart(server);
    };

    try {
      await settled(() => (load.writes.filter(succeeded).length >= 20 ? true : undefined), 30_000, 'the load to get going');
      const leader = await cluster.leaderOf(system.storeStream);
      await killAndRestart(cluster.names.find((name) => name !== leader)!, 'not the event stream leader');
      await sleep(2000);
      await killAndRestart(await cluster.leaderOf(system.storeStream), 'the event stream leader');
      await sleep(2000);
    } finally {
      await load.stop();
    }

    // The services found their way back on their own: none restarted, every gateway ready, with every conductor.
    expect(system.processes().filter((p) => p.exited()).map((p) => p.name)).toEqual([]);
    const store = await system.store();
    const last = await store.lastPosition();
    for (const baseUrl of system.baseUrls) {
      await settled(async () => {
        const ready = await readyz(baseUrl);
        return ready.status === 200 && ready.position >= last && system.conductorIds.every((id) => ready.conductors.includes(id)) ? true : undefined;
      }, 30_000, `${baseUrl} to be ready at position ${last} with every conductor`);
    }

    const events = await store.readAll({ after: 0, limit: 1_000_000 });
    const recordedRequests = new Set(events.map((e) => e.metadata.requestId));
    const acknowledged = load.writes.filter(succeeded);
    expect(acknowledged.filter((w) => !recordedRequests.has(w.requestId)).map((w) => `${w.what} ${w.requestId}`)).toEqual([]);
    expect(gaps(events)).toEqual([]);
    for (const baseUrl of system.baseUrls) {
      const rebuilt = (await (await fetch(`${baseUrl}/v1/admin/rebuild`, { method: 'POST' })).json()) as { equal: boolean; differences: unknown[] };
      expect([baseUrl, rebuilt.equal, rebuilt.differences]).toEqual([baseUrl, true, []]);
    }

    const statuses = new Map<number, number>();
    for (const { status } of load.writes) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // When the store itself took writes again: its first commit after the kill.
    const storeResumeMs = (at: number) => Math.min(...events.map((e) => Date.parse(e.recordedAt)).filter((t) => t > at)) - at;
    process.stdout.write(
      `cluster: ${load.writes.length} writes, by status ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        kills.map((k) => `killed ${k.server} (${k.role}): the store took writes again after ${storeResumeMs(k.at)} ms, clients got 2xx again after ${k.resumeMs} ms`).join('; ') +
        '\n',
    );
    expect(acknowledged.length).toBeGreaterThan(50);
    for (const { resumeMs } of kills) expect(resumeMs).toBeLessThan(RESUME_BOUND_MS);
  });

  it('shows a write made through one gateway through the other once that one reaches its position', async () => {
    const [a, b] = system.baseUrls;
    const call = async (baseUrl: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': 'latest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // Each gateway writes its own address into links.
      return { status: response.status, body: JSON.parse((await response.text()).replaceAll(baseUrl, '<gateway>')) as Record<string, unknown> };
    };
    const created = await call(a, 'POST', '/v1/nodes', { driver: 'fake-hardware' });
    expect(created.status).toBe(201);
    const path = `/v1/nodes/${created.body.uuid as string}`;
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ]) {
      const description = `written through ${writer === a ? 'A' : 'B'}`;
      const patched = await call(writer, 'PATCH', path, [{ op: 'replace', path: '/description', value: description }]);
      // Read your writes: the writer answers once its own read model holds the write.
      expect([patched.status, (await call(writer, 'GET', path)).body.description]).toEqual([200, description]);
      const position = ((await call(writer, 'GET', `${path}/events`)).body.events as { position: number }[]).at(-1)!.position;
      await settled(async () => ((await readyz(reader)).position >= position ? true : undefined), 10_000, `${reader} to reach position ${position}`);
      expect((await call(reader, 'GET', path)).body).toEqual((await call(writer, 'GET', path)).body);
    }
  });
});

/** Revisions missing or repeated in any stream of the log (each must run 0, 1, 2, …). */
function gaps(events: readonly RecordedEvent[]): string[] {
  const next = new Map<string, number>();
  const found: string[] = [];
  for (const { streamId, revision } of events) {
    const expected = next.get(streamId) ?? 0;
    if (revision !== expected) found.push(`${streamId}: revision ${revision} where ${expected} was due`);
    next.set(streamId, revision + 1);
  }
  return found;
}
