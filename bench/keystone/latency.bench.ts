/**
 * What Keystone token validation adds to a request once the token is cached: one stack (a
 * conductor, two gateways from source on an isolated JetStream stream of $NATS_URL) with N
 * fake-hardware nodes, the first gateway with AUTH_STRATEGY=noauth, the second with
 * AUTH_STRATEGY=keystone against a real Keystone (Debian's, scripts/keystone.sh) and a system
 * reader's token. Both gateways serve the same fleet from the same events, so the difference is
 * the authentication alone.
 *
 * After a warm-up (which fills the token cache), each round sends every request kind to each
 * gateway K times, one after another on one kept-alive connection, the gateways' order
 * alternating between rounds. Prints p50 and p95 per gateway and request kind per round, then
 * the medians over the rounds and the difference at p50 (keystone − noauth).
 *
 *   NATS_URL=nats://127.0.0.1:4222 node --import ./scripts/register-ts.mjs bench/keystone/latency.bench.ts [--nodes 300] [--rounds 7] [--requests 1000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startKeystone } from '../../test/support/keystone.js';
import { startSystem } from '../../test/support/system.js';

const { values: opts } = parseArgs({ options: { nodes: { type: 'string', default: '300' }, rounds: { type: 'string', default: '7' }, requests: { type: 'string', default: '1000' } } });
const N = Number(opts.nodes);
const ROUNDS = Number(opts.rounds);
const K = Number(opts.requests);
const API_VERSION = '1.82';

type Gateway = { readonly name: 'noauth' | 'keystone'; readonly url: string; readonly headers: Record<string, string>; readonly agent: http.Agent };

/** One request on the gateway's kept-alive connection; its status and the milliseconds to the whole body. */
function timed(gateway: Gateway, path: string): Promise<{ status: number; ms: number; body: string }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.get(`${gateway.url}${path}`, { agent: gateway.agent, headers: gateway.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, ms: Number(process.hrtime.bigint() - started) / 1e6, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (values: readonly number[]) => quantile([...values].sort((a, b) => a - b), 0.5);
const f = (ms: number) => ms.toFixed(3);

const keystone = await startKeystone();
const dir = mkdtempSync(join(tmpdir(), 'ironledger-bench-keystone-'));
let system: Awaited<ReturnType<typeof startSystem>> | undefined;
try {
  // The service's own user, as a cloud registers Ironic, and a system reader who calls the API.
  const service = await keystone.userWith(['service'], { project: await keystone.createProject('service') });
  const credentials = join(dir, 'keystone_authtoken.conf');
  writeFileSync(credentials, `[keystone_authtoken]\nauth_url = ${keystone.url}/v3\nusername = ${service.name}\npassword = ${service.password}\nproject_name = service\nuser_domain_id = default\nproject_domain_id = default\n`, { mode: 0o600 });
  const reader = await keystone.userWith(['reader'], { system: true });
  const token = await keystone.token(reader, { system: true });

  system = await startSystem({
    env: { LOG_LEVEL: 'warn' },
    gateways: 2,
    gatewayEnv: [{ AUTH_STRATEGY: 'noauth' }, { AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: credentials }],
  });
  const headers = { 'X-OpenStack-Ironic-API-Version': API_VERSION };
  const gateways: Gateway[] = [
    { name: 'noauth', url: system.baseUrls[0]!, headers, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) },
    { name: 'keystone', url: system.baseUrls[1]!, headers: { ...headers, 'X-Auth-Token': token }, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) },
  ];

  // The fleet, enrolled through the noauth gateway, eight at a time.
  const uuids: string[] = [];
  for (let i = 0; i < N; i += 8) {
    const batch = Array.from({ length: Math.min(8, N - i) }, (_, j) =>
      fetch(`${gateways[0]!.url}/v1/nodes`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `ks-bench-${i + j}`, driver: 'fake-hardware' }) }).then(async (response) => {
        if (response.status !== 201) throw new Error(`enrolling a node: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { uuid: string }).uuid;
      }),
    );
    uuids.push(...(await Promise.all(batch)));
  }
  // Both gateways' projections hold the whole fleet before anything is measured.
  for (const gateway of gateways) {
    for (let tries = 0; ; tries++) {
      const last = await timed(gateway, `/v1/nodes/${uuids.at(-1)}`);
      if (last.status === 200) break;
      if (tries > 200) throw new Error(`${gateway.name} gateway never saw the last node: ${last.status} ${last.body}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // The same answer from both: a system reader sees the whole fleet, as noauth does.
  for (const gateway of gateways) {
    const { nodes } = JSON.parse((await timed(gateway, '/v1/nodes?limit=50')).body) as { nodes: unknown[] };
    if (nodes.length !== Math.min(50, N)) throw new Error(`${gateway.name} gateway listed ${nodes.length} nodes, not ${Math.min(50, N)}`);
  }

  const kinds = [
    { name: 'GET /v1/nodes/{uuid}', path: (i: number) => `/v1/nodes/${uuids[i % uuids.length]}` },
    { name: 'GET /v1/nodes?limit=50', path: () => '/v1/nodes?limit=50' },
  ];
  const run = async (gateway: Gateway, kind: (typeof kinds)[number], count: number): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const { status, ms, body } = await timed(gateway, kind.path(i));
      if (status !== 200) throw new Error(`${gateway.name} ${kind.name}: ${status} ${body}`);
      times.push(ms);
    }
    return times.sort((a, b) => a - b);
  };
  // Warm-up: the JIT, the connections, and the keystone gateway's token cache.
  for (const gateway of gateways) for (const kind of kinds) await run(gateway, kind, 200);

  console.log(`${N} nodes, ${ROUNDS} rounds of ${K} sequential requests per gateway and request, keep-alive; ms`);
  const p50s = new Map<string, number[]>();
  const p95s = new Map<string, number[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 ? gateways : [...gateways].reverse();
    for (const kind of kinds) {
      for (const gateway of order) {
        const times = await run(gateway, kind, K);
        const key = `${kind.name} ${gateway.name}`;
        p50s.set(key, [...(p50s.get(key) ?? []), quantile(times, 0.5)]);
        p95s.set(key, [...(p95s.get(key) ?? []), quantile(times, 0.95)]);
        console.log(`round ${round}  ${kind.name.padEnd(24)} ${gateway.name.padEnd(8)}  p50 ${f(quantile(times, 0.5))}  p95 ${f(quantile(times, 0.95))}`);
      }
    }
  }
  console.log('\nmedians over the rounds:');
  console.log('| request | noauth p50 | noauth p95 | keystone p50 | keystone p95 | difference at p50 |');
  console.log('|---|---|---|---|---|---|');
  for (const kind of kinds) {
    const [n50, n95, k50, k95] = [p50s.get(`${kind.name} noauth`)!, p95s.get(`${kind.name} noauth`)!, p50s.get(`${kind.name} keystone`)!, p95s.get(`${kind.name} keystone`)!].map(median) as [number, number, number, number];
    // The difference round by round (the same round's two runs are closest in time), then its median.
    const difference = median(p50s.get(`${kind.name} keystone`)!.map((value, i) => value - p50s.get(`${kind.name} noauth`)![i]!));
    console.log(`| \`${kind.name}\` | ${f(n50)} | ${f(n95)} | ${f(k50)} | ${f(k95)} | ${difference >= 0 ? '+' : ''}${f(difference)} |`);
  }
  for (const gateway of gateways) gateway.agent.destroy();
} finally {
  await system?.stop();
  await keystone.stop();
  rmSync(dir, { recursive: true, force: true });
}
