/**
 * Each system's RAID storage: one Storage resource (`Systems/{n}/Storage/1`) with one RAID
 * controller, four drives of the same kind and a Volumes collection that creates volumes from a
 * POST and deletes them with DELETE. Its BMC says when a change applies: at once (`Immediate`,
 * answered 201/204, or 202 with a task monitor that finishes a while later), or at the host's
 * next boot (`OnReset`, 202 with a task monitor that finishes then, or a while after). The state of a system's
 * storage is kept only once someone changes it, so 10,000 untouched BMCs cost nothing.
 */
import { type RaidApplyTime } from './model.js';
import { redfishError } from './resources.js';

/** The one Storage resource of every system, its controller's RAID levels and its drives. */
export const STORAGE_ID = '1';
export const RAID_TYPES = ['RAID0', 'RAID1', 'RAID5', 'RAID10'] as const;
export const DRIVE_IDS = ['Disk.0', 'Disk.1', 'Disk.2', 'Disk.3'] as const;
export const DRIVE_CAPACITY_BYTES = 480 * 1024 ** 3;

/** How many drives a volume of each RAID type needs at least, and how many of them hold redundancy. */
const LEVELS: Readonly<Record<(typeof RAID_TYPES)[number], { readonly minDrives: number; readonly overhead: (drives: number) => number; readonly even?: boolean }>> = {
  RAID0: { minDrives: 1, overhead: () => 0 },
  RAID1: { minDrives: 2, overhead: (drives) => drives - 1 },
  RAID5: { minDrives: 3, overhead: () => 1 },
  RAID10: { minDrives: 4, overhead: (drives) => drives / 2, even: true },
};

export interface Volume {
  readonly id: string;
  readonly name: string;
  readonly raidType: (typeof RAID_TYPES)[number];
  readonly capacityBytes: number;
  readonly drives: readonly string[];
}

/** How a system's storage applies volume changes, and where its host and clock stand (from its BMC). */
export interface RaidMode {
  readonly applyTime: RaidApplyTime;
  /**
   * `Immediate` changes run as tasks that finish this long after they were asked for (0: none);
   * `OnReset` ones run this long once the boot that applies them is seen (as it is now: raising it holds them).
   */
  readonly taskMs: number;
  /** Boots of the host so far: an `OnReset` change is applied by the next one. */
  readonly boots: number;
  readonly now: number;
}

/** A volume change waiting to be applied, behind its task monitor. */
interface RaidTask {
  readonly id: string;
  readonly change: { readonly create: Volume } | { readonly remove: string };
  /** `OnReset`: applied once the host has booted more often than this; `Immediate`: at this time. */
  readonly afterBoots?: number;
  readonly readyAt?: number;
  /** `OnReset`: when the boot that applies it was first seen. */
  bootSeenAt?: number;
  done: boolean;
}

interface SystemStorage {
  readonly volumes: Volume[];
  readonly tasks: RaidTask[];
  nextId: number;
}

/** What a Volumes request gets: a body (or none) and its status, with the new volume's path for `Location`. */
export interface StorageAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly location?: string;
}

/** The requests below a system's Storage resource (its collection aside). */
export type StorageRequest = 'storage' | 'drive' | 'volumes' | 'createVolume' | 'volume' | 'deleteVolume' | 'raidTask';

/** What a storage answer reads of a request: the ids its path names, its URL (for errors) and its body. */
export interface StorageCall {
  readonly drive?: string;
  readonly volume?: string;
  readonly task?: string;
  readonly url: string;
  readonly body: unknown;
}

const missing = (url: string): StorageAnswer => ({ status: 404, body: redfishError('ResourceMissingAtURI', url) });
const refused = (...error: Parameters<typeof redfishError>): StorageAnswer => ({ status: 400, body: redfishError(...error) });

/** The storage of every system of one simulator. */
export class Storages {
  private readonly systems = new Map<number, SystemStorage>();

  /** The volumes system `n` has now. */
  volumes(n: number): readonly Volume[] {
    return this.systems.get(n)?.volumes ?? [];
  }

  /** System `n` back to no volumes (a control `reset`). */
  clear(n: number): void {
    this.systems.delete(n);
  }

  private of(n: number): SystemStorage {
    let storage = this.systems.get(n);
    if (!storage) this.systems.set(n, (storage = { volumes: [], tasks: [], nextId: 1 }));
    return storage;
  }

  /** Answers a request to system `n`'s Storage resource, its drives, its volumes or its task monitors. */
  answer(request: StorageRequest, prefix: string, n: number, call: StorageCall, mode: RaidMode): StorageAnswer {
    const { drive = '', volume = '', task = '', url, body } = call;
    switch (request) {
      case 'storage':
        return { status: 200, body: this.storage(prefix, n) };
      case 'drive':
        return this.drive(prefix, n, drive, url);
      case 'volumes':
        return { status: 200, body: this.volumeCollection(prefix, n, mode) };
      case 'createVolume':
        return this.create(prefix, n, body, mode);
      case 'volume':
        return this.volume(prefix, n, volume, url, mode);
      case 'deleteVolume':
        return this.remove(prefix, n, volume, url, body, mode);
      case 'raidTask':
        return this.taskMonitor(prefix, n, task, url, mode);
    }
  }

  /** Applies the changes whose time has come: the host booted since (`OnReset`), or their task's time is up. */
  private settle(n: number, mode: RaidMode): void {
    for (const task of this.systems.get(n)?.tasks ?? []) {
      if (task.afterBoots !== undefined && mode.boots > task.afterBoots) task.bootSeenAt ??= mode.now;
      const due = (task.bootSeenAt !== undefined && mode.now >= task.bootSeenAt + mode.taskMs) || (task.readyAt !== undefined && mode.now >= task.readyAt);
      if (task.done || !due) continue;
      task.done = true;
      this.change(n, task.change);
    }
  }

  private change(n: number, change: RaidTask['change']): void {
    const volumes = this.of(n).volumes;
    if ('create' in change) return void volumes.push(change.create);
    const at = volumes.findIndex((volume) => volume.id === change.remove);
    if (at >= 0) volumes.splice(at, 1);
  }

  /** A change made now (answered `now`), or a task that makes it later, as the BMC's mode says: 202 with its monitor. */
  private submit(prefix: string, n: number, change: RaidTask['change'], mode: RaidMode, now: StorageAnswer): StorageAnswer {
    if (mode.applyTime === 'Immediate' && mode.taskMs === 0) {
      this.change(n, change);
      return now;
    }
    const tasks = this.of(n).tasks;
    const task: RaidTask = { id: String(tasks.length + 1), change, done: false, ...(mode.applyTime === 'OnReset' ? { afterBoots: mode.boots } : { readyAt: mode.now + mode.taskMs }) };
    tasks.push(task);
    const location = taskMonitorPath(prefix, n, task.id);
    return { status: 202, location, body: taskResource(location, task) };
  }

  /** `GET` of a task monitor: 202 with the task while it waits or runs, 200 with the finished task after. */
  taskMonitor(prefix: string, n: number, id: string, url: string, mode: RaidMode): StorageAnswer {
    this.settle(n, mode);
    const task = this.systems.get(n)?.tasks.find((candidate) => candidate.id === id);
    return task ? { status: task.done ? 200 : 202, body: taskResource(taskMonitorPath(prefix, n, id), task) } : missing(url);
  }

  collection(prefix: string, n: number): unknown {
    const path = `${systemPath(prefix, n)}/Storage`;
    return { '@odata.type': '#StorageCollection.StorageCollection', '@odata.id': path, Name: 'Storage Collection', 'Members@odata.count': 1, Members: [{ '@odata.id': `${path}/${STORAGE_ID}` }] };
  }

  storage(prefix: string, n: number): unknown {
    const path = storagePath(prefix, n);
    return {
      '@odata.type': '#Storage.v1_10_1.Storage',
      '@odata.id': path,
      Id: STORAGE_ID,
      Name: 'RAID Storage',
      Status: { State: 'Enabled', Health: 'OK' },
      StorageControllers: [
        {
          '@odata.id': `${path}#/StorageControllers/0`,
          MemberId: '0',
          Name: 'Virtual RAID controller',
          Status: { State: 'Enabled', Health: 'OK' },
          SupportedControllerProtocols: ['PCIe'],
          SupportedDeviceProtocols: ['SAS'],
          SupportedRAIDTypes: [...RAID_TYPES],
        },
      ],
      Drives: DRIVE_IDS.map((id) => ({ '@odata.id': `${path}/Drives/${id}` })),
      Volumes: { '@odata.id': `${path}/Volumes` },
    };
  }

  drive(prefix: string, n: number, id: string, url: string): StorageAnswer {
    if (!(DRIVE_IDS as readonly string[]).includes(id)) return missing(url);
    return {
      status: 200,
      body: {
        '@odata.type': '#Drive.v1_9_0.Drive',
        '@odata.id': `${storagePath(prefix, n)}/Drives/${id}`,
        Id: id,
        Name: `Virtual drive ${id}`,
        CapacityBytes: DRIVE_CAPACITY_BYTES,
        MediaType: 'HDD',
        Protocol: 'SAS',
        Status: { State: 'Enabled', Health: 'OK' },
      },
    };
  }

  volumeCollection(prefix: string, n: number, mode: RaidMode): unknown {
    this.settle(n, mode);
    const path = `${storagePath(prefix, n)}/Volumes`;
    const volumes = this.volumes(n);
    return {
      '@odata.type': '#VolumeCollection.VolumeCollection',
      '@odata.id': path,
      Name: 'Volume Collection',
      'Members@odata.count': volumes.length,
      Members: volumes.map((volume) => ({ '@odata.id': `${path}/${volume.id}` })),
      '@Redfish.OperationApplyTimeSupport': { '@odata.type': '#Settings.v1_3_3.OperationApplyTimeSupport', SupportedValues: [mode.applyTime] },
    };
  }

  volume(prefix: string, n: number, id: string, url: string, mode: RaidMode): StorageAnswer {
    this.settle(n, mode);
    const volume = this.volumes(n).find((candidate) => candidate.id === id);
    return volume ? { status: 200, body: volumeResource(prefix, n, volume) } : missing(url);
  }

  /**
   * `POST …/Volumes`: `RAIDType`, `CapacityBytes` and `Links.Drives` of this storage, which must
   * hold it besides the volumes it has and those still to come; 201 with its `Location`, or a task.
   */
  create(prefix: string, n: number, body: unknown, mode: RaidMode): StorageAnswer {
    this.settle(n, mode);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return refused('MalformedJSON');
    const request = body as Record<string, unknown>;
    for (const property of Object.keys(request)) {
      if (!['RAIDType', 'CapacityBytes', 'Links', 'Name', '@Redfish.OperationApplyTime'].includes(property)) return refused('PropertyUnknown', property);
    }
    const applyTime = request['@Redfish.OperationApplyTime'];
    if (applyTime !== undefined && applyTime !== mode.applyTime) return refused('PropertyValueNotInList', String(applyTime), '@Redfish.OperationApplyTime');
    const raidType = request.RAIDType;
    if (raidType === undefined) return refused('PropertyMissing', 'RAIDType');
    if (!(RAID_TYPES as readonly unknown[]).includes(raidType)) return refused('PropertyValueNotInList', String(raidType), 'RAIDType');
    const capacity = request.CapacityBytes;
    if (capacity === undefined) return refused('PropertyMissing', 'CapacityBytes');
    if (typeof capacity !== 'number' || !Number.isInteger(capacity) || capacity <= 0) return refused('PropertyValueTypeError', String(capacity), 'CapacityBytes');
    const links = (request.Links as Record<string, unknown> | undefined)?.Drives;
    if (!Array.isArray(links) || links.length === 0) return refused('PropertyMissing', 'Links/Drives');
    const drivesPath = `${storagePath(prefix, n)}/Drives/`;
    const drives: string[] = [];
    for (const link of links) {
      const path = (link as Record<string, unknown> | null)?.['@odata.id'];
      const id = typeof path === 'string' && path.startsWith(drivesPath) ? path.slice(drivesPath.length) : '';
      if (!(DRIVE_IDS as readonly string[]).includes(id) || drives.includes(id)) return refused('PropertyValueNotInList', String(path), 'Links/Drives');
      drives.push(id);
    }
    const level = LEVELS[raidType as (typeof RAID_TYPES)[number]];
    if (drives.length < level.minDrives || (level.even && drives.length % 2 !== 0)) return refused('PropertyValueOutOfRange', String(drives.length), 'Links/Drives');
    const storage = this.of(n);
    const coming = storage.tasks.flatMap((task) => (!task.done && 'create' in task.change ? [task.change.create] : []));
    // Each drive gives the volume an equal share, and a drive holds the volumes it already backs.
    const perDrive = Math.ceil(capacity / (drives.length - level.overhead(drives.length)));
    for (const id of drives) {
      const used = [...storage.volumes, ...coming].filter((volume) => volume.drives.includes(id)).reduce((sum, volume) => sum + volumeShare(volume), 0);
      if (used + perDrive > DRIVE_CAPACITY_BYTES) return refused('PropertyValueOutOfRange', String(capacity), 'CapacityBytes');
    }
    const id = String(storage.nextId++);
    const name = typeof request.Name === 'string' ? request.Name : `Volume ${id}`;
    const volume: Volume = { id, name, raidType: raidType as Volume['raidType'], capacityBytes: capacity, drives };
    return this.submit(prefix, n, { create: volume }, mode, { status: 201, location: `${storagePath(prefix, n)}/Volumes/${id}`, body: volumeResource(prefix, n, volume) });
  }

  /** `DELETE …/Volumes/{id}`, with the apply time the BMC offers if any: gone at once (204), or a task. */
  remove(prefix: string, n: number, id: string, url: string, body: unknown, mode: RaidMode): StorageAnswer {
    this.settle(n, mode);
    if (!this.volumes(n).some((volume) => volume.id === id)) return missing(url);
    const applyTime = (body as Record<string, unknown> | undefined)?.['@Redfish.OperationApplyTime'];
    if (applyTime !== undefined && applyTime !== mode.applyTime) return refused('PropertyValueNotInList', String(applyTime), '@Redfish.OperationApplyTime');
    return this.submit(prefix, n, { remove: id }, mode, { status: 204 });
  }
}

/** What a volume takes of each of its drives. */
function volumeShare(volume: Volume): number {
  return Math.ceil(volume.capacityBytes / (volume.drives.length - LEVELS[volume.raidType].overhead(volume.drives.length)));
}

function volumeResource(prefix: string, n: number, volume: Volume): unknown {
  const path = storagePath(prefix, n);
  return {
    '@odata.type': '#Volume.v1_6_2.Volume',
    '@odata.id': `${path}/Volumes/${volume.id}`,
    Id: volume.id,
    Name: volume.name,
    RAIDType: volume.raidType,
    CapacityBytes: volume.capacityBytes,
    Status: { State: 'Enabled', Health: 'OK' },
    Links: { Drives: volume.drives.map((id) => ({ '@odata.id': `${path}/Drives/${id}` })) },
  };
}

/** A task of the storage as its monitor shows it: waiting for the boot (`OnReset`) or running, then completed. */
function taskResource(path: string, task: RaidTask): unknown {
  const waiting = task.afterBoots !== undefined ? 'Pending' : 'Running';
  return {
    '@odata.type': '#Task.v1_4_3.Task',
    '@odata.id': path,
    Id: task.id,
    Name: 'create' in task.change ? 'Volume creation' : 'Volume deletion',
    TaskState: task.done ? 'Completed' : waiting,
    TaskStatus: 'OK',
    PercentComplete: task.done ? 100 : 0,
    Messages: [],
  };
}

const taskMonitorPath = (prefix: string, n: number, id: string) => `${storagePath(prefix, n)}/TaskMonitors/${id}`;
const systemPath = (prefix: string, n: number) => `${prefix}/redfish/v1/Systems/${n}`;
const storagePath = (prefix: string, n: number) => `${systemPath(prefix, n)}/Storage/${STORAGE_ID}`;
