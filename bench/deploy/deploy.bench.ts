/**
 * Deploying N simulated nodes with images at once, through the ramdisk agent: one conductor and
 * the gateway (from source, on an isolated JetStream stream of $NATS_URL), the BMC simulator
 * with N Redfish systems whose simulated agents look their nodes up and write the image this
 * process serves over HTTP. N nodes (`direct` deploy, virtual media) are enrolled and made
 * available once; then each round deploys all of them at once and waits until every one is
 * active, and tears them down again (without cleaning) for the next round.
 *
 * Prints, per round and as medians over the rounds: nodes/s (N over the time from the first
 * deploy request to the last node active), and the conductor's CPU seconds per node (user+sys
 * of its process over the round, from /proc).
 *
 *   NATS_URL=nats://127.0.0.1:4222 node --import ./scripts/register-ts.mjs bench/deploy/deploy.bench.ts [--nodes 1000] [--rounds 3] [--image-mib 1] [--concurrency 64]
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { systemMacs } from '@ironledger/bmc-sim';
import { duration, ProgressBar } from '@ironledger/observability';
import { startBmcSim } from '../../test/support/processes.js';
import { startSystem } from '../../test/support/system.js';

const { values: opts } = parseArgs({
  options: { nodes: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' }, 'image-mib': { type: 'string', default: '1' }, concurrency: { type: 'string', default: '64' } },
});
const N = Number(opts.nodes);
const ROUNDS = Number(opts.rounds);
const CONCURRENCY = Number(opts.concurrency);
const IMAGE = randomBytes(Number(opts['image-mib']) * 1024 * 1024);
const IMAGE_SHA256 = createHash('sha256').update(IMAGE).digest('hex');
const HEADERS = { 'X-OpenStack-Ironic-API-Version': 'latest', 'Content-Type': 'application/json' };
const CLK_TCK = 100;

type Json = Record<string, unknown>;

const images = http.createServer((request, response) => {
  // Closed once sent: kept alive, Node's server would cut a download still read 5 s after the image left it.
  if (request.url === '/disk.raw') return void response.writeHead(200, { 'Content-Length': IMAGE.length, Connection: 'close' }).end(IMAGE);
  response.writeHead(200).end('agent ISO');
});
await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
const imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;

// Timeouts far beyond a round: a slow node shows in the figures, it does not fail. The simulator,
// which serves every BMC and agent on one core and hashes every image written, answers slowly at times.
const system = await startSystem({ env: { CALLBACK_TIMEOUT_S: '1800', COMMAND_TIMEOUT_MS: '60000', REDFISH_REQUEST_TIMEOUT_MS: '60000', LOG_LEVEL: 'warn' }, logChars: 4000 });
const { sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: String(N), BMC_SIM_IRONIC_URL: system.baseUrl }, 120_000);
const conductorPid = system.processes().find((p) => p.name === system.conductorIds[0])!.process.pid!;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${system.baseUrl}${path}`, { method, headers: HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Json) : {} };
}

async function expectStatus(method: string, path: string, body: unknown, status: number): Promise<Json> {
  const reply = await call(method, path, body);
  if (reply.status !== status) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.json)}`);
  return reply.json;
}

/** Runs `work` for 1..N, `CONCURRENCY` at a time, with a progress bar. */
async function forEachNode(label: string, work: (n: number) => Promise<void>): Promise<void> {
  const bar = new ProgressBar(process.stderr, label, 'nodes');
  let next = 1;
  let finished = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= N) {
        const n = next++;
        await work(n);
        bar.update(++finished, { fraction: finished / N });
      }
    }),
  );
  bar.done(finished, { fraction: 1 });
}

/** Until every node is in `state`; refused when any ends in `failed`. */
async function untilAll(state: string, failed: string): Promise<void> {
  const bar = new ProgressBar(process.stderr, `  waiting for ${state}:`, 'nodes');
  for (;;) {
    const states = await provisionStates();
    const broken = states.filter((s) => s === failed).length;
    if (broken > 0) {
      const { json } = await call('GET', `/v1/nodes?provision_state=${encodeURIComponent(failed)}&fields=uuid,last_error&limit=5`);
      throw new Error(`${broken} nodes ended ${failed}: ${JSON.stringify(json.nodes, null, 1)}`);
    }
    const reached = states.filter((s) => s === state).length;
    if (states.length === N && reached === N) return void bar.done(reached, { fraction: 1 });
    const others = new Map<string, number>();
    for (const other of states) if (other !== state) others.set(other, (others.get(other) ?? 0) + 1);
    bar.update(reached, { fraction: reached / N, detail: [...others].map(([name, n]) => `${name} ${n}`).join(', ') });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every node's provision state, page by page. */
async function provisionStates(): Promise<string[]> {
  const states: string[] = [];
  for (let marker = ''; ; ) {
    const { json } = await call('GET', `/v1/nodes?fields=uuid,provision_state&limit=1000${marker && `&marker=${marker}`}`);
    const page = json.nodes as { uuid: string; provision_state: string }[];
    states.push(...page.map((node) => node.provision_state));
    if (page.length < 1000) return states;
    marker = page.at(-1)!.uuid;
  }
}

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const uuids: string[] = new Array(N + 1);

try {
  const started = Date.now();
  await forEachNode('enrol', async (n) => {
    const driver_info = {
      redfish_address: `${simUrl}/bmc/${n}`, redfish_system_id: `/redfish/v1/Systems/${n}`, redfish_username: 'admin', redfish_password: 'password', deploy_iso: `${imagesUrl}/ipa.iso`,
    };
    const node = await expectStatus('POST', '/v1/nodes', { driver: 'redfish', name: `deploy-${n}`, driver_info, deploy_interface: 'direct', boot_interface: 'redfish-virtual-media', automated_clean: false }, 201);
    uuids[n] = node.uuid as string;
    await expectStatus('POST', '/v1/ports', { node_uuid: node.uuid, address: systemMacs(n)[0] }, 201);
    await expectStatus('PUT', `/v1/nodes/${node.uuid}/states/provision`, { target: 'manage' }, 202);
  });
  await untilAll('manageable', 'enroll');
  await forEachNode('provide', (n) => expectStatus('PUT', `/v1/nodes/${uuids[n]}/states/provision`, { target: 'provide' }, 202).then(() => undefined));
  await untilAll('available', 'clean failed');
  console.log(`${N} nodes enrolled and available in ${duration(Date.now() - started)}`);

  const rounds: { seconds: number; nodesPerSecond: number; cpuPerNodeMs: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // The image to write: a tear-down clears the instance's fields, as in Ironic.
    await forEachNode(`image ${round}/${ROUNDS}`, (n) =>
      expectStatus('PATCH', `/v1/nodes/${uuids[n]}`, [
        { op: 'add', path: '/instance_info/image_source', value: `${imagesUrl}/disk.raw` },
        { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha256' },
        { op: 'add', path: '/instance_info/image_os_hash_value', value: IMAGE_SHA256 },
      ], 200).then(() => undefined),
    );
    const cpuBefore = cpuSeconds(conductorPid);
    const t0 = performance.now();
    await forEachNode(`deploy ${round}/${ROUNDS}`, (n) => expectStatus('PUT', `/v1/nodes/${uuids[n]}/states/provision`, { target: 'active' }, 202).then(() => undefined));
    await untilAll('active', 'deploy failed');
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(conductorPid) - cpuBefore;
    rounds.push({ seconds, nodesPerSecond: N / seconds, cpuPerNodeMs: (cpu / N) * 1000 });
    console.log(`round ${round}: ${N} nodes active in ${seconds.toFixed(1)} s = ${(N / seconds).toFixed(1)} nodes/s; conductor CPU ${cpu.toFixed(1)} s = ${((cpu / N) * 1000).toFixed(1)} ms/node`);
    const written = (await (await fetch(`${simUrl}/control/bmc/${1 + ((round * 7919) % N)}/disk`)).json()) as { image?: { sha256?: string } };
    if (written.image?.sha256 !== IMAGE_SHA256) throw new Error(`the image on a sampled disk is not the one served: ${JSON.stringify(written)}`);
    await forEachNode(`undeploy ${round}/${ROUNDS}`, (n) => expectStatus('PUT', `/v1/nodes/${uuids[n]}/states/provision`, { target: 'deleted' }, 202).then(() => undefined));
    await untilAll('available', 'error');
  }
  const nps = rounds.map((r) => r.nodesPerSecond);
  const cpu = rounds.map((r) => r.cpuPerNodeMs);
  console.log(`\n## Deploying ${N} nodes at once through the agent (${opts['image-mib']} MiB image, ${ROUNDS} rounds)\n`);
  console.log('| | median | min | max |\n|---|---|---|---|');
  console.log(`| nodes/s | ${median(nps).toFixed(1)} | ${Math.min(...nps).toFixed(1)} | ${Math.max(...nps).toFixed(1)} |`);
  console.log(`| conductor CPU per node (ms) | ${median(cpu).toFixed(1)} | ${Math.min(...cpu).toFixed(1)} | ${Math.max(...cpu).toFixed(1)} |`);
} finally {
  await sim.stop();
  await system.stop();
  images.close();
}
