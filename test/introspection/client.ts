/**
 * A small HTTP client for the introspection end-to-end tests: Ironic calls at the latest
 * microversion, node set-up through the API, and waiting for states.
 */
import { expect } from '@jest/globals';
import { nodeStreamId } from '@ironledger/contracts';
import { type RunningSystem, sleep } from '../support/system.js';

export type Json = Record<string, unknown>;

const LATEST = { 'X-OpenStack-Ironic-API-Version': 'latest' };
const GIB = 1024 ** 3;

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: Json;
}

export class Api {
  constructor(private readonly system: RunningSystem) {}

  async call(method: string, path: string, { body, raw, headers = LATEST }: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
    const response = await fetch(`${this.system.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      // Not JSON: the text says it all.
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  /** A manageable fake-hardware node whose inspection waits for a ramdisk. */
  async manageableNode(name: string, driverInfo: Json = {}): Promise<string> {
    const uuid = await this.managedNode(name, driverInfo);
    await this.until(uuid, (node) => node.provision_state === 'manageable', 'manageable');
    return uuid;
  }

  /** …on its way to manageable (`manage` accepted). */
  async managedNode(name: string, driverInfo: Json = {}): Promise<string> {
    const created = await this.call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name, driver_info: { fake_wait: ['inspect'], ...driverInfo } } });
    expect(created.status).toBe(201);
    const uuid = created.json.uuid as string;
    expect((await this.call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
    return uuid;
  }

  /** Starts inspection and waits until the node waits for its ramdisk. */
  async inspect(uuid: string): Promise<void> {
    const accepted = await this.call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'inspect' } });
    expect(accepted.status).toBe(202);
    await this.until(uuid, (node) => node.provision_state === 'inspect wait', 'inspect wait');
  }

  /** Polls the node until `reached` holds. */
  async until(uuid: string, reached: (node: Json) => boolean, what: string, timeoutMs = 20_000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    let last: Json = {};
    while (Date.now() < deadline) {
      last = (await this.call('GET', `/v1/nodes/${uuid}`)).json;
      if (reached(last)) return last;
      await sleep(50);
    }
    throw new Error(`node ${uuid} did not reach ${what}: ${JSON.stringify(last)}\n${this.system.logs()}`);
  }

  /** Polls the whole fleet (one request per round) until every node of `uuids` satisfies `reached`. */
  async untilAll(uuids: readonly string[], reached: (node: Json) => boolean, what: string, timeoutMs = 60_000): Promise<Json[]> {
    const deadline = Date.now() + timeoutMs;
    let pending: Json[] = [];
    while (Date.now() < deadline) {
      const nodes = new Map(((await this.call('GET', '/v1/nodes/detail')).json.nodes as Json[]).map((node) => [node.uuid as string, node]));
      const wanted = uuids.map((uuid) => nodes.get(uuid) ?? { uuid });
      pending = wanted.filter((node) => !reached(node));
      if (pending.length === 0) return wanted;
      await sleep(200);
    }
    throw new Error(`${pending.length} nodes did not reach ${what}, e.g. ${JSON.stringify(pending[0])}\n${this.system.logs()}`);
  }

  async eventTypes(uuid: string): Promise<string[]> {
    return (await (await this.system.store()).readStream(nodeStreamId(uuid))).map((event) => event.type);
  }

  async totalEvents(): Promise<number> {
    return (await (await this.system.store()).readAll()).length;
  }
}

/** The faultstring of an Ironic error body. */
export function fault(reply: Reply): string {
  return (JSON.parse(reply.json.error_message as string) as { faultstring: string }).faultstring;
}

/** A MAC address numbered `n` within a test's own range `block`. */
export const mac = (block: number, n: number): string =>
  `52:54:${hex(block)}:${hex(n >> 16)}:${hex((n >> 8) & 255)}:${hex(n & 255)}`;

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/** An inventory in ironic-inspector's shape, as ironic-python-agent posts it. */
export function inventory({ macs, bmc, cpus = 8, memoryMb = 16384, diskGib = 200 }: { macs: string[]; bmc?: string; cpus?: number; memoryMb?: number; diskGib?: number }): Json {
  return {
    inventory: {
      cpu: { count: cpus, architecture: 'x86_64', flags: ['fpu', 'vmx', 'aes'], model_name: 'Simulated CPU' },
      memory: { physical_mb: memoryMb, total: memoryMb * 1024 * 1024 },
      disks: [
        { name: '/dev/sda', size: diskGib * GIB, model: 'SIMDISK', rotational: false },
        { name: '/dev/sdb', size: 20 * GIB },
      ],
      interfaces: [{ name: 'lo', mac_address: '00:00:00:00:00:00', ipv4_address: '127.0.0.1' }, ...macs.map((address, i) => ({ name: `eth${i}`, mac_address: address, ipv4_address: `10.9.0.${i + 1}`, has_carrier: true }))],
      ...(bmc && { bmc_address: bmc }),
      system_vendor: { manufacturer: 'ironledger', product_name: 'sim', serial_number: 'S1' },
      boot: { current_boot_mode: 'uefi', pxe_interface: macs[0] },
    },
    boot_interface: `01-${macs[0].replace(/:/g, '-')}`,
    logs: 'bG9ncw==',
  };
}
