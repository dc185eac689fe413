/**
 * Throughput of the simulator: GET of a ComputerSystem (its PowerState) over keep-alive
 * connections, spread over every BMC, with a fixed number of requests in flight.
 *
 *   node --import ./scripts/register-ts.mjs bench/bmc-sim/throughput.bench.ts
 *
 * Settings (environment): BENCH_URL (a running simulator; otherwise one is started in a child
 * process with BMC_SIM_SYSTEMS, default 10000), BENCH_CONCURRENCY (32), BENCH_RUNS (5),
 * BENCH_SECONDS (3 per run), BENCH_MODE (`raw`: GETs from a lean wrk-like client; `driver`: the
 * Redfish power driver's getPowerState, basic auth, which costs the client far more CPU),
 * BENCH_SYSTEM_ID (driver mode: `discovered`, the default, lists the BMC's Systems at each call as
 * sushy does; `named` gives each node its `redfish_system_id`). Prints one line per run and a JSON summary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { type JsonObject, type Node } from '@ironledger/domain';
import { redfishNode, redfishPower } from '@ironledger/drivers';

const env = process.env;
const concurrency = Number(env.BENCH_CONCURRENCY ?? 32);
const runs = Number(env.BENCH_RUNS ?? 5);
const seconds = Number(env.BENCH_SECONDS ?? 3);
const mode = env.BENCH_MODE === 'driver' ? 'driver' : 'raw';
const namedSystems = env.BENCH_SYSTEM_ID === 'named';
const systems = Number(env.BMC_SIM_SYSTEMS ?? 10_000);
const authorization = `Basic ${Buffer.from('admin:password').toString('base64')}`;

/** Starts the simulator in its own process (so it does not share an event loop with the load), resolving with its URL. */
function startChild(): Promise<{ url: string; child: ChildProcess }> {
  const main = fileURLToPath(new URL('../../apps/bmc-sim/src/main.ts', import.meta.url));
  const register = fileURLToPath(new URL('../../scripts/register-ts.mjs', import.meta.url));
  const args = ['--import', register, main];
  const child = spawn(process.execPath, args, { env: { ...env, BMC_SIM_PORT: '0', BMC_SIM_SYSTEMS: String(systems) }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/\S+?):? /.exec(output);
      if (ready) resolve({ url: ready[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it was ready:\n${output}`)));
  });
}

/** CPU time a process has used, in microseconds (Linux; clock ticks of 10 ms). */
function cpuMicros(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/** Resident memory of a process, in MiB (Linux). */
function rssMiB(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * A wrk-like client: one raw keep-alive TCP connection per request in flight, requests written
 * as bytes and answers framed by Content-Length, so the load costs far less CPU than the server.
 */
function rawLoad(url: string): (index: number) => Promise<void> {
  const { hostname, port } = new URL(url);
  const idle: RawConnection[] = [];
  const connect = () => new RawConnection(hostname, Number(port));
  return (index) => {
    const connection = idle.pop() ?? connect();
    return connection.get(`GET /bmc/${index}/redfish/v1/Systems/${index} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${authorization}\r\n\r\n`).then(() => {
      idle.push(connection);
    });
  };
}

class RawConnection {
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.waiting?.reject(error));
  }

  get(request: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return;
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    const waiting = this.waiting!;
    this.waiting = null;
    if (head.startsWith('HTTP/1.1 200')) waiting.resolve();
    else waiting.reject(new Error(head.split('\r\n')[0]));
  }
}

function driverLoad(url: string): (index: number) => Promise<void> {
  const driver = redfishPower({ maxSocketsPerBmc: 1 });
  const nodes: Node[] = [];
  for (let index = 1; index <= systems; index++) {
    const systemId: JsonObject = namedSystems ? { redfish_system_id: `/redfish/v1/Systems/${index}` } : {};
    nodes.push(redfishNode(index, { redfish_address: `${url}/bmc/${index}`, redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic', ...systemId }));
  }
  return async (index) => {
    await driver.getPowerState(nodes[index - 1]!);
  };
}

async function measure(send: (index: number) => Promise<void>, durationMs: number): Promise<{ perSecond: number; requests: number; p50: number; p99: number }> {
  const end = performance.now() + durationMs;
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (performance.now() < end) {
      next = (next % systems) + 1;
      const started = performance.now();
      await send(next);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2));
  return { perSecond: Math.round((latencies.length * 1000) / elapsed), requests: latencies.length, p50: at(0.5), p99: at(0.99) };
}

const started = env.BENCH_URL ? null : await startChild();
const url = env.BENCH_URL ?? started!.url;
try {
  const send = mode === 'raw' ? rawLoad(url) : driverLoad(url);
  await measure(send, 1000); // warm-up: connections, JIT, discovery
  const results = [];
  const pid = started?.child.pid;
  const cpuBefore = pid ? cpuMicros(pid) : null;
  for (let run = 1; run <= runs; run++) {
    const result = await measure(send, seconds * 1000);
    results.push(result);
    console.log(`run ${run}: ${result.perSecond} req/s (p50 ${result.p50} ms, p99 ${result.p99} ms)`);
  }
  const sorted = results.map((r) => r.perSecond).sort((a, b) => a - b);
  const summary = {
    mode,
    ...(mode === 'driver' && { systemId: namedSystems ? 'named' : 'discovered' }),
    systems,
    concurrency,
    runs,
    secondsPerRun: seconds,
    medianPerSecond: sorted[Math.floor(sorted.length / 2)],
    simulatorRssMiB: pid ? rssMiB(pid) : null,
    // What the simulator spends per request, whatever else the machine is doing.
    simulatorCpuMicrosPerRequest: pid && cpuBefore !== null ? Math.round((cpuMicros(pid)! - cpuBefore) / results.reduce((sum, r) => sum + r.requests, 0)) : null,
  };
  console.log(JSON.stringify(summary));
} finally {
  started?.child.kill('SIGTERM');
}
process.exit(0);
