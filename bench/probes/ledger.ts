/**
 * Probes the ledger's promises the way the issue that set them found them broken, under load, and
 * prints the counts that must all be 0:
 *   1. lost updates: CLIENTS clients patch their own key of `extra` on the same NODES nodes through
 *      two gateways for DURATION_S seconds (two conductors, one nats-server): events that bring a
 *      client's key back to an older value, and (node, client) pairs that end on a value older than
 *      their last 200;
 *   2. duplicate revisions: the same load on a 3-server NATS cluster with 3 replicas, with the
 *      event stream's leader killed (SIGKILL) and started again half-way: (stream, revision) pairs
 *      held by more than one commit, acknowledged changes lost or undone, and live read models
 *      differing from a rebuild;
 *   3. masked identifiers: nodes whose secrets equal other fields' values (a password equal to a
 *      provision state, a config drive equal to the node's UUID and to its instance's): non-secret
 *      fields served as `******`, in the node list and in Nova's `?instance_uuid=` look-up, and a
 *      port's `extra.key1`;
 *   4. tokens leaked: an unauthenticated attacker polls `GET /v1/lookup` and heartbeats with its own
 *      callback URL while virtual-media deployments run against the BMC simulator's agents: agent
 *      tokens it obtained, commands the conductor sent it, and nodes deployed without their image;
 *   5. events per heartbeat: HEARTBEATS heartbeats of a node's agent that change nothing, and the
 *      events they appended.
 *
 *   bash bench/probes/run.sh ledger       (CLIENTS=8 NODES=5 DURATION_S=20 HEARTBEATS=2000 AGENT_NODES=10;
 *                                          ONLY=updates,revisions,masking,tokens,heartbeats: some of them)
 *
 * Writes report.json and the processes' logs to $OUT (default .run/probes/ledger-<UTC stamp>).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { systemMacs } from '@ironledger/bmc-sim';
import { nodeStreamId } from '@ironledger/contracts';
import { NatsCluster } from '../../test/support/nats-cluster.js';
import { PrivateNats } from '../../test/support/nats-server.js';
import { startBmcSim } from '../../test/support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../../test/support/system.js';

const CLIENTS = Number(process.env.CLIENTS ?? 8);
const NODES = Number(process.env.NODES ?? 5);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const HEARTBEATS = Number(process.env.HEARTBEATS ?? 2000);
const AGENT_NODES = Number(process.env.AGENT_NODES ?? 10);
const OUT = process.env.OUT ?? `.run/probes/ledger-${new Date().toISOString().replace(/[:.]/g, '-')}`;
const MASK = '******';

type Json = Record<string, unknown>;

async function call(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Json }> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': 'latest', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, json: text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Json) : {} };
  } catch {
    return { status: 0, json: {} };
  }
}

async function enroll(baseUrl: string, fields: Json = {}): Promise<string> {
  const created = await call(baseUrl, 'POST', '/v1/nodes', { driver: 'fake-hardware', ...fields });
  if (created.status !== 201) throw new Error(`enrolling failed: ${created.status} ${JSON.stringify(created.json)}`);
  return created.json.uuid as string;
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: concurrent patches of the same nodes

interface PatchLoad {
  readonly nodes: readonly string[];
  /** The last value each (node, client) got a 200 for. */
  readonly acknowledged: Map<string, number>;
  readonly statuses: Record<number, number>;
  stop(): Promise<void>;
}

function patchLoad(baseUrls: readonly string[], nodes: readonly string[]): PatchLoad {
  const acknowledged = new Map<string, number>();
  const statuses: Record<number, number> = {};
  let running = true;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let value = 1; running; value++) {
      const node = nodes[value % nodes.length]!;
      const { status } = await call(baseUrls[value % baseUrls.length]!, 'PATCH', `/v1/nodes/${node}`, [{ op: 'add', path: `/extra/c${client}`, value }]);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 200) acknowledged.set(`${node} c${client}`, value);
      else await sleep(50);
    }
  });
  return {
    nodes,
    acknowledged,
    statuses,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** What the patch load left: events that went back, pairs below their last 200, duplicate revisions. */
async function judgePatches(system: RunningSystem, load: PatchLoad) {
  const store = await system.store();
  const last = await store.lastPosition();
  for (const baseUrl of system.baseUrls) {
    for (const deadline = Date.now() + 30_000; ((await call(baseUrl, 'GET', '/readyz')).json.position as number) < last && Date.now() < deadline; ) await sleep(100);
  }
  const events = await store.readAll({ after: 0, limit: 10_000_000 });
  let eventsGoingBack = 0;
  let pairsBelowLast200 = 0;
  for (const node of load.nodes) {
    const extra = (await call(system.baseUrls[0]!, 'GET', `/v1/nodes/${node}`)).json.extra as Record<string, number>;
    for (let client = 0; client < CLIENTS; client++) {
      const acknowledged = load.acknowledged.get(`${node} c${client}`);
      // A later request answered 5xx may have been carried out all the same: never less than the last 200.
      if (acknowledged !== undefined && !(extra[`c${client}`]! >= acknowledged)) pairsBelowLast200++;
    }
    const highest = new Map<string, number>();
    for (const event of events.filter((e) => e.streamId === nodeStreamId(node) && e.type === 'NodeUpdated')) {
      for (const [key, value] of Object.entries((event.data.changes as { extra?: Record<string, number> }).extra ?? {})) {
        if (value < (highest.get(key) ?? 0)) eventsGoingBack++;
        highest.set(key, Math.max(value, highest.get(key) ?? 0));
      }
    }
  }
  const held = new Map<string, number>();
  for (const event of events) held.set(`${event.streamId}@${event.revision}`, (held.get(`${event.streamId}@${event.revision}`) ?? 0) + 1);
  const duplicateRevisions = [...held.values()].filter((count) => count > 1).length;
  return { events: events.length, eventsGoingBack, pairsBelowLast200, duplicateRevisions, statuses: load.statuses };
}

async function lostUpdates(): Promise<Json> {
  const nats = await PrivateNats.start();
  const system = await startSystem({ natsUrl: nats.url, conductors: 2, gateways: 2 });
  try {
    const nodes = await Promise.all(Array.from({ length: NODES }, (_, i) => enroll(system.baseUrls[i % 2]!)));
    const load = patchLoad(system.baseUrls, nodes);
    await sleep(DURATION_S * 1000);
    await load.stop();
    return await judgePatches(system, load);
  } finally {
    writeFileSync(join(OUT, 'lost-updates.log'), system.logs());
    await system.stop();
    await nats.destroy();
  }
}

async function duplicateRevisions(): Promise<Json> {
  const cluster = await NatsCluster.start();
  const system = await startSystem({ natsUrl: cluster.url, conductors: 2, gateways: 2, env: { JETSTREAM_REPLICAS: '3' } });
  try {
    const nodes = await Promise.all(Array.from({ length: NODES }, (_, i) => enroll(system.baseUrls[i % 2]!)));
    const load = patchLoad(system.baseUrls, nodes);
    await sleep((DURATION_S * 1000) / 2);
    const leader = await cluster.leaderOf(system.storeStream);
    await cluster.kill(leader);
    await sleep(3000);
    await cluster.restart(leader);
    await sleep((DURATION_S * 1000) / 2);
    await load.stop();
    const judged = await judgePatches(system, load);
    const rebuilds = [];
    for (const baseUrl of system.baseUrls) rebuilds.push(((await call(baseUrl, 'POST', '/v1/admin/rebuild')).json as { equal?: boolean }).equal === true);
    return { ...judged, killedLeader: leader, rebuildsDiffering: rebuilds.filter((equal) => !equal).length };
  } finally {
    writeFileSync(join(OUT, 'duplicate-revisions.log'), system.logs());
    await system.stop();
    await cluster.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// 3: secrets equal to other fields' values

/** Every path in `value` whose value is the mask, outside the fields Ironic masks. */
function maskedOutsideSecrets(value: unknown, path = ''): string[] {
  if (value === MASK) return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => maskedOutsideSecrets(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([key, item]) => (['driver_info', 'instance_info', 'driver_internal_info'].includes(key) ? [] : maskedOutsideSecrets(item, `${path}.${key}`)));
}

async function maskedIdentifiers(): Promise<Json> {
  const nats = await PrivateNats.start();
  const system = await startSystem({ natsUrl: nats.url });
  const base = system.baseUrl;
  try {
    const instance = crypto.randomUUID();
    const nodes = [];
    for (let i = 0; i < NODES; i++) {
      // A password equal to the state the node will be in, and a config drive equal to its own UUID and to its instance's.
      const uuid = await enroll(base, { driver_info: { ipmi_password: 'manageable', redfish_password: 'enroll' } });
      const patched = await call(base, 'PATCH', `/v1/nodes/${uuid}`, [
        { op: 'add', path: '/instance_info', value: { configdrive: i === 0 ? instance : uuid, image_source: 'http://images.example/img' } },
        ...(i === 0 ? [{ op: 'add', path: '/instance_uuid', value: instance }] : []),
      ]);
      if (patched.status !== 200) throw new Error(`patch failed: ${patched.status} ${JSON.stringify(patched.json)}`);
      const port = await call(base, 'POST', '/v1/ports', { node_uuid: uuid, address: `52:54:00:aa:00:${i.toString(16).padStart(2, '0')}`, extra: { key1: 'value1' } });
      if (port.status !== 201) throw new Error(`port failed: ${port.status} ${JSON.stringify(port.json)}`);
      nodes.push(uuid);
    }
    const masked = [
      ...maskedOutsideSecrets((await call(base, 'GET', '/v1/nodes/detail')).json.nodes, 'nodes/detail'),
      ...maskedOutsideSecrets((await call(base, 'GET', '/v1/nodes')).json.nodes, 'nodes'),
      ...maskedOutsideSecrets((await call(base, 'GET', `/v1/nodes/detail?instance_uuid=${instance}`)).json.nodes, 'nodes?instance_uuid'),
      ...maskedOutsideSecrets((await call(base, 'GET', '/v1/ports/detail')).json.ports, 'ports/detail'),
    ];
    const foundByInstance = ((await call(base, 'GET', `/v1/nodes?instance_uuid=${instance}`)).json.nodes as Json[] | undefined)?.length ?? 0;
    return { nodes: nodes.length, maskedIdentifiers: masked.length, examples: masked.slice(0, 10), instanceLookupMissing: foundByInstance === 1 ? 0 : 1 };
  } finally {
    await system.stop();
    await nats.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// 4: an unauthenticated attacker racing the agents of virtual-media deployments

/** An HTTP server on a free loopback port answering with `answer`; resolves with its base URL. */
async function httpServer(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * AGENT_NODES Redfish nodes of the BMC simulator booting the agent from virtual media are deployed
 * at once while an attacker, for each, polls `GET /v1/lookup?node_uuid=` and heartbeats with its
 * own callback URL and any token it saw, from before the deployment is accepted until it ends.
 */
async function tokensLeaked(): Promise<Json> {
  const image = randomBytes(1024 * 1024 + 7);
  const sha256 = createHash('sha256').update(image).digest('hex');
  const images = await httpServer((request, response) => {
    const body = request.url === '/disk.raw' ? image : request.url?.endsWith('.iso') ? Buffer.from('not really an ISO') : null;
    response.writeHead(body ? 200 : 404, { Connection: 'close' }).end(body ?? undefined);
  });
  const commandsToAttacker: string[] = [];
  const attacker = await httpServer((request, response) => {
    commandsToAttacker.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' }).end('{"commands":[]}');
  });
  const nats = await PrivateNats.start();
  const system = await startSystem({ natsUrl: nats.url, env: { CALLBACK_TIMEOUT_S: '120', COMMAND_TIMEOUT_MS: '30000' } });
  const base = system.baseUrl;
  const { sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: String(AGENT_NODES), BMC_SIM_IRONIC_URL: base, BMC_SIM_AGENT_HEARTBEAT_MS: '500', BMC_SIM_AGENT_BOOT_MS: '200', BMC_SIM_AGENT_LOOKUP_INTERVAL_MS: '100' });
  const settle = async (uuid: string, state: string) => {
    for (const deadline = Date.now() + 180_000; ; await sleep(200)) {
      const node = (await call(base, 'GET', `/v1/nodes/${uuid}`)).json;
      const failed = String(node.provision_state).endsWith(' failed');
      if ((node.provision_state === state && node.target_provision_state === null) || failed || Date.now() > deadline) return node;
    }
  };
  try {
    const nodes = await Promise.all(
      Array.from({ length: AGENT_NODES }, async (_, i) => {
        const n = i + 1;
        const uuid = await enroll(base, {
          driver: 'redfish', boot_interface: 'redfish-virtual-media', deploy_interface: 'direct', automated_clean: false,
          driver_info: { redfish_address: `${simUrl}/bmc/${n}`, redfish_system_id: `/redfish/v1/Systems/${n}`, redfish_username: 'admin', redfish_password: 'password', deploy_iso: `${images.url}/ipa.iso` },
        });
        await call(base, 'POST', '/v1/ports', { address: systemMacs(n)[0], node_uuid: uuid });
        for (const [target, state] of [['manage', 'manageable'], ['provide', 'available']] as const) {
          await call(base, 'PUT', `/v1/nodes/${uuid}/states/provision`, { target });
          await settle(uuid, state);
        }
        await call(base, 'PATCH', `/v1/nodes/${uuid}`, [
          { op: 'add', path: '/instance_info/image_source', value: `${images.url}/disk.raw` },
          { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha256' },
          { op: 'add', path: '/instance_info/image_os_hash_value', value: sha256 },
        ]);
        return { uuid, n };
      }),
    );
    const seen = { lookups: 0, tokens: 0, heartbeats: {} as Record<number, number> };
    let attacking = true;
    const attackers = nodes.map(async ({ uuid }) => {
      let token = 'x'.repeat(43);
      while (attacking) {
        const lookup = await call(base, 'GET', `/v1/lookup?node_uuid=${uuid}`);
        seen.lookups++;
        const shown = (lookup.json.config as Json | undefined)?.agent_token;
        if (typeof shown === 'string' && shown !== MASK) [seen.tokens, token] = [seen.tokens + 1, shown];
        const beat = await call(base, 'POST', `/v1/heartbeat/${uuid}`, { callback_url: `${attacker.url}/agent`, agent_version: '9.4.3', agent_token: token });
        seen.heartbeats[beat.status] = (seen.heartbeats[beat.status] ?? 0) + 1;
      }
    });
    await Promise.all(nodes.map(({ uuid }) => call(base, 'PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' })));
    const finals = await Promise.all(nodes.map(({ uuid }) => settle(uuid, 'active')));
    attacking = false;
    await Promise.all(attackers);
    let withoutImage = 0;
    for (const [i, { n }] of nodes.entries()) {
      const disk = (await (await fetch(`${simUrl}/control/bmc/${n}/disk`)).json()) as { image?: { sha256?: string } };
      if (finals[i]!.provision_state !== 'active' || disk.image?.sha256 !== sha256) withoutImage++;
    }
    return { nodes: AGENT_NODES, attackerLookups: seen.lookups, attackerHeartbeats: seen.heartbeats, tokensLeaked: seen.tokens, commandsToAttacker: commandsToAttacker.length, heartbeatsAccepted: seen.heartbeats[202] ?? 0, nodesWithoutImage: withoutImage };
  } finally {
    writeFileSync(join(OUT, 'tokens.log'), system.logs());
    await sim.stop();
    await system.stop();
    await nats.destroy();
    images.server.close();
    attacker.server.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 5: heartbeats that change nothing

async function eventCount(system: RunningSystem, uuid: string): Promise<number> {
  return (await (await system.store()).readStream(nodeStreamId(uuid))).length;
}

/**
 * A fake-hardware node held in `deploying` (its deploy step takes a minute); the probe is its
 * agent: it looks the node up, announces itself with one heartbeat (the one the log records),
 * then sends HEARTBEATS more, 8 at a time, through both gateways.
 */
async function eventsPerHeartbeat(): Promise<Json> {
  const nats = await PrivateNats.start();
  const system = await startSystem({ natsUrl: nats.url, gateways: 2 });
  const [first, second] = system.baseUrls as [string, string];
  try {
    const uuid = await enroll(first);
    for (const target of ['manage', 'provide']) {
      await call(first, 'PUT', `/v1/nodes/${uuid}/states/provision`, { target });
      const settled = target === 'manage' ? 'manageable' : 'available';
      for (const deadline = Date.now() + 30_000; (await call(first, 'GET', `/v1/nodes/${uuid}`)).json.provision_state !== settled; ) {
        if (Date.now() > deadline) throw new Error(`the node did not become ${settled}`);
        await sleep(100);
      }
    }
    await call(first, 'PATCH', `/v1/nodes/${uuid}`, [{ op: 'add', path: '/driver_info/fake_delay_ms', value: 600_000 }]);
    const deploy = await call(first, 'PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' });
    if (deploy.status !== 202) throw new Error(`deploy refused: ${deploy.status} ${JSON.stringify(deploy.json)}`);
    const token = ((await call(first, 'GET', `/v1/lookup?node_uuid=${uuid}`)).json.config as Json).agent_token as string;
    const beat = (baseUrl: string) => call(baseUrl, 'POST', `/v1/heartbeat/${uuid}`, { callback_url: 'http://192.0.2.10:9999', agent_version: '9.4.3', agent_token: token });
    const announced = await beat(first);
    if (announced.status !== 202) throw new Error(`heartbeat refused: ${announced.status} ${JSON.stringify(announced.json)}`);
    const before = await eventCount(system, uuid);
    const statuses: Record<number, number> = {};
    let sent = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < HEARTBEATS) {
          const { status } = await beat(system.baseUrls[sent++ % 2]!);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const state = (await call(second, 'GET', `/v1/nodes/${uuid}`)).json.provision_state;
    return { heartbeats: HEARTBEATS, statuses, perSecond: Math.round(HEARTBEATS / seconds), eventsAppended: (await eventCount(system, uuid)) - before, state };
  } finally {
    await system.stop();
    await nats.destroy();
  }
}

// ---------------------------------------------------------------------------------------------

type Counts = [string, number][];

/** The probes by name (ONLY=name,… runs some of them): each runs, then says its counts, which must be 0. */
const PROBES: Record<string, { run(): Promise<Json>; counts(found: Json): Counts; say?(found: Json): string }> = {
  updates: {
    run: lostUpdates,
    counts: (lost) => [
      ['lost updates: events bringing a key back to an older value (one server)', lost.eventsGoingBack as number],
      ['lost updates: (node, client) pairs below their last 200 (one server)', lost.pairsBelowLast200 as number],
    ],
    say: (lost) => `one server: statuses ${JSON.stringify(lost.statuses)}, ${lost.events} events`,
  },
  revisions: {
    run: duplicateRevisions,
    counts: (dup) => [
      ['duplicate revisions (3-server cluster, leader killed)', dup.duplicateRevisions as number],
      ['acknowledged changes lost or undone (cluster)', (dup.pairsBelowLast200 as number) + (dup.eventsGoingBack as number)],
      ['rebuilds differing from the live model (cluster)', dup.rebuildsDiffering as number],
    ],
    say: (dup) => `cluster: statuses ${JSON.stringify(dup.statuses)}, ${dup.events} events`,
  },
  masking: {
    run: maskedIdentifiers,
    counts: (masked) => [
      ['masked identifiers and non-secret fields', masked.maskedIdentifiers as number],
      ['instance look-ups that missed', masked.instanceLookupMissing as number],
    ],
  },
  tokens: {
    run: tokensLeaked,
    counts: (found) => [
      ['agent tokens the attacker obtained', found.tokensLeaked as number],
      ["attacker's heartbeats accepted", found.heartbeatsAccepted as number],
      ['commands the conductor sent the attacker', found.commandsToAttacker as number],
      ['nodes deployed without their image', found.nodesWithoutImage as number],
    ],
    say: (found) => `attacker: ${found.attackerLookups} look-ups, heartbeats answered ${JSON.stringify(found.attackerHeartbeats)} on ${found.nodes} virtual-media deployments`,
  },
  heartbeats: {
    run: eventsPerHeartbeat,
    counts: (beats) => [
      [`events appended by ${HEARTBEATS} heartbeats that change nothing (deploying)`, beats.eventsAppended as number],
      ['heartbeats not answered 202', HEARTBEATS - ((beats.statuses as Record<number, number>)[202] ?? 0)],
    ],
    say: (beats) => `heartbeats: ${beats.perSecond}/s, the node ${beats.state} at the end`,
  },
};

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const chosen = process.env.ONLY ? process.env.ONLY.split(',') : Object.keys(PROBES);
  const unknown = chosen.filter((name) => !(name in PROBES));
  if (unknown.length > 0) throw new Error(`unknown probe(s) ${unknown.join(', ')}: choose among ${Object.keys(PROBES).join(', ')}`);
  const report: Json = { clients: CLIENTS, nodes: NODES, duration_s: DURATION_S, heartbeats: HEARTBEATS };
  const counts: Counts = [];
  const sayings: string[] = [];
  for (const name of chosen) {
    const probe = PROBES[name]!;
    const found = await probe.run();
    report[name] = found;
    counts.push(...probe.counts(found));
    if (probe.say) sayings.push(probe.say(found));
  }
  writeFileSync(join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('| count | value |\n|---|---|');
  for (const [what, value] of counts) console.log(`| ${what} | ${value} |`);
  console.log(`\n${sayings.join('\n')}\nreport: ${join(OUT, 'report.json')}`);
  process.exitCode = counts.some(([, value]) => value !== 0) ? 1 : 0;
}

await main();
