/**
 * Probes the running system the way its hardening issue was found, and checks what must hold:
 *   1. hostile input (HOSTILE requests, default 10,000) across every route: encoded URLs without
 *      credentials, fuzzed bodies, queries and patches, deep and malformed JSON, bad URLs;
 *   2. CONFLICTING (default 100) concurrent conflicting commands on a handful of nodes;
 *   3. SIGKILL of a conductor while nodes are in flight;
 *   4. a NATS outage of OUTAGE_S (default 10) seconds under load;
 *   5. the cases measured alone: a bcrypt flood, slow-header sockets, 1,000 event streams.
 * Then: zero 5xx but 503 while NATS is down, every acknowledged transition in the store, no node
 * left locked, and no BMC password in any response, server-sent event, relayed message or log.
 *
 * A private nats-server (killed and started again for the outage), two conductors and a gateway
 * with http_basic authentication, from source. Prints the figures as Markdown and writes them
 * with the raw data to $OUT (default .run/probes/<UTC stamp>).
 *
 *   node --import ./scripts/register-ts.mjs bench/probes/probe.ts     (or: bash bench/probes/run.sh)
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect as connectTcp, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { PrivateNats } from '../../test/support/nats-server.js';
import { encodedVariants, gatewayRoutes } from '../../test/support/routes.js';
import { type RunningSystem, startSystem } from '../../test/support/system.js';

const HOSTILE = Number(process.env.HOSTILE ?? 10_000);
const CONFLICTING = Number(process.env.CONFLICTING ?? 100);
const OUTAGE_S = Number(process.env.OUTAGE_S ?? 10);
const CONCURRENCY = Number(process.env.C ?? 16);
const OUT = process.env.OUT ?? `.run/probes/${new Date().toISOString().replace(/[:.]/g, '-')}`;

/** The BMC passwords of the probe's nodes: none may ever be served. */
const SECRETS = ['Pr0be-IPMI-s3cret', 'Pr0be-Redfish-s3cret'];
const USER = 'prober';
const PASSWORD = 'Pr0ber-pw';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const LATEST = { 'x-openstack-ironic-api-version': 'latest' };

// ---------------------------------------------------------------------------------------------
// HTTP

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

interface Answer {
  readonly status: number;
  readonly requestId?: string;
  readonly body: string;
  readonly ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let base = '';
/** Every response body, for the secret scan. */
const bodies: string[] = [];

/** One request with the path sent as written; event streams are cut off after their headers. */
function send({ method, path, headers = {}, body }: Sent, timeoutMs = 30_000, via: Agent = agent): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest(
      { hostname, port, method, path, agent: via, timeout: timeoutMs, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) } },
      (response) => {
        const requestId = response.headers['openstack-request-id'] as string | undefined;
        const finish = (text: string) => {
          bodies.push(text);
          resolve({ status: response.statusCode ?? 0, requestId, body: text, ms: performance.now() - started });
        };
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          response.destroy();
          return finish('');
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
        response.on('error', () => finish(Buffer.concat(chunks).toString('utf8')));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, body: error.message, ms: performance.now() - started }));
    request.end(body);
  });
}

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  send({ method, path, headers: { authorization: AUTH, ...LATEST, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });

/** Runs `count` requests made by `make`, `concurrency` at a time. */
async function flood(count: number, make: (i: number) => Sent, concurrency = CONCURRENCY): Promise<(Answer & { sent: Sent })[]> {
  const answers: (Answer & { sent: Sent })[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const sent = make(next++);
        answers.push({ ...(await send(sent)), sent });
      }
    }),
  );
  return answers;
}

const histogram = (answers: readonly { status: number }[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};
const serverErrors = (answers: readonly (Answer & { sent?: Sent })[], allow: (a: Answer) => boolean = () => false) =>
  answers.filter((a) => (a.status >= 500 || a.status === 0) && !allow(a)).map((a) => `${a.sent?.method ?? ''} ${a.sent?.path ?? ''} → ${a.status} ${a.body.slice(0, 200)}`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Hostile input

/** A small deterministic generator, so that a run can be repeated request for request. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const WEIRD_STRINGS = ['', ' ', 'x'.repeat(300), 'é😀\u0000\u202e', '../../etc/passwd', '%00', '<script>', 'null', '__proto__', 'constructor', '${jndi:ldap://x}', "' OR 1=1 --", '\\', '"', 'a.b', 'a~1b'];

function fuzzValue(rnd: ReturnType<typeof random>, depth = 0): unknown {
  switch (rnd.int(depth > 3 ? 5 : 8)) {
    case 0:
      return rnd.pick(WEIRD_STRINGS);
    case 1:
      return rnd.pick([0, -1, 1e308, -0, 2 ** 53 + 1, 3.5]);
    case 2:
      return rnd.pick([true, false, null]);
    case 3:
      return `s${rnd.int(1e6)}`;
    case 4:
      return rnd.pick([[], {}]);
    case 5:
      return Array.from({ length: rnd.int(4) }, () => fuzzValue(rnd, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = rnd.int(4); i > 0; i--) object[rnd.pick([...WEIRD_STRINGS, 'driver', 'name', 'password', 'target', 'op', 'path', 'value'])] = fuzzValue(rnd, depth + 1);
      return object;
    }
  }
}

function hostileRequests(nodes: readonly string[]) {
  const routes = gatewayRoutes();
  const fill = (path: string, rnd: ReturnType<typeof random>) => path.replace(/:[^/]+/g, () => (rnd.next() < 0.7 ? rnd.pick(nodes) : encodeURIComponent(String(rnd.pick(WEIRD_STRINGS)) || 'x')));
  const authed = (extra: Record<string, string> = {}) => ({ authorization: AUTH, ...LATEST, ...extra });
  return (i: number): Sent => {
    const rnd = random(i * 7919 + 17);
    const route = rnd.pick(routes);
    const node = rnd.pick(nodes);
    switch (i % 12) {
      case 0: {
        // Every spelling of a route, without credentials (or with a wrong password): 401.
        const variants = encodedVariants(route.path.replace(/:[^/]+/g, node));
        return { method: route.method, path: rnd.pick(variants), headers: rnd.next() < 0.2 ? { authorization: `Basic ${Buffer.from(`${USER}:wrong-${i % 5}`).toString('base64')}` } : {}, body: route.method === 'GET' ? undefined : '{}' };
      }
      case 1:
        return { method: route.method, path: fill(route.path, rnd), headers: authed(), body: route.method === 'GET' ? undefined : JSON.stringify(fuzzValue(rnd)) };
      case 2: {
        const op = rnd.pick(['add', 'replace', 'remove', 'test', 'move', 'copy', 'ADD', '', 'frob']);
        const path = rnd.pick(['/extra/x', '/driver_info/ipmi_password', '/driver_info', '/extra/a.b', '/', '', '/uuid', '/properties/cpus', '/extra/__proto__', '/instance_info/configdrive']);
        const operation: Record<string, unknown> = { op, path };
        if (rnd.next() < 0.7) operation.value = rnd.next() < 0.1 ? JSON.parse(nested(40)) : fuzzValue(rnd);
        if (rnd.next() < 0.3) operation.from = '/driver_info/ipmi_password';
        return { method: 'PATCH', path: `/v1/nodes/${node}`, headers: authed(), body: JSON.stringify(rnd.next() < 0.1 ? operation : [operation]) };
      }
      case 3:
        return { method: 'POST', path: '/v1/nodes', headers: authed(), body: JSON.stringify({ driver: rnd.pick(['fake-hardware', 'redfish', 'ipmi', fuzzValue(rnd)]), name: rnd.pick([`hostile-${i}`, ...WEIRD_STRINGS]), driver_info: fuzzValue(rnd), properties: fuzzValue(rnd), extra: fuzzValue(rnd) }) };
      case 4:
        return { method: 'PUT', path: `/v1/nodes/${node}/states/provision`, headers: authed(), body: JSON.stringify({ target: rnd.pick(['manage', 'provide', 'active', 'deleted', 'clean', 'inspect', 'rescue', 'abort', fuzzValue(rnd)]), ...(rnd.next() < 0.3 && { clean_steps: fuzzValue(rnd) }), ...(rnd.next() < 0.2 && { rescue_password: 'x' }) }) };
      case 5:
        return { method: 'PUT', path: `/v1/nodes/${node}/states/power`, headers: authed(), body: JSON.stringify({ target: rnd.pick(['power on', 'power off', 'rebooting', fuzzValue(rnd)]), ...(rnd.next() < 0.3 && { timeout: fuzzValue(rnd) }) }) };
      case 6: {
        const query = rnd.pick(['limit=-1', 'limit=abc', 'marker=nope', 'fields=bogus', 'fields=driver_info,extra', 'sort_key=password', 'sort_dir=up', 'at=garbage', 'at=0', `at=${new Date().toISOString()}`, 'detail=maybe', 'provision_state=%00', 'limit=100000', 'after=-5', 'from=x']);
        return { method: 'GET', path: `${fill(rnd.pick(routes.filter((r) => r.method === 'GET')).path, rnd)}?${query}`, headers: authed() };
      }
      case 7:
        return { method: rnd.pick(['POST', 'PATCH', 'PUT']), path: fill(route.path, rnd), headers: authed({ 'content-type': rnd.pick(['application/json', 'text/xml', 'application/x-www-form-urlencoded']) }), body: rnd.pick(['{bad', '[', '', 'null', '"x"', '\u0000', nested(5000), `{"a":${nested(1000)}}`]) };
      case 8:
        return { method: 'GET', path: rnd.pick(['/v1/nodes/%zz', `/v1/nodes/${'a'.repeat(3000)}`, '/v1//nodes', '/v1/nodes/..%2f..%2fadmin', '/%ff', '/v1/nodes/%00', '/v1/nodes?%zz=1']), headers: authed() };
      case 9:
        return rnd.next() < 0.5
          ? { method: 'POST', path: '/v1/continue', headers: LATEST, body: JSON.stringify({ inventory: fuzzValue(rnd), root_disk: fuzzValue(rnd) }) }
          : { method: 'POST', path: `/v1/heartbeat/${node}`, headers: LATEST, body: JSON.stringify({ callback_url: fuzzValue(rnd), agent_version: fuzzValue(rnd) }) };
      case 10:
        return { method: 'GET', path: `/v1/events?${rnd.pick(['type=Bogus', 'provision_state=nope', 'node=nobody', 'from=abc', 'from=0', `node=${node}`])}`, headers: authed() };
      default: {
        // A big body: 413.
        return { method: 'POST', path: '/v1/nodes', headers: authed(), body: JSON.stringify({ driver: 'fake-hardware', extra: { x: 'y'.repeat(120_000) } }) };
      }
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Checks against the store

async function allEvents(system: RunningSystem) {
  const store = await system.store();
  const events = [];
  for (let after = 0; ; ) {
    const page = await store.readAll({ after, limit: 10_000 });
    if (page.length === 0) break;
    events.push(...page);
    after = page.at(-1)!.position;
  }
  return events;
}

/** Acknowledged transitions (202 on a provision or power request) whose request id no event in the store carries. */
async function lostTransitions(system: RunningSystem, answers: readonly (Answer & { sent: Sent })[]): Promise<string[]> {
  const acknowledged = answers.filter((a) => a.status === 202 && /\/states\/(provision|power)$/.test(a.sent.path.split('?')[0]!) && a.requestId);
  const recorded = new Set((await allEvents(system)).map((e) => (e.metadata as { requestId?: string }).requestId));
  return acknowledged.filter((a) => !recorded.has(a.requestId)).map((a) => `${a.sent.method} ${a.sent.path} ${a.requestId}`);
}

/** Every node (uuid, reservation, provision state), page by page. */
async function everyNode(): Promise<{ uuid: string; reservation: string | null; provision_state: string }[]> {
  const nodes = [];
  for (let path: string | undefined = '/v1/nodes?fields=uuid,reservation,provision_state&limit=1000'; path; ) {
    const page = await api('GET', path);
    if (page.status !== 200) throw new Error(`GET ${path}: ${page.status} ${page.body}`);
    const { nodes: found, next } = JSON.parse(page.body) as { nodes: { uuid: string; reservation: string | null; provision_state: string }[]; next?: string };
    nodes.push(...found);
    path = next ? new URL(next).pathname + new URL(next).search : undefined;
  }
  return nodes;
}

/** Waits until no node is held by a conductor; returns the ones still held after `timeoutMs`. */
async function lockedNodes(timeoutMs = 90_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = (await everyNode()).filter((n) => n.reservation !== null).map((n) => `${n.uuid} ${n.provision_state} ${n.reservation}`);
    if (held.length === 0 || Date.now() > deadline) return held;
    await sleep(500);
  }
}

async function createNodes(count: number, prefix: string, driverInfo: Record<string, unknown> = {}): Promise<string[]> {
  const uuids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api('POST', '/v1/nodes', { driver: 'fake-hardware', name: `${prefix}-${i}`, driver_info: { ipmi_password: SECRETS[0], redfish_password: SECRETS[1], ...driverInfo } });
    if (created.status !== 201) throw new Error(`could not create a node: ${created.status} ${created.body}`);
    uuids.push((JSON.parse(created.body) as { uuid: string }).uuid);
  }
  return uuids;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const nats = await PrivateNats.start();
  const dir = mkdtempSync(join(tmpdir(), 'ironledger-probe-'));
  writeFileSync(join(dir, 'htpasswd'), `${USER}:${bcrypt.hashSync(PASSWORD, 5)}\n`);
  const system = await startSystem({
    natsUrl: nats.url,
    conductors: 2,
    logChars: 50_000_000,
    env: { AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: join(dir, 'htpasswd'), HEARTBEAT_INTERVAL_MS: '500', COMMAND_TIMEOUT_MS: '5000', LOG_FORMAT: 'json' },
  });
  base = system.baseUrl;
  const report: Record<string, unknown> = { hostile: HOSTILE, conflicting: CONFLICTING, outage_s: OUTAGE_S, concurrency: CONCURRENCY };
  const problems: string[] = [];
  const allAnswers: (Answer & { sent: Sent })[] = [];
  try {
    // Everything that happens, as a subscriber of the event stream sees it (scanned for secrets at the end).
    const sse = await fetch(`${base}/v1/events?from=0`, { headers: { authorization: AUTH } });
    let sseText = '';
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of sse.body!) sseText += decoder.decode(chunk as Uint8Array, { stream: true });
    })().catch(() => undefined);

    // 1. Hostile input.
    const seeded = await createNodes(20, 'probe');
    for (const uuid of seeded.slice(0, 10)) await api('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' });
    let started = Date.now();
    const hostile = await flood(HOSTILE, hostileRequests(seeded));
    allAnswers.push(...hostile);
    const hostileErrors = serverErrors(hostile);
    report.hostile_input = { requests: hostile.length, seconds: (Date.now() - started) / 1000, statuses: histogram(hostile), server_errors: hostileErrors.length, server_error_samples: hostileErrors.slice(0, 10) };
    if (hostileErrors.length > 0) problems.push(`hostile input: ${hostileErrors.length} 5xx`);

    // 2. Conflicting commands on five nodes at once.
    const contested = await createNodes(5, 'contested', { fake_delay_ms: 300 });
    const verbs = [
      (uuid: string) => ({ method: 'PUT', path: `/v1/nodes/${uuid}/states/provision`, body: { target: 'manage' } }),
      (uuid: string) => ({ method: 'PUT', path: `/v1/nodes/${uuid}/states/provision`, body: { target: 'provide' } }),
      (uuid: string) => ({ method: 'PUT', path: `/v1/nodes/${uuid}/states/provision`, body: { target: 'active' } }),
      (uuid: string) => ({ method: 'PUT', path: `/v1/nodes/${uuid}/states/power`, body: { target: 'power on' } }),
      (uuid: string) => ({ method: 'PUT', path: `/v1/nodes/${uuid}/states/power`, body: { target: 'power off' } }),
      (uuid: string) => ({ method: 'PATCH', path: `/v1/nodes/${uuid}`, body: [{ op: 'add', path: '/extra/writer', value: uuid }] }),
      (uuid: string) => ({ method: 'PUT', path: `/v1/nodes/${uuid}/maintenance`, body: { reason: 'probe' } }),
      (uuid: string) => ({ method: 'DELETE', path: `/v1/nodes/${uuid}/maintenance`, body: undefined }),
    ];
    started = Date.now();
    const conflicting = await flood(
      CONFLICTING,
      (i) => {
        const { method, path, body } = verbs[i % verbs.length]!(contested[i % contested.length]!);
        return { method, path, headers: { authorization: AUTH, ...LATEST }, body: body === undefined ? undefined : JSON.stringify(body) };
      },
      CONFLICTING,
    );
    allAnswers.push(...conflicting);
    const conflictErrors = serverErrors(conflicting);
    report.conflicting_commands = { requests: conflicting.length, seconds: (Date.now() - started) / 1000, statuses: histogram(conflicting), server_errors: conflictErrors.length, server_error_samples: conflictErrors.slice(0, 10) };
    if (conflictErrors.length > 0) problems.push(`conflicting commands: ${conflictErrors.length} 5xx`);

    // 3. SIGKILL of a conductor with nodes in flight.
    const inFlight = await createNodes(10, 'kill', { fake_delay_ms: 3000 });
    const accepted = await Promise.all(inFlight.map(async (uuid) => ({ ...(await api('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' })), sent: { method: 'PUT', path: `/v1/nodes/${uuid}/states/provision` } })));
    allAnswers.push(...accepted);
    await sleep(500);
    const victim = system.processes().find((p) => p.name === system.conductorIds[0])!;
    const heldByVictim = [];
    for (const uuid of inFlight) if ((JSON.parse((await api('GET', `/v1/nodes/${uuid}`)).body) as { reservation: string }).reservation === victim.name) heldByVictim.push(uuid);
    started = Date.now();
    await victim.stop('SIGKILL');
    const stillLocked = await lockedNodes(60_000);
    const outcomes = await Promise.all(inFlight.map(async (uuid) => JSON.parse((await api('GET', `/v1/nodes/${uuid}`)).body) as { provision_state: string; last_error: string | null }));
    report.conductor_killed = {
      nodes_in_flight: inFlight.length,
      held_by_the_killed_conductor: heldByVictim.length,
      seconds_until_none_locked: (Date.now() - started) / 1000,
      still_locked: stillLocked.length,
      failed_with_reason: outcomes.filter((n) => n.provision_state === 'enroll' && n.last_error?.includes('stopped while the node was verifying')).length,
      completed: outcomes.filter((n) => n.provision_state === 'manageable').length,
    };
    if (stillLocked.length > 0) problems.push(`SIGKILL: ${stillLocked.length} nodes still locked`);

    // 4. A NATS outage under load: reads and writes go on throughout.
    const outageNodes = await createNodes(20, 'outage', { fake_delay_ms: 4000 });
    const outageAcks = await Promise.all(outageNodes.map(async (uuid) => ({ ...(await api('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' })), sent: { method: 'PUT', path: `/v1/nodes/${uuid}/states/provision` } })));
    allAnswers.push(...outageAcks);
    const phases: Record<string, (Answer & { sent: Sent })[]> = { before: [], during: [], after: [] };
    const readiness: Record<string, number[]> = { before: [], during: [], after: [] };
    let phase = 'before';
    let loading = true;
    const load = Promise.all(Array.from({ length: 8 }, async (_, worker) => {
      for (let i = worker; loading; i += 8) {
        const uuid = outageNodes[i % outageNodes.length]!;
        const sent: Sent =
          i % 4 === 0
            ? { method: 'POST', path: '/v1/nodes', headers: { authorization: AUTH, ...LATEST }, body: JSON.stringify({ driver: 'fake-hardware' }) }
            : i % 4 === 1
              ? { method: 'PATCH', path: `/v1/nodes/${seeded[i % seeded.length]}`, headers: { authorization: AUTH, ...LATEST }, body: JSON.stringify([{ op: 'add', path: '/extra/load', value: i }]) }
              : { method: 'GET', path: i % 4 === 2 ? `/v1/nodes/${uuid}` : `/v1/nodes/${uuid}/events?limit=5`, headers: { authorization: AUTH, ...LATEST } };
        const current = phase;
        phases[current]!.push({ ...(await send(sent, 15_000)), sent });
      }
    }));
    const watchReadiness = (async () => {
      while (loading) {
        const asked = phase;
        readiness[asked]!.push((await send({ method: 'GET', path: '/readyz' }, 5000)).status);
        await sleep(250);
      }
    })();
    await sleep(1000);
    phase = 'during';
    await nats.outage();
    await sleep(OUTAGE_S * 1000);
    await nats.resume();
    const back = Date.now();
    phase = 'after';
    let readyAfterMs: number | undefined;
    while (readyAfterMs === undefined && Date.now() - back < 60_000) {
      if ((await send({ method: 'GET', path: '/readyz' }, 5000)).status === 200) readyAfterMs = Date.now() - back;
      else await sleep(100);
    }
    await sleep(3000);
    loading = false;
    await Promise.all([load, watchReadiness]);
    const afterOutageLocked = await lockedNodes(90_000);
    const outageStates = await Promise.all(outageNodes.map(async (uuid) => JSON.parse((await api('GET', `/v1/nodes/${uuid}`)).body) as { provision_state: string; last_error: string | null }));
    const all = [...phases.before!, ...phases.during!, ...phases.after!];
    allAnswers.push(...all);
    const outageErrors = serverErrors(all, (a) => a.status === 503);
    const unavailable = all.filter((a) => a.status === 503);
    report.nats_outage = {
      requests: Object.fromEntries(Object.entries(phases).map(([name, answers]) => [name, histogram(answers)])),
      readyz: Object.fromEntries(Object.entries(readiness).map(([name, statuses]) => [name, histogram(statuses.map((status) => ({ status })))])),
      ready_again_after_s: readyAfterMs === undefined ? null : readyAfterMs / 1000,
      server_errors_other_than_503: outageErrors.length,
      server_error_samples: outageErrors.slice(0, 10),
      unavailable_503: unavailable.length,
      nodes_in_flight: outageNodes.length,
      completed: outageStates.filter((n) => n.provision_state === 'manageable' && n.last_error === null).length,
      failed: outageStates.filter((n) => n.last_error !== null).map((n) => n.last_error),
      still_locked: afterOutageLocked.length,
    };
    if (outageErrors.length > 0) problems.push(`NATS outage: ${outageErrors.length} 5xx other than 503`);
    if (afterOutageLocked.length > 0) problems.push(`NATS outage: ${afterOutageLocked.length} nodes still locked`);
    if ((report.nats_outage as { failed: unknown[] }).failed.length > 0) problems.push('NATS outage: nodes failed');

    // 5a. bcrypt flood: 500 wrong passwords at once, authenticated reads meanwhile.
    const latencies: number[] = [];
    // The flood has its own connections: the reads below must not queue behind it in this process.
    const floodAgent = new Agent({ keepAlive: true, maxSockets: 500 });
    const floodStarted = Date.now();
    let lastFloodAnswer = floodStarted;
    const wrong = Array.from({ length: 500 }, (_, i) =>
      send({ method: 'GET', path: '/v1/nodes', headers: { authorization: `Basic ${Buffer.from(`${USER}:flood-${i}`).toString('base64')}` } }, 120_000, floodAgent).then((answer) => {
        lastFloodAnswer = Date.now();
        return answer;
      }),
    );
    const probeEnd = Date.now() + 5000;
    while (Date.now() < probeEnd) {
      latencies.push((await api('GET', '/v1/nodes?limit=1')).ms);
      await sleep(50);
    }
    const floodAnswers = await Promise.all(wrong);
    const floodSeconds = (lastFloodAnswer - floodStarted) / 1000;
    report.bcrypt_flood = { wrong_passwords: floodAnswers.length, seconds: floodSeconds, answered_per_s: Math.round(floodAnswers.length / floodSeconds), statuses: histogram(floodAnswers), authenticated_get_ms: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: percentile(latencies, 100), samples: latencies.length } };

    // 5b. 2,000 sockets that never finish their headers.
    const sockets: Socket[] = [];
    const { port } = new URL(base);
    const openedAt = Date.now();
    const closedAt: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const socket = connectTcp(Number(port), '127.0.0.1', () => socket.write('GET /v1 HTTP/1.1\r\nHost: probe\r\n'));
      socket.on('error', () => undefined);
      socket.on('close', () => closedAt.push(Date.now() - openedAt));
      // Read what comes (the 408): a paused socket never sees the server close it.
      socket.resume();
      sockets.push(socket);
    }
    const slowDeadline = Date.now() + 60_000;
    while (closedAt.length < sockets.length && Date.now() < slowDeadline) await sleep(250);
    for (const socket of sockets) socket.destroy();
    report.slow_headers = { sockets: sockets.length, closed_by_server: closedAt.length, last_closed_after_s: closedAt.length ? Math.max(...closedAt) / 1000 : null };

    // 5c. 1,000 event-stream clients.
    const gatewayPid = system.processes().find((p) => p.name === 'gateway')!.process.pid!;
    const rssBefore = rssOf(gatewayPid);
    const controllers = Array.from({ length: 1000 }, () => new AbortController());
    const streams = await Promise.all(controllers.map((controller) => fetch(`${base}/v1/events`, { headers: { authorization: AUTH }, signal: controller.signal }).then((r) => r.status, () => 0)));
    await sleep(2000);
    const rssWith = rssOf(gatewayPid);
    for (const controller of controllers) controller.abort();
    await sleep(10_000);
    const rssAfter = rssOf(gatewayPid);
    report.event_streams = { clients: streams.length, statuses: histogram(streams.map((status) => ({ status }))), gateway_rss_mb: { before: Math.round(rssBefore), with_clients: Math.round(rssWith), ten_s_after_close: Math.round(rssAfter) } };

    // Every acknowledged transition is in the store; nothing is locked; the read model equals a rebuild.
    const lost = await lostTransitions(system, allAnswers);
    report.acknowledged_transitions = { acknowledged: allAnswers.filter((a) => a.status === 202 && /\/states\/(provision|power)$/.test(a.sent.path.split('?')[0]!)).length, lost: lost.length, lost_samples: lost.slice(0, 10) };
    if (lost.length > 0) problems.push(`${lost.length} acknowledged transitions not in the store`);
    const finalLocked = await lockedNodes(90_000);
    report.locked_at_the_end = finalLocked.length;
    if (finalLocked.length > 0) problems.push(`${finalLocked.length} nodes locked at the end`);
    const rebuild = JSON.parse((await api('POST', '/v1/admin/rebuild')).body) as { equal: boolean; nodes: number };
    report.rebuild = rebuild;
    if (!rebuild.equal) problems.push('the read model differs from a rebuild');

    // Secrets: responses, the event stream, the relayed stream, every process's output.
    await sse.body?.cancel().catch(() => undefined);
    const relayed: string[] = [];
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await jetstreamManager(nc);
      const { state } = await jsm.streams.info(system.relayStream);
      for (let seq = state.first_seq; seq <= state.last_seq; seq++) relayed.push((await jsm.streams.getMessage(system.relayStream, { seq }))?.string() ?? '');
    } finally {
      await nc.close();
    }
    const leaks = (texts: readonly string[]) => texts.filter((text) => SECRETS.some((secret) => text.includes(secret))).length;
    report.secrets = { responses_scanned: bodies.length, in_responses: leaks(bodies), sse_bytes_scanned: sseText.length, in_sse: leaks([sseText]), relayed_messages_scanned: relayed.length, in_relayed: leaks(relayed), log_bytes_scanned: system.logs().length, in_logs: leaks([system.logs()]) };
    const secretReport = report.secrets as Record<string, number>;
    if (secretReport.in_responses + secretReport.in_sse + secretReport.in_relayed + secretReport.in_logs > 0) problems.push('a secret was served in plain text');
  } finally {
    report.problems = problems;
    writeFileSync(join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(OUT, 'logs.txt'), system.logs());
    await system.stop().catch(() => undefined);
    await nats.destroy();
  }
  console.log(JSON.stringify(report, null, 2));
  console.log(problems.length === 0 ? '\nall checks passed' : `\nPROBLEMS:\n${problems.join('\n')}`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

await main();
