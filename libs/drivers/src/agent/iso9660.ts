/**
 * A small ISO 9660 image writer: a primary volume whose names are upper-cased d-characters, and
 * a Joliet volume over the same files that keeps their names as given (what Linux, cloud-init
 * and `isoinfo -J` read). Enough for a config drive: a few small files in a few directories,
 * each directory fitting one sector. Pure: no I/O.
 */

const SECTOR = 2048;
/** The first sector after the system area. */
const DESCRIPTORS_START = 16;

/** A file of the image: its path (`openstack/latest/meta_data.json`) and content. */
export interface IsoFile {
  readonly path: string;
  readonly content: Buffer;
}

interface Directory {
  readonly name: string;
  readonly parent: Directory | null;
  readonly directories: Directory[];
  readonly files: { readonly name: string; readonly content: Buffer; sector: number }[];
  /** Its number in the path table (1: the root). */
  number: number;
  primarySector: number;
  jolietSector: number;
}

type Naming = 'primary' | 'joliet';

/** An ISO 9660 image labelled `volumeId` holding `files`, with a Joliet tree; `recordedAt` dates its records. */
export function isoImage(volumeId: string, files: readonly IsoFile[], recordedAt: Date): Buffer {
  const root = tree(files);
  const directories = breadthFirst(root);
  directories.forEach((directory, index) => (directory.number = index + 1));
  // Sectors: descriptors (primary, Joliet, terminator), four path tables, the two trees' directories, then the files.
  let next = DESCRIPTORS_START + 3;
  const tables = { primaryL: next++, primaryM: next++, jolietL: next++, jolietM: next++ };
  for (const directory of directories) directory.primarySector = next++;
  for (const directory of directories) directory.jolietSector = next++;
  for (const directory of directories) {
    for (const file of directory.files) {
      file.sector = next;
      next += Math.max(1, Math.ceil(file.content.length / SECTOR));
    }
  }
  const image = Buffer.alloc(next * SECTOR);
  for (const naming of ['primary', 'joliet'] as const) {
    const [little, big] = naming === 'primary' ? [tables.primaryL, tables.primaryM] : [tables.jolietL, tables.jolietM];
    const tableSize = writePathTables(image, directories, naming, little, big);
    const at = (DESCRIPTORS_START + (naming === 'primary' ? 0 : 1)) * SECTOR;
    writeVolumeDescriptor(image.subarray(at, at + SECTOR), { naming, volumeId, sectors: next, tableSize, little, big, root, recordedAt });
    for (const directory of directories) writeDirectory(image, directory, naming, recordedAt);
  }
  const terminator = (DESCRIPTORS_START + 2) * SECTOR;
  image[terminator] = 255;
  image.write('CD001', terminator + 1, 'ascii');
  image[terminator + 6] = 1;
  for (const directory of directories) for (const file of directory.files) file.content.copy(image, file.sector * SECTOR);
  return image;
}

function tree(files: readonly IsoFile[]): Directory {
  const directory = (name: string, parent: Directory | null): Directory => ({ name, parent, directories: [], files: [], number: 0, primarySector: 0, jolietSector: 0 });
  const root = directory('', null);
  for (const { path, content } of files) {
    const parts = path.split('/').filter(Boolean);
    const name = parts.pop();
    if (!name) throw new Error(`The file path "${path}" names no file`);
    let at = root;
    for (const part of parts) {
      let child = at.directories.find((candidate) => candidate.name === part);
      if (!child) at.directories.push((child = directory(part, at)));
      at = child;
    }
    if (at.files.some((file) => file.name === name)) throw new Error(`The file path "${path}" is given twice`);
    at.files.push({ name, content, sector: 0 });
  }
  return root;
}

/** The path table's order: by depth, then by parent, then by name. */
function breadthFirst(root: Directory): Directory[] {
  const order: Directory[] = [root];
  for (let index = 0; index < order.length; index++) order.push(...[...order[index]!.directories].sort((a, b) => compare(a.name, b.name)));
  return order;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A name as recorded: in the primary volume upper-cased d-characters, a file's with `;1`; in
 * Joliet's UCS-2 big-endian as given, without a version (as genisoimage writes it).
 */
function identifier(name: string, naming: Naming, isFile: boolean): Buffer {
  if (naming === 'joliet') {
    const bytes = Buffer.alloc(name.length * 2);
    for (let index = 0; index < name.length; index++) bytes.writeUInt16BE(name.charCodeAt(index), index * 2);
    if (bytes.length > 128) throw new Error(`The name "${name}" is too long for Joliet`);
    return bytes;
  }
  const upper = name.toUpperCase().replace(/[^A-Z0-9_.]/g, '_');
  if (!isFile) return Buffer.from(upper.replaceAll('.', '_').slice(0, 31), 'ascii');
  const dot = upper.lastIndexOf('.');
  const [stem, extension] = dot === -1 ? [upper, ''] : [upper.slice(0, dot).replaceAll('.', '_'), upper.slice(dot + 1)];
  return Buffer.from(`${stem.slice(0, 30 - extension.length)}.${extension};1`, 'ascii');
}

/** A directory's records: itself, its parent, then its subdirectories and files sorted by recorded name. */
function writeDirectory(image: Buffer, directory: Directory, naming: Naming, recordedAt: Date): void {
  const sectorOf = (of: Directory) => (naming === 'primary' ? of.primarySector : of.jolietSector);
  const entries = [
    ...directory.directories.map((child) => ({ id: identifier(child.name, naming, false), sector: sectorOf(child), size: SECTOR, isDirectory: true })),
    ...directory.files.map((file) => ({ id: identifier(file.name, naming, true), sector: file.sector, size: file.content.length, isDirectory: false })),
  ].sort((a, b) => Buffer.compare(a.id, b.id));
  for (let index = 1; index < entries.length; index++) {
    if (entries[index - 1]!.id.equals(entries[index]!.id)) throw new Error(`Two names of one directory are recorded alike: ${entries[index]!.id.toString('latin1')}`);
  }
  const records = [
    directoryRecord(Buffer.from([0]), sectorOf(directory), SECTOR, true, recordedAt),
    directoryRecord(Buffer.from([1]), sectorOf(directory.parent ?? directory), SECTOR, true, recordedAt),
    ...entries.map((entry) => directoryRecord(entry.id, entry.sector, entry.size, entry.isDirectory, recordedAt)),
  ];
  const bytes = Buffer.concat(records);
  if (bytes.length > SECTOR) throw new Error(`The directory "${directory.name || '/'}" holds too many entries for one sector`);
  bytes.copy(image, sectorOf(directory) * SECTOR);
}

function directoryRecord(id: Buffer, sector: number, size: number, isDirectory: boolean, recordedAt: Date): Buffer {
  const length = 33 + id.length + (id.length % 2 === 0 ? 1 : 0);
  const record = Buffer.alloc(length);
  record[0] = length;
  bothEndian32(record, 2, sector);
  bothEndian32(record, 10, size);
  recordingDate(recordedAt).copy(record, 18);
  record[25] = isDirectory ? 2 : 0;
  bothEndian16(record, 28, 1);
  record[32] = id.length;
  id.copy(record, 33);
  return record;
}

/** Writes the little- and big-endian path tables; answers their size. */
function writePathTables(image: Buffer, directories: readonly Directory[], naming: Naming, little: number, big: number): number {
  const records = directories.map((directory) => {
    const id = directory.parent ? identifier(directory.name, naming, false) : Buffer.from([0]);
    const record = Buffer.alloc(8 + id.length + (id.length % 2));
    record[0] = id.length;
    id.copy(record, 8);
    return { record, sector: naming === 'primary' ? directory.primarySector : directory.jolietSector, parent: directory.parent?.number ?? 1 };
  });
  const size = records.reduce((sum, { record }) => sum + record.length, 0);
  if (size > SECTOR) throw new Error('The directories do not fit one path table sector');
  let offset = 0;
  for (const { record, sector, parent } of records) {
    const [l, m] = [Buffer.from(record), Buffer.from(record)];
    l.writeUInt32LE(sector, 2);
    l.writeUInt16LE(parent, 6);
    m.writeUInt32BE(sector, 2);
    m.writeUInt16BE(parent, 6);
    l.copy(image, little * SECTOR + offset);
    m.copy(image, big * SECTOR + offset);
    offset += record.length;
  }
  return size;
}

interface Descriptor {
  readonly naming: Naming;
  readonly volumeId: string;
  readonly sectors: number;
  readonly tableSize: number;
  readonly little: number;
  readonly big: number;
  readonly root: Directory;
  readonly recordedAt: Date;
}

/** The primary volume descriptor, or Joliet's supplementary one (UCS-2 level 3, escape `%/E`). */
function writeVolumeDescriptor(sector: Buffer, { naming, volumeId, sectors, tableSize, little, big, root, recordedAt }: Descriptor): void {
  const joliet = naming === 'joliet';
  sector[0] = joliet ? 2 : 1;
  sector.write('CD001', 1, 'ascii');
  sector[6] = 1;
  const text = (at: number, length: number, value: string) => {
    if (!joliet) return void sector.write(value.padEnd(length, ' ').slice(0, length), at, 'ascii');
    for (let index = 0; index < length / 2; index++) sector.writeUInt16BE(index < value.length ? value.charCodeAt(index) : 0x20, at + index * 2);
  };
  text(8, 32, '');
  text(40, 32, volumeId);
  bothEndian32(sector, 80, sectors);
  if (joliet) sector.write('%/E', 88, 'ascii');
  bothEndian16(sector, 120, 1);
  bothEndian16(sector, 124, 1);
  bothEndian16(sector, 128, SECTOR);
  bothEndian32(sector, 132, tableSize);
  sector.writeUInt32LE(little, 140);
  sector.writeUInt32BE(big, 148);
  directoryRecord(Buffer.from([0]), joliet ? root.jolietSector : root.primarySector, SECTOR, true, recordedAt).copy(sector, 156);
  for (const [at, length] of [[190, 128], [318, 128], [446, 128], [574, 128], [702, 37], [739, 37], [776, 37]] as const) text(at, joliet && length % 2 ? length - 1 : length, '');
  const stamp = volumeDate(recordedAt);
  stamp.copy(sector, 813);
  stamp.copy(sector, 830);
  Buffer.from('0000000000000000\0', 'ascii').copy(sector, 847);
  Buffer.from('0000000000000000\0', 'ascii').copy(sector, 864);
  sector[881] = 1;
}

/** A directory record's date: years since 1900, month, day, hour, minute, second, UTC offset. */
function recordingDate(date: Date): Buffer {
  return Buffer.from([date.getUTCFullYear() - 1900, date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), 0]);
}

/** A volume descriptor's date: `YYYYMMDDHHMMSScc` digits, then the UTC offset. */
function volumeDate(date: Date): Buffer {
  const digits = date.toISOString().replace(/[-:TZ.]/g, '').slice(0, 16);
  return Buffer.concat([Buffer.from(digits, 'ascii'), Buffer.from([0])]);
}

function bothEndian16(buffer: Buffer, at: number, value: number): void {
  buffer.writeUInt16LE(value, at);
  buffer.writeUInt16BE(value, at + 2);
}

function bothEndian32(buffer: Buffer, at: number, value: number): void {
  buffer.writeUInt32LE(value, at);
  buffer.writeUInt32BE(value, at + 4);
}
