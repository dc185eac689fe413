/**
 * What every real-agent suite runs: ironledger (its gateway listening on every address, so that
 * IPA reaches it from its namespace), the BMC simulator with one system whose agent is external
 * (the real IPA on `host`, which the suite starts with `followBoots`), and an HTTP server of the
 * test's files. Any `.iso` it is asked for is a stand-in: the ramdisk is the agent the test runs.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { systemMacs } from '@ironledger/bmc-sim';
import { type Service, startBmcSim } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { IpaHost } from './ipa-host.js';

export type Json = Record<string, unknown>;

const HEADERS = { 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': 'latest' };

export interface IpaStackOptions {
  /** The size of the machine's disk (default: IpaHost's). */
  readonly diskBytes?: number;
  /** Settings of the system under test, beside the callback timeout of 60 s. */
  readonly env?: Readonly<Record<string, string>>;
  /** What the files server serves, by path (e.g. `/disk.raw`); the suite may add files later. */
  readonly files: ReadonlyMap<string, Buffer>;
}

export class IpaStack {
  private constructor(
    readonly host: IpaHost,
    readonly system: RunningSystem,
    private readonly sim: Service,
    readonly simUrl: string,
    private readonly files: http.Server,
    /** The files server as IPA reaches it. */
    readonly filesUrl: string,
  ) {}

  static async start(options: IpaStackOptions): Promise<IpaStack> {
    const host = IpaHost.create({ mac: systemMacs(1)[0]!, ...(options.diskBytes !== undefined && { diskBytes: options.diskBytes }) });
    const files = http.createServer((request, response) => {
      const body = options.files.get(request.url ?? '');
      if (body) return void response.writeHead(200, { 'Content-Type': 'application/octet-stream', Connection: 'close' }).end(body);
      if (request.url?.endsWith('.iso')) return void response.writeHead(200, { Connection: 'close' }).end('the ramdisk is the real agent the test runs');
      response.writeHead(404, { Connection: 'close' }).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '0.0.0.0', resolve));
    const filesUrl = `http://${host.hostAddress}:${(files.address() as AddressInfo).port}`;
    const system = await startSystem({ gatewayHost: '0.0.0.0', env: { CALLBACK_TIMEOUT_S: '60', ...options.env } });
    const { sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: '1', BMC_SIM_IRONIC_URL: system.baseUrl });
    await fetch(`${simUrl}/control/bmc/1/agent`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ external: true }) });
    return new IpaStack(host, system, sim, simUrl, files, filesUrl);
  }

  /** The gateway as IPA reaches it from its namespace. */
  get apiUrl(): string {
    return this.system.baseUrl.replace('127.0.0.1', this.host.hostAddress);
  }

  async stop(): Promise<void> {
    await this.host.stop();
    this.host.destroy();
    await this.sim.stop();
    await this.system.stop();
    await new Promise((resolve) => this.files.close(resolve));
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${this.system.baseUrl}${path}`, { method, headers: HEADERS, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  }

  /** The answer's body; an answer other than 2xx fails. */
  async ok(method: string, path: string, body?: unknown): Promise<Json> {
    const answer = await this.request(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** The node once it rests in `state`; a failure state it was not asked for ends the wait at once. */
  async until(uuid: string, state: string, timeoutMs = 180_000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const node = await this.ok('GET', `/v1/nodes/${uuid}`);
      // A failure state keeps the target it failed to reach.
      if (node.provision_state === state && (node.target_provision_state === null || state.endsWith('failed'))) return node;
      const failed = typeof node.provision_state === 'string' && node.provision_state.endsWith('failed') && node.provision_state !== state;
      if (failed || Date.now() > deadline) throw this.failure(node, state);
      await sleep(250);
    }
  }

  /** Why a wait for `wanted` ended, with IPA's log and the system's. */
  failure(node: Json, wanted: string): Error {
    return new Error(`node is ${String(node.provision_state)}, not ${wanted} (last_error ${String(node.last_error)})\n--- IPA\n${this.host.logs(8000)}\n${this.system.logs().slice(-3000)}`);
  }
}

const MiB = 1024 * 1024;

/** Where a test image's one partition lies: random bytes, so that none of them is on a disk by chance. */
export const IMAGE_PARTITION = { offset: MiB, length: 3 * MiB };

/** A whole-disk image of `bytes`: a GPT (IPA refuses an image without a partition table) whose one partition holds random bytes. */
export function gptImage(bytes: number): Buffer {
  const dir = mkdtempSync(`${tmpdir()}/ipa-image-`);
  try {
    const image = Buffer.alloc(bytes);
    randomBytes(IMAGE_PARTITION.length).copy(image, IMAGE_PARTITION.offset);
    writeFileSync(`${dir}/disk.raw`, image);
    execFileSync('sgdisk', [`--new=1:${IMAGE_PARTITION.offset / 512}:+${IMAGE_PARTITION.length / MiB}M`, `${dir}/disk.raw`], { stdio: 'ignore' });
    return readFileSync(`${dir}/disk.raw`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
