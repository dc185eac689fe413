/**
 * In-band inspection ("introspection") as ironic-inspector keeps it: its small state machine as
 * one table, the record a node carries while (and after) a ramdisk reports its hardware, and the
 * pure mapping from a ramdisk's inventory to node properties, capabilities and ports.
 */
import { InvalidParameterError } from './errors.js';
import { type JsonObject } from './node.js';

/** States of one node's introspection record. */
export const INTROSPECTION_STATES = [
  /** Received a request to introspect; the ramdisk is being booted (active). */
  'starting',
  /** Waiting for the ramdisk to post its inventory (passive). */
  'waiting',
  /** Processing the ramdisk's inventory (active). */
  'processing',
  /** Finished successfully (passive). */
  'finished',
  /** Failed, timed out or aborted; `error` says why (passive). */
  'error',
  /** Received an inventory from an unknown machine, now being enrolled (active). */
  'enrolling',
  /** Processing stored introspection data again (active; ironledger stores none, so unused). */
  'reapplying',
  /** Received a request to abort (active). */
  'aborting',
] as const;
export type IntrospectionState = (typeof INTROSPECTION_STATES)[number];

/** Events that move an introspection record. */
export const INTROSPECTION_EVENTS = ['start', 'wait', 'process', 'finish', 'error', 'timeout', 'abort', 'abort_end', 'reapply'] as const;
export type IntrospectionEvent = (typeof INTROSPECTION_EVENTS)[number];

export interface IntrospectionTransition {
  readonly from: IntrospectionState;
  readonly event: IntrospectionEvent;
  readonly to: IntrospectionState;
}

const edge = (from: IntrospectionState, event: IntrospectionEvent, to: IntrospectionState): IntrospectionTransition => ({ from, event, to });

/**
 * ironic-inspector's `introspection_state.State_space`, edge for edge. Unlike its comment
 * ("error is allowed in any state"), its table has no `error` edge out of `waiting`,
 * `finished` or `aborting`; ironledger keeps the table as the inspector enforces it.
 */
export const INTROSPECTION_TRANSITIONS: readonly IntrospectionTransition[] = [
  edge('starting', 'wait', 'waiting'), // the conductor booted the ramdisk (inspect wait)
  edge('starting', 'error', 'error'), // booting the ramdisk failed, or its conductor died
  edge('starting', 'timeout', 'error'), // no ramdisk within the timeout
  edge('waiting', 'process', 'processing'), // the ramdisk posted its inventory (POST /v1/continue)
  edge('waiting', 'timeout', 'error'), // no inventory within the timeout (watchdog)
  edge('waiting', 'abort', 'aborting'), // the operator aborted (abort verb, or POST /v1/introspection/{node}/abort)
  edge('waiting', 'start', 'starting'), // introspection started again while waiting
  edge('processing', 'finish', 'finished'), // the inventory was applied to the node
  edge('processing', 'error', 'error'), // the ramdisk reported an error, or the inventory could not be applied
  edge('processing', 'timeout', 'error'),
  edge('enrolling', 'process', 'processing'), // an unknown machine was enrolled by discovery; its inventory follows
  edge('enrolling', 'error', 'error'),
  edge('enrolling', 'timeout', 'error'),
  edge('aborting', 'abort_end', 'error'), // the abort was carried out ("Canceled by operator")
  edge('aborting', 'timeout', 'error'),
  edge('reapplying', 'finish', 'finished'),
  edge('reapplying', 'error', 'error'),
  edge('reapplying', 'reapply', 'reapplying'),
  edge('reapplying', 'timeout', 'error'),
  edge('finished', 'start', 'starting'), // introspect again
  edge('finished', 'reapply', 'reapplying'),
  edge('finished', 'finish', 'finished'),
  edge('error', 'start', 'starting'), // introspect again after a failure
  edge('error', 'reapply', 'reapplying'),
  edge('error', 'abort', 'error'),
  edge('error', 'error', 'error'),
];

/** A node that has no record counts as `finished` (the inspector's default start state). */
export const INTROSPECTION_DEFAULT_STATE: IntrospectionState = 'finished';

/** States in which the introspection is over: the record has `finished_at`. */
export const INTROSPECTION_DONE_STATES: ReadonlySet<IntrospectionState> = new Set<IntrospectionState>(['finished', 'error']);

const byFromAndEvent = new Map(INTROSPECTION_TRANSITIONS.map((tr) => [`${tr.from}\u0000${tr.event}`, tr.to]));

/** Where `event` leads from `from`, or `undefined` when the inspector's table does not allow it. */
export function introspectionNext(from: IntrospectionState, event: IntrospectionEvent): IntrospectionState | undefined {
  return byFromAndEvent.get(`${from}\u0000${event}`);
}

/** A node's introspection record (ironic-inspector's node cache row). */
export interface Introspection {
  readonly state: IntrospectionState;
  readonly started_at: string;
  /** Set when the record reached `finished` or `error`. */
  readonly finished_at: string | null;
  readonly error: string | null;
}

export function introspectionActive(record: Introspection | null | undefined): record is Introspection {
  return !!record && !INTROSPECTION_DONE_STATES.has(record.state);
}

// --- the ramdisk's data ----------------------------------------------------------------

/** A network interface as the ramdisk (ironic-python-agent) reports it. */
export interface InventoryInterface {
  readonly name: string;
  readonly mac_address?: string | null;
  readonly ipv4_address?: string | null;
  readonly ipv6_address?: string | null;
}

export interface InventoryDisk {
  readonly name: string;
  /** Bytes. */
  readonly size: number;
}

/** The hardware inventory a ramdisk posts, in the inspector's shape (the parts ironledger uses). */
export interface Inventory {
  readonly cpu: { readonly count: number; readonly architecture: string; readonly flags?: readonly string[] };
  /** `physical_mb` is null when the ramdisk could not read it (IPA without dmidecode's answer). */
  readonly memory: { readonly physical_mb: number | null; readonly total?: number };
  readonly disks: readonly InventoryDisk[];
  readonly interfaces: readonly InventoryInterface[];
  readonly bmc_address?: string | null;
  readonly system_vendor?: { readonly manufacturer?: string; readonly product_name?: string; readonly serial_number?: string };
  readonly boot?: { readonly current_boot_mode?: string; readonly pxe_interface?: string };
}

/** The body of `POST /v1/continue`, once validated. */
export interface IntrospectionData {
  readonly inventory: Inventory;
  /** The disk the ramdisk chose for the root file system (else the largest disk counts). */
  readonly root_disk?: InventoryDisk | null;
  /** The interface the ramdisk PXE-booted from: a MAC, or `01-aa-bb-…` as PXE names it. */
  readonly boot_interface?: string | null;
  /** Set when the ramdisk itself failed; the introspection then fails with it. */
  readonly error?: string | null;
}

/** An interface that gets a port: its lower-case MAC, and whether the node PXE-boots from it. */
export interface EligibleInterface {
  readonly name: string;
  readonly address: string;
  readonly pxe: boolean;
}

/** What processing learns from an inventory. */
export interface InventoryFacts {
  /** The scheduler properties, as strings (as the inspector stores them). */
  readonly properties: { readonly cpus?: string; readonly cpu_arch?: string; readonly memory_mb?: string; readonly local_gb: string };
  /** Capabilities found (boot mode, CPU flags), merged into `properties.capabilities`. */
  readonly capabilities: Readonly<Record<string, string>>;
  readonly interfaces: readonly EligibleInterface[];
  /** Interfaces left out, and why (loopback, no MAC, malformed MAC). */
  readonly excluded: readonly { readonly name: string; readonly reason: string }[];
}

const GIB = 1024 ** 3;

/** CPU flags and the capability each one sets (the inspector's `[capabilities] cpu_flags` default). */
export const CPU_FLAG_CAPABILITIES: Readonly<Record<string, string>> = {
  vmx: 'cpu_vt',
  svm: 'cpu_vt',
  aes: 'cpu_aes',
  pse: 'cpu_hugepages',
  pdpe1gb: 'cpu_hugepages_1g',
  smx: 'cpu_txt',
};

/** Why an inventory cannot be processed (400, nothing appended). */
export class InvalidInventoryError extends InvalidParameterError {
  constructor(nodeId: string, message: string) {
    super(nodeId, message);
  }
}

/**
 * The facts an inventory gives (ironic-inspector's standard hooks, with its defaults):
 * - `cpus`, `cpu_arch` from `cpu`, `memory_mb` from `memory.physical_mb`, each only when the
 *   ramdisk reported it (the inspector leaves a missing one as the node has it);
 * - `local_gb` from the root disk the ramdisk named, else the largest disk: whole GiB, minus
 *   one for partitioning (`disk_partitioning_spacing`); 0 for a diskless machine;
 * - capabilities: `boot_mode` and the CPU flags' capabilities;
 * - ports: every interface with a valid MAC except loopback (`add_ports = all`), PXE-enabled
 *   when it is the boot interface (or when the ramdisk did not say which one that was).
 */
export function inventoryFacts(data: IntrospectionData, nodeId = ''): InventoryFacts {
  const { inventory } = data;
  if (typeof inventory !== 'object' || inventory === null) throw new InvalidInventoryError(nodeId, 'The introspection data has no inventory.');
  const count = inventory.cpu?.count;
  const arch = inventory.cpu?.architecture;
  const memory = inventory.memory?.physical_mb;
  const scheduling = {
    ...(Number.isInteger(count) && count > 0 && { cpus: String(count) }),
    ...(typeof arch === 'string' && arch !== '' && { cpu_arch: arch }),
    ...(Number.isInteger(memory) && memory! > 0 && { memory_mb: String(memory) }),
  };

  const bootMac = pxeMac(data.boot_interface ?? inventory.boot?.pxe_interface ?? null);
  const interfaces: EligibleInterface[] = [];
  const excluded: { name: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const iface of inventory.interfaces ?? []) {
    const address = normalizeMac(iface.mac_address);
    if (iface.name === 'lo' || iface.ipv4_address?.startsWith('127.') || iface.ipv6_address === '::1') excluded.push({ name: iface.name, reason: 'loopback interface' });
    else if (!iface.mac_address) excluded.push({ name: iface.name, reason: 'no MAC address' });
    else if (!address) excluded.push({ name: iface.name, reason: `invalid MAC address ${iface.mac_address}` });
    else if (seen.has(address)) excluded.push({ name: iface.name, reason: `MAC address ${address} listed twice` });
    else {
      seen.add(address);
      interfaces.push({ name: iface.name, address, pxe: bootMac === null || bootMac === address });
    }
  }
  if (interfaces.length === 0) throw new InvalidInventoryError(nodeId, 'No suitable interfaces found in the inventory: each needs a valid MAC address and must not be loopback.');

  const root = data.root_disk ?? largest(inventory.disks ?? []);
  const wholeGib = root ? Math.floor(root.size / GIB) : 0;
  const localGb = wholeGib > 0 ? wholeGib - 1 : 0;

  const capabilities: Record<string, string> = {};
  if (inventory.boot?.current_boot_mode) capabilities.boot_mode = inventory.boot.current_boot_mode;
  for (const flag of inventory.cpu?.flags ?? []) {
    const capability = CPU_FLAG_CAPABILITIES[flag];
    if (capability) capabilities[capability] = 'true';
  }

  return { properties: { ...scheduling, local_gb: String(localGb) }, capabilities, interfaces, excluded };
}

function largest(disks: readonly InventoryDisk[]): InventoryDisk | undefined {
  return disks.reduce<InventoryDisk | undefined>((best, disk) => (best === undefined || disk.size > best.size ? disk : best), undefined);
}

// --- small value helpers ------------------------------------------------------------------

const MAC = /^[0-9a-f]{2}([:-])[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/i;

/** A MAC address in lower case with colons, or `undefined` when `value` is not one. */
export function normalizeMac(value: unknown): string | undefined {
  if (typeof value !== 'string' || !MAC.test(value.trim())) return undefined;
  return value.trim().toLowerCase().replace(/-/g, ':');
}

/** The MAC of a PXE boot interface as the ramdisk names it (`01-aa-bb-cc-dd-ee-ff` or a MAC). */
export function pxeMac(bootInterface: string | null): string | null {
  if (!bootInterface) return null;
  const value = bootInterface.trim().toLowerCase();
  return normalizeMac(value.startsWith('01-') ? value.slice(3) : value) ?? null;
}

/** `properties.capabilities` as Ironic keeps it (`"k1:v1,k2:v2"`), as a record. */
export function parseCapabilities(value: unknown): Record<string, string> {
  if (typeof value !== 'string' || value.trim() === '') return {};
  const entries = value.split(',').map((pair) => pair.trim()).filter(Boolean).map((pair) => {
    const at = pair.indexOf(':');
    return at < 0 ? [pair, ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
  });
  return Object.fromEntries(entries);
}

/** Capabilities back into Ironic's string form, in the record's order. */
export function formatCapabilities(capabilities: Readonly<Record<string, string>>): string {
  return Object.entries(capabilities).map(([key, value]) => `${key}:${value}`).join(',');
}

/**
 * The node properties processing sets: the scheduler properties, and `capabilities` with the
 * found ones merged over the existing ones (found values win; other capabilities stay).
 */
export function propertiesFromFacts(current: JsonObject, facts: InventoryFacts): JsonObject {
  const properties: JsonObject = { ...facts.properties };
  if (Object.keys(facts.capabilities).length > 0) {
    properties.capabilities = formatCapabilities({ ...parseCapabilities(current.capabilities), ...facts.capabilities });
  }
  return properties;
}

/** The BMC addresses `driver_info` names, as host names (lower case, no scheme, port or path). */
export const BMC_ADDRESS_FIELDS = ['ipmi_address', 'redfish_address', 'bmc_address', 'drac_address', 'ilo_address', 'irmc_address', 'cimc_address'] as const;

export function bmcHost(address: unknown): string | undefined {
  if (typeof address !== 'string' || address.trim() === '') return undefined;
  let value = address.trim().toLowerCase();
  const scheme = value.indexOf('://');
  if (scheme >= 0) value = value.slice(scheme + 3);
  value = value.split(/[/?#]/)[0];
  const at = value.lastIndexOf('@');
  if (at >= 0) value = value.slice(at + 1);
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined) || undefined;
  // One colon: host:port. More: a bare IPv6 address.
  if (value.split(':').length === 2) value = value.split(':')[0];
  return value || undefined;
}

/** The BMC host of a node, from the first BMC address field its `driver_info` has. */
export function nodeBmcHost(driverInfo: JsonObject): string | undefined {
  for (const field of BMC_ADDRESS_FIELDS) {
    const host = bmcHost(driverInfo[field]);
    if (host) return host;
  }
  return undefined;
}
