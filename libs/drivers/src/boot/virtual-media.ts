/**
 * Ironic's `redfish-virtual-media` boot interface: the agent's ISO is inserted into a virtual
 * CD/DVD drive of the node's manager (found through the ComputerSystem's `Links.ManagedBy`),
 * whatever was inserted there ejected first, and the BMC told to boot from it once. The agent's
 * token, made by the conductor before the boot, goes with it on a configuration floppy (FAT12,
 * `ir-vfd-dev`, `parameters.txt`) in the manager's floppy/USB drive, served by the conductor's
 * media server, so that the API never has to hand it out. A `ramdisk` deployment's instance ISO
 * is inserted the same way, and booted from persistently.
 */
import { type Node } from '@ironledger/domain';
import { DriverError, type ManagementDriver } from '../driver.js';
import { type RedfishClient, type Resource } from '../redfish/client.js';
import { type NodeSystem, type RedfishConnections, redfishFailure } from '../redfish/connections.js';
import { RedfishError } from '../redfish/errors.js';
import { type BootInterface, ramdiskModeOf } from './boot-interface.js';
import { configFloppy } from './config-floppy.js';
import { type MediaPublisher } from './media-server.js';
import { agentIso, bootsInstanceRamdisk, instanceRamdisk, needsAgentRamdisk, type RamdiskImageDefaults } from './ramdisk-images.js';

export interface VirtualMediaBootOptions {
  /** ISOs of nodes whose `driver_info` names none (`deployIso`, `rescueIso`). */
  readonly images?: RamdiskImageDefaults;
  /** Where ramdisks reach the API (`ipa-api-url` on the configuration floppy). */
  readonly apiUrl?: string;
  /** Serves the configuration floppies; without it the agent gets no token from its medium. */
  readonly media?: MediaPublisher;
}

/** A virtual media device of the node's manager, as last read. */
export interface VirtualDrive {
  readonly path: string;
  readonly media: Resource;
}

/** Whether a virtual media device takes a CD or DVD (`MediaTypes`). Ironic also ejects from DVD-only drives, since some blades have no other. */
export function isOpticalDrive(media: Resource): boolean {
  const types = media.MediaTypes;
  return Array.isArray(types) && (types.includes('CD') || types.includes('DVD'));
}

/** Whether a virtual media device takes a floppy or a USB stick, where the configuration floppy goes. */
export function isRemovableDrive(media: Resource): boolean {
  const types = media.MediaTypes;
  return Array.isArray(types) && (types.includes('Floppy') || types.includes('USBStick'));
}

/** Where `#VirtualMedia.InsertMedia` or `EjectMedia` is posted; refused as sushy refuses a device without it. */
export function mediaActionTarget(drive: VirtualDrive, action: 'InsertMedia' | 'EjectMedia'): string {
  const name = `#VirtualMedia.${action}`;
  const target = ((drive.media.Actions as Resource | undefined)?.[name] as Resource | undefined)?.target;
  if (typeof target !== 'string') throw new RedfishError('unsupported', `The action ${name} is missing from the resource ${drive.path}`);
  return target;
}

/** The virtual media devices of the node's managers that `kind` accepts, in the order the BMC lists its managers and their devices. */
export async function managerDrives(connections: RedfishConnections, target: NodeSystem, kind: (media: Resource) => boolean): Promise<VirtualDrive[]> {
  const { client } = target;
  const { system } = await connections.readSystem(target);
  const drives: VirtualDrive[] = [];
  for (const managerPath of linksOf((system.Links as Resource | undefined)?.ManagedBy)) {
    const collection = linkOf((await client.get(managerPath)).VirtualMedia);
    if (!collection) continue;
    for (const path of linksOf((await client.get(collection)).Members)) {
      const media = await client.get(path);
      if (kind(media)) drives.push({ path, media });
    }
  }
  return drives;
}

/** Ejects what the devices hold; an empty one is left alone. */
export async function ejectInserted(client: RedfishClient, drives: readonly VirtualDrive[]): Promise<void> {
  // An empty body: what sushy falls back to for BMCs that refuse a bare POST.
  for (const drive of drives) if (drive.media.Inserted === true) await client.post(mediaActionTarget(drive, 'EjectMedia'), {});
}

export function redfishVirtualMediaBoot(connections: RedfishConnections, management: ManagementDriver, options: VirtualMediaBootOptions = {}): BootInterface {
  const ejectAll = async (node: Node): Promise<void> => {
    try {
      const target = connections.systemOf(node);
      await ejectInserted(target.client, await managerDrives(connections, target, (media) => isOpticalDrive(media) || isRemovableDrive(media)));
    } catch (error) {
      throw redfishFailure(error, `Ejecting virtual media from node ${node.uuid} failed`);
    }
    options.media?.withdraw(node.uuid);
  };

  /**
   * Puts the agent's parameters (its token, the API's URL, the node) on a configuration floppy in
   * the manager's floppy/USB drive, as Ironic does for a token it made before the boot.
   */
  const insertParameters = async (node: Node): Promise<void> => {
    const token = node.agent?.token;
    if (!token || !options.media) return;
    const params = { 'ipa-agent-token': token, 'ipa-api-url': options.apiUrl ?? '', boot_method: 'vmedia', 'ipa-node-uuid': node.uuid };
    const url = await options.media.publish(node.uuid, configFloppy(params));
    try {
      const target = connections.systemOf(node);
      const drives = await managerDrives(connections, target, isRemovableDrive);
      if (drives.length === 0) throw new DriverError(`No virtual floppy or USB device found for node ${node.uuid} to hand its agent the token`);
      await ejectInserted(target.client, drives);
      await target.client.post(mediaActionTarget(drives[0]!, 'InsertMedia'), { Image: url });
    } catch (error) {
      options.media.withdraw(node.uuid);
      throw redfishFailure(error, `Inserting the configuration floppy into node ${node.uuid} failed`);
    }
  };

  /** Ejects whatever the node's CD/DVD drives hold, then inserts `iso` into the first. */
  const insert = async (node: Node, iso: string): Promise<void> => {
    try {
      const target = connections.systemOf(node);
      const { client } = target;
      const drives = await managerDrives(connections, target, isOpticalDrive);
      if (drives.length === 0) throw new DriverError(`No suitable virtual media device found for node ${node.uuid}`);
      await ejectInserted(client, drives);
      // Inserted and write-protected are the defaults; sushy leaves them out, since some BMCs refuse them.
      await client.post(mediaActionTarget(drives[0]!, 'InsertMedia'), { Image: iso });
    } catch (error) {
      throw redfishFailure(error, `Inserting virtual media ${iso} into node ${node.uuid} failed`);
    }
  };

  return {
    name: 'redfish-virtual-media',

    validate(node) {
      connections.parse(node);
      const mode = ramdiskModeOf(node);
      if (needsAgentRamdisk(node, mode)) agentIso(node, mode, options.images);
    },

    async prepareRamdisk(node, mode) {
      await insertParameters(node);
      await insert(node, agentIso(node, mode, options.images));
      await management.setBootDevice(node, 'cdrom', false);
    },

    cleanUpRamdisk: ejectAll,

    validateInstance(node) {
      if (bootsInstanceRamdisk(node)) instanceIso(node);
    },

    async prepareInstance(node) {
      if (!bootsInstanceRamdisk(node)) {
        await ejectAll(node);
        return management.setBootDevice(node, 'disk', true);
      }
      await insert(node, instanceIso(node));
      await management.setBootDevice(node, 'cdrom', true);
    },
  };
}

/**
 * The ISO a `ramdisk` deployment boots over virtual media. Ironic would also build one from the
 * instance's kernel and ramdisk; ironledger builds no ISOs, so it needs `boot_iso`.
 */
export function instanceIso(node: Node): string {
  const instance = instanceRamdisk(node);
  if (!('bootIso' in instance)) throw new DriverError(`Node ${node.uuid} boots its ramdisk instance over virtual media from instance_info/boot_iso; building an ISO from instance_info/kernel and ramdisk is not supported.`);
  return instance.bootIso;
}

function linkOf(value: unknown): string | undefined {
  const link = (value as Resource | null | undefined)?.['@odata.id'];
  return typeof link === 'string' ? link : undefined;
}

function linksOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(linkOf).filter((link): link is string => link !== undefined) : [];
}
