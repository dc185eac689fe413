/**
 * Ironic's `redfish` RAID interface: its steps `create_configuration` and `delete_configuration`,
 * through the Storage resources of the node's ComputerSystem. Volumes are created by POSTing to a
 * storage's Volumes collection and deleted with DELETE, with the apply time the collection
 * offers: `Immediate` when it does (a task the BMC answers with is waited for at once), else
 * `OnReset`, when one change per controller is submitted and the node rebooted: the step then
 * returns the task monitors, which the node waits on, and a conductor polls them (`checkTasks`)
 * until they are done to submit the next round. The configuration the node records at the end is
 * what the BMC then has, as Ironic reads it back.
 */
import { type Json, type JsonObject, type Node, type RaidTasks } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { type RedfishClient, type Resource } from './client.js';
import { type RedfishConnections, redfishException } from './connections.js';
import { RedfishError } from './errors.js';
import { awaitImmediateTask, DEFAULT_RAID_TASK_TIMING, type RaidTaskTiming, stillRunning, taskMonitorOf } from './raid-tasks.js';
import { disksToCreate, findConfiguration, type PhysicalDrive, type PlannedDisk, plannedDisks, raidLevelOf, REDFISH_RAID_LEVELS } from './raid-layout.js';

/** `raid.create_configuration`'s arguments, with Ironic's defaults (`delete_existing` is taken and, as in Ironic, not acted on). */
export interface CreateRaidArgs {
  readonly createRootVolume: boolean;
  readonly createNonrootVolumes: boolean;
}

/** Where a RAID step stands after a round: done, with the configuration the node records, or waiting for the BMC's tasks. */
export type RaidRound = { readonly done: JsonObject } | { readonly tasks: RaidTasks };

/** Ironic's `redfish` RAID interface. */
export interface RaidDriver {
  createConfiguration(node: Node, args: CreateRaidArgs): Promise<RaidRound>;
  deleteConfiguration(node: Node): Promise<RaidRound>;
  /**
   * Looks at the tasks a step waits for (Ironic's periodic RAID task check): `running` while any
   * runs; else submits the step's next round (rebooting the node for it), or ends the step.
   */
  checkTasks(node: Node, tasks: RaidTasks): Promise<RaidRound | 'running'>;
}

/** A storage resource of the system, as Ironic reads it. */
interface Storage {
  readonly id: string;
  readonly resource: Resource;
  /** Its first controller has no RAID levels: not one RAID is built on. */
  readonly raidless: boolean;
}

const GIB = 1024 ** 3;

const linkOf = (value: unknown): string | undefined => {
  const path = (value as Resource | null | undefined)?.['@odata.id'];
  return typeof path === 'string' ? path : undefined;
};
const membersOf = (collection: Resource): string[] => (Array.isArray(collection.Members) ? collection.Members.map(linkOf).filter((path): path is string => path !== undefined) : []);

/** What the interface needs besides the BMC: a reboot of the node (power and the ramdisk's boot), and how it waits for `Immediate` tasks. */
export interface RaidOptions {
  readonly reboot: (node: Node) => Promise<unknown>;
  readonly timing?: Partial<RaidTaskTiming>;
}

/** A change submitted to the BMC: done (`null`), or the monitor of its task, which a reboot applies. */
type Submitted = string | null;

export function redfishRaid(connections: RedfishConnections, options: RaidOptions): RaidDriver {
  const timing: RaidTaskTiming = { ...DEFAULT_RAID_TASK_TIMING, ...options.timing };
  const systemOf = async (node: Node) => {
    const target = connections.systemOf(node);
    return { client: target.client, system: (await connections.readSystem(target)).system };
  };

  const storages = async (client: RedfishClient, system: Resource): Promise<Storage[]> => {
    const collection = linkOf(system.Storage);
    if (!collection) throw new RedfishError('not-found', 'The attribute Storage is missing from the resource ComputerSystem');
    const found: Storage[] = [];
    for (const path of membersOf(await client.get(collection))) {
      const resource = await client.get(path);
      const controllers = Array.isArray(resource.StorageControllers) ? (resource.StorageControllers as Resource[]) : [];
      const raidTypes = controllers[0]?.SupportedRAIDTypes;
      found.push({ id: String(resource.Id), resource, raidless: Array.isArray(raidTypes) && raidTypes.length === 0 });
    }
    return found;
  };

  const drivesOf = async (client: RedfishClient, storage: Storage): Promise<PhysicalDrive[]> => {
    const links = Array.isArray(storage.resource.Drives) ? storage.resource.Drives.map(linkOf).filter((path): path is string => path !== undefined) : [];
    const drives: PhysicalDrive[] = [];
    for (const path of links) {
      const drive = await client.get(path);
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      drives.push({ id: String(drive.Id), path, capacityBytes: typeof drive.CapacityBytes === 'number' ? drive.CapacityBytes : 0, mediaType: text(drive.MediaType), protocol: text(drive.Protocol), storage: storage.id });
    }
    return drives;
  };

  const volumesPath = (storage: Storage): string => {
    const path = linkOf(storage.resource.Volumes);
    if (!path) throw new RedfishError('not-found', `The attribute Volumes is missing from the resource Storage ${storage.id}`);
    return path;
  };

  /** The apply time Ironic asks for: `Immediate` when offered, else `OnReset`, else none. */
  const applyTime = (collection: Resource): string | null => {
    const supported = (collection['@Redfish.OperationApplyTimeSupport'] as Resource | undefined)?.SupportedValues;
    if (!Array.isArray(supported)) return null;
    if (supported.includes('Immediate')) return 'Immediate';
    return supported.includes('OnReset') ? 'OnReset' : null;
  };

  /**
   * Sends a volume change with its apply time; an `Immediate` one that answers 202 is waited for
   * (sushy blocks on it), any other 202 gives the task monitor a reboot finishes.
   */
  const submit = async (client: RedfishClient, method: 'POST' | 'DELETE', path: string, when: string | null, body: Resource | undefined): Promise<Submitted> => {
    const answer = await client.request(method, path, body === undefined ? {} : { body: when ? { ...body, '@Redfish.OperationApplyTime': when } : body });
    if (answer.status !== 202) return null;
    const monitor = taskMonitorOf(client, method, path, answer);
    if (when !== 'Immediate') return monitor;
    await awaitImmediateTask(client, monitor, timing);
    return null;
  };

  /** What the BMC has now, as the node records it (Ironic's `update_raid_config`): every volume with a RAID type. */
  const currentConfig = async (client: RedfishClient, system: Resource): Promise<JsonObject> => {
    const logical_disks: JsonObject[] = [];
    for (const storage of await storages(client, system)) {
      for (const path of membersOf(await client.get(volumesPath(storage)))) {
        const volume = await client.get(path);
        const level = typeof volume.RAIDType === 'string' ? raidLevelOf(volume.RAIDType) : undefined;
        if (level === undefined) continue;
        logical_disks.push({
          id: String(volume.Id),
          name: typeof volume.Name === 'string' ? volume.Name : null,
          controller: storage.id,
          size_gb: Math.trunc((typeof volume.CapacityBytes === 'number' ? volume.CapacityBytes : 0) / GIB),
          raid_level: level,
        });
      }
    }
    return { logical_disks };
  };

  /** A failure reading the BMC, in Ironic's words (`RedfishError` around sushy's message). */
  const asIronic = (error: unknown): unknown => (error instanceof RedfishError && !error.message.startsWith('Redfish exception occurred') ? redfishException(error.message, error.kind, error.status) : error);

  /** The storages RAID is built on, and their drives. */
  const raidHardware = async (client: RedfishClient, system: Resource): Promise<{ raidStorages: Storage[]; drives: PhysicalDrive[] }> => {
    try {
      const raidStorages = (await storages(client, system)).filter((storage) => !storage.raidless);
      const drives: PhysicalDrive[] = [];
      for (const storage of raidStorages) drives.push(...(await drivesOf(client, storage)));
      return { raidStorages, drives };
    } catch (error) {
      throw asIronic(error);
    }
  };

  const done = async (client: RedfishClient, system: Resource): Promise<RaidRound> => {
    try {
      return { done: await currentConfig(client, system) };
    } catch (error) {
      throw asIronic(error);
    }
  };

  /**
   * Creates the volumes of `groups` (one group per controller, in Ironic's order) until a change
   * waits for a reboot: a change left to a reboot holds back the rest of its controller's, one at
   * a time as Ironic submits them. The node is then rebooted, and the round's monitors are waited for.
   */
  const createRound = async (node: Node, client: RedfishClient, system: Resource, groups: readonly PlannedDisk[][]): Promise<RaidRound> => {
    if (groups.length === 0) return done(client, system);
    const { raidStorages, drives } = await raidHardware(client, system);
    const create = async (disk: PlannedDisk): Promise<Submitted> => {
      const names = disk.physical_disks ?? [];
      const storage = raidStorages.find((candidate) => drives.some((drive) => drive.storage === candidate.id && names.includes(drive.id)));
      if (!storage) throw redfishException(`No storage controller found for node ${node.uuid}`);
      try {
        const collectionPath = volumesPath(storage);
        const when = applyTime(await client.get(collectionPath));
        const body: Resource = { RAIDType: REDFISH_RAID_LEVELS[disk.raid_level]!.raidType, CapacityBytes: disk.size_bytes };
        if (names.length > 0) body.Links = { Drives: names.map((name) => ({ '@odata.id': drives.find((drive) => drive.storage === storage.id && drive.id === name)?.path ?? null })) };
        return await submit(client, 'POST', collectionPath, when, body);
      } catch (error) {
        throw asIronic(error);
      }
    };
    let pending = groups;
    while (pending.length > 0) {
      const monitors: string[] = [];
      const later: PlannedDisk[][] = [];
      for (const group of pending) {
        for (const [at, disk] of group.entries()) {
          const monitor = await create(disk);
          if (monitor === null) continue;
          monitors.push(monitor);
          if (at + 1 < group.length) later.push(group.slice(at + 1));
          break;
        }
      }
      if (monitors.length > 0) {
        await options.reboot(node);
        return { tasks: { operation: 'create', monitors, pending: later as unknown as Json } };
      }
      pending = later;
    }
    return done(client, system);
  };

  /**
   * Deletes every volume with a RAID type: one per controller when deletions wait for a reboot,
   * as Ironic submits them, after which the node is rebooted and their monitors waited for.
   */
  const deleteRound = async (node: Node, client: RedfishClient, system: Resource): Promise<RaidRound> => {
    const doomed: { path: string; when: string | null }[] = [];
    let anyLeft = false;
    try {
      for (const storage of await storages(client, system)) {
        const collection = await client.get(volumesPath(storage));
        const when = applyTime(collection);
        const members = membersOf(collection);
        let at = 0;
        for (; at < members.length; at++) {
          const volume = await client.get(members[at]!);
          if (typeof volume.RAIDType !== 'string' || volume.RAIDType === '') continue;
          doomed.push({ path: members[at]!, when });
          if (when === 'OnReset') break;
        }
        // As Ironic, only the last storage's remaining volumes say whether another round is due.
        anyLeft = at + 1 < members.length;
      }
    } catch (error) {
      throw asIronic(error);
    }
    // As in Ironic, a refused deletion fails the step with the BMC's answer as it is.
    const monitors: string[] = [];
    for (const { path, when } of doomed) {
      const monitor = await submit(client, 'DELETE', path, when, when ? {} : undefined);
      if (monitor !== null) monitors.push(monitor);
    }
    if (monitors.length === 0) return done(client, system);
    await options.reboot(node);
    return { tasks: { operation: 'delete', monitors, pending: anyLeft } };
  };

  return {
    async createConfiguration(node, { createRootVolume, createNonrootVolumes }) {
      const target = node.target_raid_config.logical_disks;
      // Ironic reads the target's disks without checking there is a target (a KeyError).
      if (!Array.isArray(target)) throw new DriverError("'logical_disks'");
      const disks = plannedDisks(node.uuid, target as JsonObject[]);
      const { client, system } = await systemOf(node);
      const { drives } = await raidHardware(client, system);
      const toCreate = disksToCreate(findConfiguration(disks, drives), createRootVolume, createNonrootVolumes);
      // Grouped by controller, in the order of their names, as Ironic submits them.
      const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const ordered = toCreate.map((disk, at) => ({ disk, at })).sort((a, b) => byName(String(a.disk.controller), String(b.disk.controller)) || a.at - b.at);
      const groups = new Map<string, PlannedDisk[]>();
      for (const { disk } of ordered) groups.set(String(disk.controller), [...(groups.get(String(disk.controller)) ?? []), disk]);
      return createRound(node, client, system, [...groups.values()]);
    },

    async deleteConfiguration(node) {
      const { client, system } = await systemOf(node);
      return deleteRound(node, client, system);
    },

    async checkTasks(node, tasks) {
      const { client, system } = await systemOf(node);
      for (const monitor of tasks.monitors) if (await stillRunning(client, monitor)) return 'running';
      if (tasks.operation === 'create') return createRound(node, client, system, tasks.pending as unknown as PlannedDisk[][]);
      return tasks.pending === true ? deleteRound(node, client, system) : done(client, system);
    },
  };
}
