import { formatCapabilities, type JsonObject, type Node, normalizeMac, parseCapabilities } from '@ironledger/domain';
import { DriverError, type InspectDriver, type InspectedHardware } from '../driver.js';
import { type RedfishClient, type Resource } from './client.js';
import { type RedfishConnections } from './connections.js';
import { RedfishError, type RedfishErrorKind } from './errors.js';

const GIB = 1024 ** 3;

/** Redfish's `ProcessorArchitecture` as Ironic names it in `cpu_arch` (others are left out). */
const CPU_ARCHES: Readonly<Record<string, string>> = { x86: 'x86_64', 'IA-64': 'ia64', ARM: 'arm', MIPS: 'mips', OEM: 'oem' };

/** `BootSourceOverrideMode` as Ironic's `boot_mode` capability. */
const BOOT_MODES: Readonly<Record<string, string>> = { UEFI: 'uefi', Legacy: 'bios' };

/** The properties without which Ironic fails an inspection. */
const ESSENTIAL_PROPERTIES = ['memory_mb', 'local_gb', 'cpus', 'cpu_arch'] as const;

/** What Ironic reads of the system's sub-resources: the processors, disk sizes and NICs. */
export interface RedfishHardwareFacts {
  readonly memoryGib: number | null;
  readonly threads: number;
  readonly architecture: string | null;
  /** Sizes in bytes of the enabled `SimpleStorage` devices, of `Storage` volumes and of `Storage` drives; `null`: not readable. */
  readonly simpleStorage: readonly number[] | null;
  readonly volumes: readonly number[] | null;
  readonly drives: readonly number[] | null;
  readonly bootMode: string | null;
  /** MACs of the NICs whose health is OK, with their state (`Enabled`, `Disabled`, …). */
  readonly nics: readonly { readonly mac: string; readonly state: string | null }[];
}

/** The smallest size of at least 4 GiB, or 0. */
const smallestUsable = (sizes: readonly number[] | null): number => [...(sizes ?? [])].sort((a, b) => a - b).find((size) => size >= 4 * GIB) ?? 0;

/**
 * `local_gb` as Ironic works it out: the smallest disk of at least 4 GiB from `SimpleStorage`,
 * and from `Storage` (its volumes, else its drives); the smaller of the two when both have one;
 * in GiB, less one.
 */
export function localGb(facts: Pick<RedfishHardwareFacts, 'simpleStorage' | 'volumes' | 'drives'>): number {
  const simple = smallestUsable(facts.simpleStorage);
  const storage = smallestUsable(facts.volumes) || smallestUsable(facts.drives);
  const size = simple && storage ? Math.min(simple, storage) : Math.max(simple, storage);
  return Math.max(0, Math.trunc(size / GIB - 1));
}

/**
 * The node's properties after an inspection found `facts`, as Ironic's `redfish` inspection sets
 * them over the existing ones: `memory_mb`, `cpus` and `cpu_arch` when found, `local_gb` always
 * (0 for a disk-less node), the `boot_mode` capability unless the node has one. Throws Ironic's
 * failure when an essential property is still missing.
 */
export function inspectedProperties(node: Pick<Node, 'uuid' | 'properties'>, facts: RedfishHardwareFacts): JsonObject {
  const properties: JsonObject = { ...node.properties };
  if (facts.memoryGib) properties.memory_mb = String(facts.memoryGib * 1024);
  if (facts.threads) properties.cpus = facts.threads;
  const arch = facts.architecture === null ? undefined : CPU_ARCHES[facts.architecture];
  if (arch) properties.cpu_arch = arch;
  properties.local_gb = String(localGb(facts));
  const bootMode = facts.bootMode === null ? undefined : BOOT_MODES[facts.bootMode];
  const capabilities = parseCapabilities(properties.capabilities);
  if (bootMode && !capabilities.boot_mode) properties.capabilities = formatCapabilities({ ...capabilities, boot_mode: bootMode });
  const missing = ESSENTIAL_PROPERTIES.filter((key) => !(key in properties));
  if (missing.length > 0) {
    // Ironic passes its message and arguments unformatted, so its reason reads as a Python tuple.
    const reason = `('Failed to discover the following properties: %(missing_keys)s on node %(node)s', {'missing_keys': '${missing.join(', ')}', 'node': '${node.uuid}'})`;
    throw new DriverError(`Failed to inspect hardware. Reason: ${reason}`);
  }
  return properties;
}

/** MACs of the NICs in state `Enabled`, lower case (those Ironic makes ports for). */
export function enabledMacs(facts: Pick<RedfishHardwareFacts, 'nics'>): string[] {
  return [...new Set(facts.nics.filter((nic) => nic.state === 'Enabled').map((nic) => normalizeMac(nic.mac)).filter((mac): mac is string => mac !== undefined))];
}

/** The sushy exception a failed read surfaces as, which Ironic names when it is not one of its own. */
const SUSHY_ERRORS: Readonly<Record<RedfishErrorKind, string>> = {
  'invalid-config': 'SushyError',
  unreachable: 'ConnectionError',
  tls: 'ConnectionError',
  timeout: 'ConnectionError',
  auth: 'AccessError',
  'not-found': 'ResourceNotFoundError',
  server: 'ServerSideError',
  rejected: 'BadRequestError',
  malformed: 'SushyError',
  unsupported: 'SushyError',
  'power-timeout': 'SushyError',
};

/** A failure that is not Ironic's own, worded as Ironic's conductor words those. */
function unexpected(type: string, message: string): DriverError {
  return new DriverError(`Unexpected exception of type ${type}: ${message}`);
}

const odataId = (link: unknown): string | undefined => {
  const id = (link as Resource | null | undefined)?.['@odata.id'];
  return typeof id === 'string' ? id : undefined;
};

const members = async (client: RedfishClient, path: string): Promise<Resource[]> => {
  const list = (await client.get(path)).Members;
  const paths = Array.isArray(list) ? list.map(odataId).filter((id): id is string => id !== undefined) : [];
  return Promise.all(paths.map((member) => client.get(member)));
};

const numberOr = (value: unknown, fallback: number | null): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const stateOf = (resource: Resource): Resource => (resource.Status ?? {}) as Resource;

/**
 * Ironic's `redfish` inspect interface: reads the node's ComputerSystem and its Processors,
 * SimpleStorage, Storage and EthernetInterfaces through the BMC, and hands back the properties
 * and MACs found; the conductor records them and the node returns to `manageable` at once.
 * Messages are Ironic's.
 */
export function redfishInspect(connections: RedfishConnections): InspectDriver {
  /** A link the system must have (sushy's `MissingAttributeError` when it does not). */
  const required = (system: Resource, path: string, attribute: string): string => {
    const link = odataId(system[attribute]);
    if (!link) throw unexpected('MissingAttributeError', `The attribute ${attribute} is missing from the resource ${path}`);
    return link;
  };

  /** Sizes that may be missing: any failure reading them counts as none, as in Ironic. */
  const optionalSizes = async (read: () => Promise<number[]>): Promise<number[] | null> => read().catch(() => null);

  const readFacts = async (node: Node): Promise<RedfishHardwareFacts> => {
    const target = connections.systemOf(node);
    const { client } = target;
    let read;
    try {
      read = await connections.readSystem(target);
    } catch (error) {
      if (error instanceof RedfishError && ['unreachable', 'timeout', 'tls'].includes(error.kind)) throw new DriverError(`Redfish connection failed for node ${node.uuid}: ${error.message}`);
      throw error;
    }
    const { system, path } = read;
    const processorsPath = required(system, path, 'Processors');
    const processors = await members(client, processorsPath);
    const architecture = processors.map((cpu) => cpu.ProcessorArchitecture).find((arch): arch is string => typeof arch === 'string') ?? null;
    const simpleStoragePath = odataId(system.SimpleStorage);
    const storagePath = odataId(system.Storage);
    const storages = storagePath ? await members(client, storagePath).catch(() => null) : null;
    const simpleStorage = simpleStoragePath
      ? await optionalSizes(async () =>
          (await members(client, simpleStoragePath)).flatMap((controller) =>
            ((controller.Devices ?? []) as Resource[]).filter((device) => stateOf(device).State === 'Enabled').map((device) => numberOr(device.CapacityBytes, null)).filter((size): size is number => size !== null),
          ),
        )
      : null;
    const volumes = storages
      ? await optionalSizes(async () => (await Promise.all(storages.map(async (storage) => (odataId(storage.Volumes) ? members(client, odataId(storage.Volumes)!) : [])))).flat().map((volume) => numberOr(volume.CapacityBytes, 0)!))
      : null;
    const drives = storages
      ? await optionalSizes(async () => (await Promise.all(storages.flatMap((storage) => ((storage.Drives ?? []) as Resource[]).map((link) => client.get(odataId(link) ?? ''))))).map((drive) => numberOr(drive.CapacityBytes, 0)!))
      : null;
    const nicsPath = required(system, path, 'EthernetInterfaces');
    const nics = (await members(client, nicsPath))
      .filter((nic) => typeof nic.MACAddress === 'string' && nic.Status && stateOf(nic).Health === 'OK')
      .map((nic) => ({ mac: nic.MACAddress as string, state: typeof stateOf(nic).State === 'string' ? (stateOf(nic).State as string) : null }));
    const memory = (system.MemorySummary ?? {}) as Resource;
    const boot = (system.Boot ?? {}) as Resource;
    return {
      memoryGib: typeof memory.TotalSystemMemoryGiB === 'number' ? Math.trunc(memory.TotalSystemMemoryGiB) : null,
      threads: processors.reduce((sum, cpu) => sum + (numberOr(cpu.TotalThreads, 0) ?? 0), 0),
      architecture,
      simpleStorage,
      volumes,
      drives,
      bootMode: typeof boot.BootSourceOverrideMode === 'string' ? boot.BootSourceOverrideMode : null,
      nics,
    };
  };

  return {
    validate(node) {
      connections.parse(node);
    },

    async inspectHardware(node): Promise<InspectedHardware> {
      let facts: RedfishHardwareFacts;
      try {
        facts = await readFacts(node);
      } catch (error) {
        if (error instanceof RedfishError && error.kind !== 'invalid-config' && !error.message.startsWith('Redfish exception occurred.')) throw unexpected(SUSHY_ERRORS[error.kind], error.message);
        throw error;
      }
      return { properties: inspectedProperties(node, facts), macs: enabledMacs(facts) };
    },
  };
}
