/**
 * Where each logical disk of a target RAID configuration goes, as Ironic's `redfish` RAID
 * interface works it out before it asks the BMC for volumes: disks named by the operator are
 * checked, the others are matched to drives of one kind (media, protocol, capacity) that have
 * room, in 64 MiB stripes, trying the fewest drives first and every later disk with each choice.
 * Pure: the drives are given, nothing is asked of the BMC.
 */
import { type JsonObject, pythonRepr } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { RedfishError } from './errors.js';
import { redfishException } from './connections.js';

const GIB = 1024 ** 3;
const STRIPE_KIB = 64 * 1024;

type Level = { readonly type: 'simple'; readonly minDisks: number; readonly maxDisks: number; readonly raidType: string; readonly overhead: number } | { readonly type: 'spanned'; readonly raidType: string; readonly spanType: string };

/** The RAID levels the interface builds, in Ironic's order, with the Redfish `RAIDType` of each. */
export const REDFISH_RAID_LEVELS: Readonly<Record<string, Level>> = {
  '0': { type: 'simple', minDisks: 1, maxDisks: 1000, raidType: 'RAID0', overhead: 0 },
  '1': { type: 'simple', minDisks: 2, maxDisks: 2, raidType: 'RAID1', overhead: 1 },
  '5': { type: 'simple', minDisks: 3, maxDisks: 1000, raidType: 'RAID5', overhead: 1 },
  '6': { type: 'simple', minDisks: 4, maxDisks: 1000, raidType: 'RAID6', overhead: 2 },
  '1+0': { type: 'spanned', raidType: 'RAID10', spanType: '1' },
  '5+0': { type: 'spanned', raidType: 'RAID50', spanType: '5' },
  '6+0': { type: 'spanned', raidType: 'RAID60', spanType: '6' },
};

/** A drive of a RAID-capable storage resource. */
export interface PhysicalDrive {
  readonly id: string;
  readonly path: string;
  readonly capacityBytes: number;
  readonly mediaType: string | null;
  readonly protocol: string | null;
  /** The `Id` of the storage resource holding it. */
  readonly storage: string;
}

/** A logical disk on its way to the BMC: the operator's fields, its size in bytes, and the drives and controller found for it. */
export interface PlannedDisk {
  readonly raid_level: string;
  size_bytes: number | 'MAX';
  physical_disks?: string[];
  controller?: string;
  span_depth?: number | null;
  span_length?: number | null;
  readonly is_root_volume?: boolean;
  readonly share_physical_disks?: boolean;
  readonly disk_type?: string;
  readonly interface_type?: string;
  readonly number_of_physical_disks?: number;
  readonly [other: string]: unknown;
}

type FreeSpace = Map<PhysicalDrive, number>;

const failure = (message: string) => redfishException(message, 'rejected');

/**
 * The target's logical disks with sizes in bytes; a `MAX` disk must name its drives (Ironic's
 * `InvalidParameterValue`, in its words).
 */
export function plannedDisks(nodeId: string, logicalDisks: readonly JsonObject[]): PlannedDisk[] {
  return logicalDisks.map((disk) => {
    if (disk.size_gb === 'MAX' && !('physical_disks' in disk)) {
      throw new DriverError(
        `create_configuration called with invalid target_raid_configuration for node ${nodeId}. 'physical_disks' is missing from logical_disk while 'size_gb'='MAX' was requested: ${pythonRepr(disk)}`,
      );
    }
    const { size_gb, ...rest } = disk;
    return { ...(rest as unknown as PlannedDisk), size_bytes: size_gb === 'MAX' ? 'MAX' : (size_gb as number) * GIB };
  });
}

function levelOf(raidLevel: string): Level {
  const level = REDFISH_RAID_LEVELS[raidLevel];
  if (!level) throw failure(`RAID level ${raidLevel} is not supported by the driver. Supported RAID levels: ${Object.keys(REDFISH_RAID_LEVELS).join(', ')}`);
  return level;
}

/** The simple level a level's spans are of (itself when it is not spanned). */
function spanLevel(raidLevel: string, spans: number): Extract<Level, { type: 'simple' }> {
  const level = levelOf(raidLevel);
  if (level.type === 'simple') return level;
  if (spans <= 1) throw failure('Spanned RAID volumes cannot contain a single span');
  return REDFISH_RAID_LEVELS[level.spanType] as Extract<Level, { type: 'simple' }>;
}

const overheadDisks = (raidLevel: string, spans: number) => spanLevel(raidLevel, spans).overhead * spans;
const minDisks = (raidLevel: string, spans: number) => spanLevel(raidLevel, spans).minDisks * spans;
const maxDisks = (raidLevel: string, spans: number) => spanLevel(raidLevel, spans).maxDisks * spans;

function spansOf(raidLevel: string, disks: number): number {
  if (['0', '1', '5', '6'].includes(raidLevel)) return 1;
  if (['5+0', '6+0'].includes(raidLevel)) return 2;
  if (raidLevel === '1+0') return disks >> 1;
  throw failure(`Cannot calculate spans for RAID level "${raidLevel}"`);
}

function usableDisks(raidLevel: string, disks: number): number {
  if (['0', '1', '5', '6'].includes(raidLevel)) return disks;
  if (['5+0', '6+0', '1+0'].includes(raidLevel)) return (disks >> 1) << 1;
  levelOf(raidLevel);
  return disks;
}

function maxVolumeBytes(raidLevel: string, drives: readonly PhysicalDrive[], free: FreeSpace, spans: number): number {
  // As Python's min() of nothing: drives the operator named that the node does not have.
  if (drives.length === 0) throw new DriverError('min() arg is an empty sequence');
  const sizeKib = Math.floor(Math.min(...drives.map((drive) => free.get(drive)!)) / 1024);
  const stripesPerDisk = Math.floor(sizeKib / STRIPE_KIB);
  const overhead = overheadDisks(raidLevel, spans);
  if (drives.length <= overhead) throw failure(`The number of physical drives (${drives.length}) is too few for the required number of overhead drives (${overhead})`);
  return stripesPerDisk * STRIPE_KIB * (drives.length - overhead) * 1024;
}

function usagePerDisk(disk: PlannedDisk, drives: readonly PhysicalDrive[], spans: number): number {
  const overhead = overheadDisks(disk.raid_level, spans);
  const stripesPerVolume = Math.ceil(Math.floor((disk.size_bytes as number) / 1024) / STRIPE_KIB);
  return Math.ceil(stripesPerVolume / (drives.length - overhead)) * STRIPE_KIB * 1024;
}

/** Checks that the disk's drives hold it, takes its room from them, and settles its size and controller. */
function placeDisk(disk: PlannedDisk, drives: readonly PhysicalDrive[], free: FreeSpace): void {
  const selected = drives.filter((drive) => disk.physical_disks!.includes(drive.id));
  const spans = spansOf(disk.raid_level, selected.length);
  if (spans === 0 || selected.length % spans !== 0) {
    throw failure(`For RAID level ${disk.raid_level}, the number of physical disks provided (${selected.length}) must be a multiple of the spans count (${spans})`);
  }
  // A RAID 1+0 volume's spans are left to the controller.
  disk.span_depth = disk.raid_level === '1+0' ? null : spans;
  disk.span_length = disk.raid_level === '1+0' ? null : selected.length / spans;
  const max = maxVolumeBytes(disk.raid_level, selected, free, spans);
  if (disk.size_bytes === 'MAX') {
    if (max === 0) throw failure("size set to 'MAX' but could not allocate physical disk space");
    disk.size_bytes = max;
  } else if (max < disk.size_bytes) {
    throw failure(`The physical disk space (${max} bytes) is not enough for the size of the logical disk (${disk.size_bytes} bytes)`);
  }
  const usage = usagePerDisk(disk, selected, spans);
  for (const drive of selected) {
    const left = free.get(drive)!;
    if (left < usage) throw failure(`The free space of a disk (${left} bytes) is not enough for the per-disk size of the logical disk (${usage} bytes)`);
    free.set(drive, left - usage);
  }
  if (disk.controller === undefined) disk.controller = selected[0]!.storage;
}

const PROTOCOLS: Readonly<Record<string, string>> = { SAS: 'sas', SATA: 'sata' };

/** Drives of one kind: media type, protocol and capacity. */
type DrivesByKind = Map<string, PhysicalDrive[]>;
const kindOf = (drive: PhysicalDrive) => JSON.stringify([drive.mediaType, drive.protocol, drive.capacityBytes]);

/**
 * Finds drives for the first of `disks` and, with each choice, for the rest (recursively); the
 * disks placed are appended to `disks` again. `[false, free]` with the first disk put back when
 * no choice works.
 */
function assignDrives(disks: PlannedDisk[], byKind: DrivesByKind, free: FreeSpace): [boolean, FreeSpace] {
  const disk = disks.shift()!;
  for (const [kind, candidates] of byKind) {
    const [mediaType, protocol] = JSON.parse(kind) as [string | null, string | null];
    if (disk.disk_type !== undefined && disk.disk_type.toLowerCase() !== String(mediaType).toLowerCase()) continue;
    if (disk.interface_type !== undefined && disk.interface_type.toLowerCase() !== PROTOCOLS[String(protocol)]) continue;
    let drives = candidates.filter((drive) => free.get(drive)! > 0).sort((a, b) => free.get(a)! - free.get(b)!);
    if (!disk.share_physical_disks) drives = drives.filter((drive) => drive.capacityBytes === free.get(drive));
    const maxSpans = spansOf(disk.raid_level, drives.length);
    const fewest = minDisks(disk.raid_level, Math.min(2, maxSpans));
    const most = Math.min(maxDisks(disk.raid_level, maxSpans), drives.length);
    for (let count = fewest; count <= most; count++) {
      if (disk.number_of_physical_disks !== undefined && disk.number_of_physical_disks !== count) continue;
      if (count !== usableDisks(disk.raid_level, count)) continue;
      const selected = drives.slice(0, count);
      const candidate: PlannedDisk = { ...disk, physical_disks: selected.map((drive) => drive.id) };
      let candidateFree: FreeSpace = new Map(free);
      try {
        placeDisk(candidate, selected, candidateFree);
        if (disks.length > 0) {
          const [placed, after] = assignDrives(disks, byKind, candidateFree);
          if (!placed) continue;
          candidateFree = after;
        }
      } catch (error) {
        if (error instanceof RedfishError) continue;
        throw error;
      }
      disks.push(candidate);
      return [true, candidateFree];
    }
  }
  disks.unshift(disk);
  return [false, free];
}

/**
 * The logical disks with their drives, sizes and controllers: first those whose drives and size
 * the operator gave, then those whose drives are to be found, then those named with `MAX`, whose
 * shared drives are kept back unless nothing else works.
 */
export function findConfiguration(disks: PlannedDisk[], drives: readonly PhysicalDrive[]): PlannedDisk[] {
  const named = (disk: PlannedDisk) => disk.physical_disks !== undefined;
  const reserved = new Set(drives.filter((drive) => disks.some((disk) => named(disk) && disk.size_bytes === 'MAX' && disk.share_physical_disks && disk.physical_disks!.includes(drive.id))));
  const byKind: DrivesByKind = new Map();
  const reservedByKind: DrivesByKind = new Map();
  const free: FreeSpace = new Map();
  for (const drive of drives) {
    free.set(drive, drive.capacityBytes);
    const kind = kindOf(drive);
    if (!byKind.has(kind)) {
      byKind.set(kind, []);
      reservedByKind.set(kind, []);
    }
    (reserved.has(drive) ? reservedByKind : byKind).get(kind)!.push(drive);
  }
  // Drives an operator gave to a disk that does not share them are not for the others.
  for (const disk of disks.filter((candidate) => named(candidate) && !candidate.share_physical_disks)) {
    for (const drive of drives.filter((candidate) => disk.physical_disks!.includes(candidate.id))) {
      const list = byKind.get(kindOf(drive))!;
      if (list.includes(drive)) list.splice(list.indexOf(drive), 1);
    }
  }
  const processed: PlannedDisk[] = [];
  for (const disk of disks.filter((candidate) => named(candidate) && candidate.size_bytes !== 'MAX')) {
    placeDisk(disk, drives, free);
    processed.push(disk);
  }
  const unplaced = disks.filter((disk) => !named(disk));
  let space = free;
  if (unplaced.length > 0) {
    let [placed, after] = assignDrives(unplaced, byKind, space);
    if (!placed) {
      for (const [kind, list] of byKind) list.push(...reservedByKind.get(kind)!);
      [placed, after] = assignDrives(unplaced, byKind, space);
      if (!placed) throw failure('failed to find matching physical disks for all logical disks');
    }
    space = after;
  }
  processed.push(...unplaced);
  for (const disk of disks.filter((candidate) => named(candidate) && candidate.size_bytes === 'MAX')) {
    placeDisk(disk, drives, space);
    processed.push(disk);
  }
  return processed;
}

/** The disks to create: the root volume and/or the others, as the step's arguments say. */
export function disksToCreate(disks: readonly PlannedDisk[], rootVolume: boolean, nonRootVolumes: boolean): PlannedDisk[] {
  return disks.filter((disk) => (disk.is_root_volume ? rootVolume : nonRootVolumes));
}

/** The RAID level of a Redfish `RAIDType`, or `undefined` for one the interface does not build. */
export function raidLevelOf(raidType: string): string | undefined {
  return Object.entries(REDFISH_RAID_LEVELS).find(([, level]) => level.raidType === raidType)?.[0];
}
