/**
 * A system's hardware as Redfish shows it (Processors, Memory, SimpleStorage, EthernetInterfaces),
 * the same hardware its simulated ramdisk reports in its inventory, so that inspection through the
 * BMC and through the ramdisk find the same machine. Its `Storage` is the RAID controller of
 * `storage.ts`, whose drives hold no operating system and which Redfish RAID builds volumes on.
 */
import { simulatedInventory } from './ramdisk.js';

type Json = Record<string, unknown>;

const ENABLED = { State: 'Enabled', Health: 'OK' };

/** The size of system `index` in its inventory: CPUs, memory and disks grow with it. */
function hardwareOf(index: number) {
  const { inventory } = simulatedInventory(index, '');
  const sockets = 2;
  return {
    sockets,
    threadsPerSocket: inventory.cpu.count / sockets,
    memoryGib: inventory.memory.physical_mb / 1024,
    disks: inventory.disks,
    nics: inventory.interfaces,
  };
}

/** `ProcessorSummary` and `MemorySummary` of the ComputerSystem, and the links to the resources below. */
export function systemHardwareFields(path: string, index: number): Json {
  const hardware = hardwareOf(index);
  return {
    ProcessorSummary: { Count: hardware.sockets, LogicalProcessorCount: hardware.sockets * hardware.threadsPerSocket, Model: 'bmc-sim virtual CPU', Status: ENABLED },
    MemorySummary: { TotalSystemMemoryGiB: hardware.memoryGib, Status: ENABLED },
    Processors: { '@odata.id': `${path}/Processors` },
    Memory: { '@odata.id': `${path}/Memory` },
    SimpleStorage: { '@odata.id': `${path}/SimpleStorage` },
    EthernetInterfaces: { '@odata.id': `${path}/EthernetInterfaces` },
  };
}

const collection = (type: string, path: string, name: string, ids: readonly string[]): Json => ({
  '@odata.type': `#${type}Collection.${type}Collection`,
  '@odata.id': path,
  Name: name,
  'Members@odata.count': ids.length,
  Members: ids.map((id) => ({ '@odata.id': `${path}/${id}` })),
});

/**
 * The resource at `rest` (the path below `/Systems/{id}/`, e.g. `Processors/CPU0`) of system
 * `index`, whose ComputerSystem is at `systemPath`; `undefined` when there is none.
 */
export function systemHardwareResource(systemPath: string, index: number, rest: string): Json | undefined {
  const hardware = hardwareOf(index);
  const [kind, item, ...more] = rest.split('/').filter(Boolean);
  if (more.length > 0 || kind === undefined) return undefined;
  const base = `${systemPath}/${kind}`;
  const cpus = Array.from({ length: hardware.sockets }, (_, n) => `CPU${n}`);
  const dimms = Array.from({ length: hardware.memoryGib / 16 }, (_, n) => `DIMM${n}`);
  switch (kind) {
    case 'Processors':
      if (item === undefined) return collection('Processor', base, 'Processors Collection', cpus);
      if (!cpus.includes(item)) return undefined;
      return {
        '@odata.type': '#Processor.v1_0_0.Processor',
        '@odata.id': `${base}/${item}`,
        Id: item,
        Name: 'Processor',
        Socket: item,
        ProcessorType: 'CPU',
        ProcessorArchitecture: 'x86',
        InstructionSet: 'x86-64',
        Model: 'bmc-sim virtual CPU',
        TotalCores: hardware.threadsPerSocket / 2,
        TotalThreads: hardware.threadsPerSocket,
        Status: ENABLED,
      };
    case 'Memory':
      if (item === undefined) return collection('Memory', base, 'Memory Module Collection', dimms);
      if (!dimms.includes(item)) return undefined;
      return { '@odata.type': '#Memory.v1_0_0.Memory', '@odata.id': `${base}/${item}`, Id: item, Name: 'DIMM', MemoryType: 'DRAM', CapacityMiB: 16 * 1024, Status: ENABLED };
    case 'SimpleStorage':
      if (item === undefined) return collection('SimpleStorage', base, 'Simple Storage Collection', ['0']);
      if (item !== '0') return undefined;
      return {
        '@odata.type': '#SimpleStorage.v1_2_0.SimpleStorage',
        '@odata.id': `${base}/${item}`,
        Id: item,
        Name: 'Simple Storage Controller',
        Devices: hardware.disks.map((disk) => ({ Name: disk.model, Model: disk.model, CapacityBytes: disk.size, Status: ENABLED })),
        Status: ENABLED,
      };
    case 'EthernetInterfaces': {
      const names = hardware.nics.map((nic) => nic.name);
      if (item === undefined) return collection('EthernetInterface', base, 'Ethernet Interface Collection', names);
      const nic = hardware.nics.find((candidate) => candidate.name === item);
      if (!nic) return undefined;
      return {
        '@odata.type': '#EthernetInterface.v1_4_0.EthernetInterface',
        '@odata.id': `${base}/${item}`,
        Id: item,
        Name: item,
        MACAddress: nic.mac_address.toUpperCase(),
        PermanentMACAddress: nic.mac_address.toUpperCase(),
        LinkStatus: nic.has_carrier ? 'LinkUp' : 'LinkDown',
        Status: ENABLED,
      };
    }
    default:
      return undefined;
  }
}
