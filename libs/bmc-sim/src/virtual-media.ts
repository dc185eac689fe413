/**
 * Redfish virtual media: each BMC's Manager (linked from its system's `Links.ManagedBy`) has a
 * `VirtualMedia` collection with a CD/DVD slot (`Cd`) and a floppy/USB stick slot (`Floppy`),
 * each with the `InsertMedia` and `EjectMedia` actions. An image inserted in `Cd` is what a
 * `Cd` boot override starts (see `bootSource` in model.ts). Pure: no I/O, no clock.
 */
import { type AttachedMedia, MEDIA_SLOTS, type MediaSlot, type VirtualBmc } from './model.js';
import { type Answer } from './management.js';
import { redfishError } from './resources.js';

/** What each slot is called and which media it takes (DMTF `MediaTypes`). */
const SLOTS: Readonly<Record<MediaSlot, { readonly name: string; readonly mediaTypes: readonly string[] }>> = {
  Cd: { name: 'Virtual CD', mediaTypes: ['CD', 'DVD'] },
  Floppy: { name: 'Virtual Removable Media', mediaTypes: ['Floppy', 'USBStick'] },
};

/** DMTF `TransferProtocolType` and `TransferMethod` values `InsertMedia` accepts. */
const TRANSFER_PROTOCOLS = ['CIFS', 'FTP', 'SFTP', 'HTTP', 'HTTPS', 'NFS', 'SCP', 'TFTP', 'OEM'];
const TRANSFER_METHODS = ['Stream', 'Upload'];
const INSERT = 'VirtualMedia.InsertMedia';

export function isMediaSlot(value: unknown): value is MediaSlot {
  return typeof value === 'string' && (MEDIA_SLOTS as readonly string[]).includes(value);
}

/** A stable UUID per manager, distinct from its system's and chassis'. */
export function managerUuid(index: number): string {
  return `5eb1f0c0-0000-4000-a000-${index.toString(16).padStart(12, '0')}`;
}

const managerPath = (prefix: string, index: number) => `${prefix}/redfish/v1/Managers/${index}`;
const slotPath = (prefix: string, index: number, slot: MediaSlot) => `${managerPath(prefix, index)}/VirtualMedia/${slot}`;

/** The Managers collection: BMC n's manager at its prefix, every manager at the root. */
export function managerCollection(prefix: string, bmcs: readonly VirtualBmc[]) {
  return {
    '@odata.type': '#ManagerCollection.ManagerCollection',
    '@odata.id': `${prefix}/redfish/v1/Managers`,
    Name: 'Manager Collection',
    'Members@odata.count': bmcs.length,
    Members: bmcs.map((bmc) => ({ '@odata.id': managerPath(prefix, bmc.index) })),
  };
}

export function managerResource(prefix: string, bmc: VirtualBmc) {
  const id = String(bmc.index);
  return {
    '@odata.type': '#Manager.v1_19_0.Manager',
    '@odata.id': managerPath(prefix, bmc.index),
    Id: id,
    Name: `Manager ${id}`,
    ManagerType: 'BMC',
    Model: 'bmc-sim BMC',
    UUID: managerUuid(bmc.index),
    PowerState: 'On',
    Status: { State: 'Enabled', Health: 'OK' },
    VirtualMedia: { '@odata.id': `${managerPath(prefix, bmc.index)}/VirtualMedia` },
    Links: {
      ManagerForServers: [{ '@odata.id': `${prefix}/redfish/v1/Systems/${id}` }],
      ManagerForChassis: bmc.chassis ? [{ '@odata.id': `${prefix}/redfish/v1/Chassis/${id}` }] : [],
    },
  };
}

export function virtualMediaCollection(prefix: string, bmc: VirtualBmc) {
  return {
    '@odata.type': '#VirtualMediaCollection.VirtualMediaCollection',
    '@odata.id': `${managerPath(prefix, bmc.index)}/VirtualMedia`,
    Name: 'Virtual Media Services',
    'Members@odata.count': MEDIA_SLOTS.length,
    Members: MEDIA_SLOTS.map((slot) => ({ '@odata.id': slotPath(prefix, bmc.index, slot) })),
  };
}

export function virtualMediaResource(prefix: string, bmc: VirtualBmc, slot: MediaSlot) {
  const path = slotPath(prefix, bmc.index, slot);
  const media = bmc.media[slot];
  return {
    '@odata.type': '#VirtualMedia.v1_6_0.VirtualMedia',
    '@odata.id': path,
    Id: slot,
    Name: SLOTS[slot].name,
    MediaTypes: SLOTS[slot].mediaTypes,
    Image: media?.image ?? null,
    ImageName: media ? imageName(media.image) : null,
    Inserted: media?.inserted ?? false,
    WriteProtected: media?.writeProtected ?? false,
    ConnectedVia: media ? 'URI' : 'NotConnected',
    TransferProtocolType: media?.transferProtocolType ?? null,
    UserName: media?.userName ?? null,
    Actions: {
      '#VirtualMedia.InsertMedia': { target: `${path}/Actions/VirtualMedia.InsertMedia` },
      '#VirtualMedia.EjectMedia': { target: `${path}/Actions/VirtualMedia.EjectMedia` },
    },
  };
}

/** The file name at the end of an image URI. */
function imageName(image: string): string {
  const path = image.split(/[?#]/, 1)[0]!;
  return path.slice(path.lastIndexOf('/') + 1);
}

const refused = (...error: Parameters<typeof redfishError>): Answer => ({ ok: false, status: 400, body: redfishError(...error) });
const typeError = (value: unknown, parameter: string) => refused('ActionParameterValueTypeError', JSON.stringify(value) ?? String(value), parameter, INSERT);

type InsertCheck = (value: unknown, parameter: string) => Answer | null;
const string: InsertCheck = (value, parameter) => (typeof value === 'string' && value.length > 0 ? null : typeError(value, parameter));
const boolean: InsertCheck = (value, parameter) => (typeof value === 'boolean' ? null : typeError(value, parameter));
const oneOf = (values: readonly string[]): InsertCheck => (value, parameter) =>
  typeof value === 'string' && values.includes(value) ? null : refused('ActionParameterValueNotInList', String(value), parameter, INSERT);

const INSERT_PARAMETERS: Readonly<Record<string, InsertCheck>> = {
  Image: string,
  Inserted: boolean,
  WriteProtected: boolean,
  TransferProtocolType: oneOf(TRANSFER_PROTOCOLS),
  TransferMethod: oneOf(TRANSFER_METHODS),
  UserName: string,
  Password: string,
};

/**
 * `POST …/VirtualMedia/{slot}/Actions/VirtualMedia.InsertMedia`: `Image` (required), `Inserted`
 * and `WriteProtected` (default true, as DMTF defines them), `TransferProtocolType`,
 * `TransferMethod`, `UserName`, `Password`. A slot whose media is inserted refuses another
 * (`ResourceInUse`), as BMCs do: a client ejects first.
 */
export function insertMedia(bmc: VirtualBmc, slot: MediaSlot, body: unknown): Answer {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) return refused('MalformedJSON');
  const parameters = (body ?? {}) as Record<string, unknown>;
  for (const [parameter, value] of Object.entries(parameters)) {
    const check = Object.hasOwn(INSERT_PARAMETERS, parameter) ? INSERT_PARAMETERS[parameter] : undefined;
    if (!check) return refused('ActionParameterUnknown', INSERT, parameter);
    const problem = check(value, parameter);
    if (problem) return problem;
  }
  if (parameters.Image === undefined) return refused('ActionParameterMissing', INSERT, 'Image');
  if (bmc.media[slot]?.inserted) return refused('ResourceInUse');
  const media: AttachedMedia = {
    image: parameters.Image as string,
    inserted: (parameters.Inserted as boolean | undefined) ?? true,
    writeProtected: (parameters.WriteProtected as boolean | undefined) ?? true,
    transferProtocolType: (parameters.TransferProtocolType as string | undefined) ?? null,
    userName: (parameters.UserName as string | undefined) ?? null,
  };
  bmc.media = { ...bmc.media, [slot]: media };
  return { ok: true };
}

/** `POST …/VirtualMedia/{slot}/Actions/VirtualMedia.EjectMedia`: empties the slot (an empty slot stays empty). */
export function ejectMedia(bmc: VirtualBmc, slot: MediaSlot): Answer {
  if (bmc.media[slot]) {
    const { [slot]: _ejected, ...rest } = bmc.media;
    bmc.media = rest;
  }
  return { ok: true };
}
