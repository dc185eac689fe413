/**
 * Simulated inspection ramdisks. When a system boots (a reset that powers it on or restarts
 * it), its ramdisk posts a hardware inventory generated from the system's number to a callback
 * URL (ironic-inspector's `POST /v1/continue`, e.g. the gateway's) after a delay. Per system,
 * the control API can make it post nothing, or garbage, or change the delay:
 * `GET|PUT /control/bmc/{n}/ramdisk`, and `POST /control/fleet/ramdisk` for a range.
 */
import { type FastifyInstance } from 'fastify';
import { type ResetType, type StablePower, type VirtualBmc } from './model.js';

/** What a booted system's ramdisk does: post its inventory, post nothing, or post a body that is not JSON. */
export const RAMDISK_MODES = ['inventory', 'never', 'garbage'] as const;
export type RamdiskMode = (typeof RAMDISK_MODES)[number];

export interface RamdiskOptions {
  /** Where ramdisks post (BMC_SIM_CALLBACK_URL); without one no ramdisk ever posts. */
  readonly callbackUrl?: string;
  /** How long after the boot the inventory is posted (BMC_SIM_RAMDISK_DELAY_MS, default 1000). */
  readonly delayMs?: number;
  /** Every system's mode at start (BMC_SIM_RAMDISK, default `inventory`). */
  readonly mode?: RamdiskMode;
}

interface Settings {
  mode: RamdiskMode;
  delayMs: number;
}

/** The last post of a system's ramdisk, for the control API. */
interface Posted {
  readonly at: string;
  readonly status: number | null;
  readonly attempts: number;
  readonly error?: string;
}

const GIB = 1024 ** 3;
/** Reset types after which the host runs a fresh boot (from off, or restarted). */
const BOOTING: ReadonlySet<ResetType> = new Set<ResetType>(['On', 'ForceOn', 'GracefulRestart', 'ForceRestart', 'PowerCycle', 'PushPowerButton']);
/** Answers worth posting again after a while, as ironic-python-agent retries: busy node (409) or service. */
const RETRY_STATUSES = new Set([409, 502, 503, 504]);
const ATTEMPTS = 5;
const RETRY_MS = 500;

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/** The MACs of system `index`'s two NICs (eth0 boots by PXE). */
export function systemMacs(index: number): [string, string] {
  const tail = `${hex((index >> 16) & 255)}:${hex((index >> 8) & 255)}:${hex(index & 255)}`;
  return [`52:54:00:${tail}`, `52:54:01:${tail}`];
}

/** The inventory system `index` reports, in ironic-python-agent's shape; `bmcAddress` is the simulator's host. */
export function simulatedInventory(index: number, bmcAddress: string) {
  const [eth0, eth1] = systemMacs(index);
  const size = 1 + (index % 4);
  return {
    inventory: {
      cpu: { count: 8 * size, architecture: 'x86_64', model_name: 'bmc-sim virtual CPU', flags: ['fpu', 'pse', 'vmx', 'aes'] },
      memory: { physical_mb: 16384 * size, total: 16384 * size * 1024 * 1024 },
      disks: [
        { name: '/dev/sda', model: 'bmc-sim SSD', size: (240 + 10 * (index % 10)) * GIB, rotational: false },
        { name: '/dev/sdb', model: 'bmc-sim HDD', size: 120 * GIB, rotational: true },
      ],
      interfaces: [
        { name: 'eth0', mac_address: eth0, ipv4_address: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`, has_carrier: true },
        { name: 'eth1', mac_address: eth1, ipv4_address: null, has_carrier: false },
      ],
      bmc_address: bmcAddress,
      system_vendor: { manufacturer: 'ironledger', product_name: 'bmc-sim', serial_number: `SIM-${index}` },
      boot: { current_boot_mode: 'uefi', pxe_interface: eth0 },
    },
    boot_interface: `01-${eth0.replace(/:/g, '-')}`,
  };
}

/** The ramdisks of every system of one simulator. */
export class Ramdisks {
  private readonly settings = new Map<number, Settings>();
  private readonly posted = new Map<number, Posted>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly options: RamdiskOptions,
    /** The simulator's base URL (its host is every system's BMC address). */
    private readonly baseUrl: () => string,
  ) {}

  /** Called after a reset was applied; `before` is the power the host was heading for until then. */
  reset(bmc: VirtualBmc, resetType: ResetType, before: StablePower): void {
    // Powering on boots a host that was off; a restart always boots.
    const powersOn = resetType === 'On' || resetType === 'ForceOn' || resetType === 'PushPowerButton';
    const boots = BOOTING.has(resetType) && (powersOn ? before === 'Off' : true);
    if (!boots || !this.options.callbackUrl) return;
    const { mode, delayMs } = this.of(bmc.index);
    if (mode === 'never') return;
    // A delayed power change boots only once it applies.
    this.later(bmc.powerDelayMs + delayMs, () => this.post(bmc.index, mode, 1));
  }

  /** The control API's routes. */
  routes(app: FastifyInstance, bmcAt: (param: string | undefined) => VirtualBmc | undefined, count: number): void {
    type Params = { n?: string };
    app.get<{ Params: Params }>('/control/bmc/:n/ramdisk', (request, reply) => {
      const bmc = bmcAt(request.params.n);
      if (!bmc) return void reply.code(404).send({ error: `no BMC ${request.params.n}` });
      reply.send(this.describe(bmc.index));
    });
    app.put<{ Params: Params }>('/control/bmc/:n/ramdisk', (request, reply) => {
      const bmc = bmcAt(request.params.n);
      if (!bmc) return void reply.code(404).send({ error: `no BMC ${request.params.n}` });
      const change = parseSettings(request.body, false);
      if (typeof change === 'string') return void reply.code(400).send({ error: change });
      this.settings.set(bmc.index, { ...this.of(bmc.index), ...change });
      reply.send(this.describe(bmc.index));
    });
    app.post('/control/fleet/ramdisk', (request, reply) => {
      const change = parseSettings(request.body ?? {}, true);
      if (typeof change === 'string') return void reply.code(400).send({ error: change });
      const { from = 1, to = count, ...rest } = change;
      let updated = 0;
      for (let index = from; index <= Math.min(to, count); index++, updated++) this.settings.set(index, { ...this.of(index), ...rest });
      reply.send({ updated });
    });
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private describe(index: number) {
    return { ...this.of(index), callbackUrl: this.options.callbackUrl ?? null, lastPost: this.posted.get(index) ?? null, inventory: simulatedInventory(index, this.bmcAddress()) };
  }

  private of(index: number): Settings {
    return this.settings.get(index) ?? { mode: this.options.mode ?? 'inventory', delayMs: this.options.delayMs ?? 1000 };
  }

  private bmcAddress(): string {
    return new URL(this.baseUrl()).hostname.replace(/^\[|\]$/g, '');
  }

  private later(ms: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }

  private async post(index: number, mode: RamdiskMode, attempt: number): Promise<void> {
    const body = mode === 'garbage' ? '{"inventory": {"cpu": {"count": ' : JSON.stringify(simulatedInventory(index, this.bmcAddress()));
    const at = new Date().toISOString();
    try {
      const response = await fetch(this.options.callbackUrl!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      await response.arrayBuffer();
      this.posted.set(index, { at, status: response.status, attempts: attempt });
      if (RETRY_STATUSES.has(response.status) && attempt < ATTEMPTS) this.later(RETRY_MS * attempt, () => this.post(index, mode, attempt + 1));
    } catch (error) {
      this.posted.set(index, { at, status: null, attempts: attempt, error: (error as Error).message });
      if (attempt < ATTEMPTS) this.later(RETRY_MS * attempt, () => this.post(index, mode, attempt + 1));
    }
  }
}

/** A control body: `mode` and `delayMs`, and for the fleet `from`/`to`; anything else is refused. */
function parseSettings(body: unknown, fleet: boolean): (Partial<Settings> & { from?: number; to?: number }) | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const known = fleet ? ['mode', 'delayMs', 'from', 'to'] : ['mode', 'delayMs'];
  for (const [key, value] of Object.entries(body)) {
    if (!known.includes(key)) return `unknown field "${key}"; known: ${known.join(', ')}`;
    if (key === 'mode' && !(RAMDISK_MODES as readonly unknown[]).includes(value)) return `"mode" must be one of ${RAMDISK_MODES.join(', ')}`;
    if (key === 'delayMs' && !(Number.isInteger(value) && (value as number) >= 0)) return '"delayMs" must be a non-negative integer';
    if ((key === 'from' || key === 'to') && !(Number.isInteger(value) && (value as number) >= 1)) return `"${key}" must be a positive integer`;
  }
  return body as Partial<Settings> & { from?: number; to?: number };
}
