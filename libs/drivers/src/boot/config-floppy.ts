/**
 * The configuration medium of a virtual-media boot: a 1.44 MB FAT12 floppy image labelled
 * `ir-vfd-dev` holding one file, `parameters.txt`, of `key=value` words on one line. This is
 * where ironic-python-agent looks for its parameters when it boots from virtual media (the token
 * `ipa-agent-token`, `ipa-api-url`, …), as Ironic's `prepare_floppy_image` writes them; the
 * BMC simulator's agent reads the same file (and fsck.fat, blkid and mtools take the image). Pure: no I/O.
 */

/** The volume label IPA looks for (`/dev/disk/by-label/ir-vfd-dev`): kept in lower case, as `mkfs.msdos -n` keeps it. */
export const CONFIG_FLOPPY_LABEL = 'ir-vfd-dev';
export const PARAMETERS_FILE = 'parameters.txt';

const SECTOR = 512;
const SECTORS = 2880;
const RESERVED = 1;
const FATS = 2;
const SECTORS_PER_FAT = 9;
const ROOT_ENTRIES = 224;
const ROOT_SECTORS = (ROOT_ENTRIES * 32) / SECTOR;
const FAT_START = RESERVED * SECTOR;
const ROOT_START = (RESERVED + FATS * SECTORS_PER_FAT) * SECTOR;
const DATA_START = ROOT_START + ROOT_SECTORS * SECTOR;
/** Clusters are one sector; the first data cluster is number 2. */
const FIRST_CLUSTER = 2;
const END_OF_CHAIN = 0xfff;

/** `parameters.txt` as IPA parses it: space-separated `key=value` words. */
export function parametersText(params: Readonly<Record<string, string>>): string {
  for (const [key, value] of Object.entries(params)) {
    if (/[\s=]/.test(key) || /\s/.test(value)) throw new Error(`The boot parameter ${key} cannot hold white space`);
  }
  return `${Object.entries(params).map(([key, value]) => `${key}=${value}`).join(' ')}\n`;
}

/** A FAT12 floppy image labelled `ir-vfd-dev` holding `parameters.txt` with `params`. */
export function configFloppy(params: Readonly<Record<string, string>>): Buffer {
  const content = Buffer.from(parametersText(params), 'ascii');
  const clusters = Math.max(1, Math.ceil(content.length / SECTOR));
  if (clusters > SECTORS - DATA_START / SECTOR) throw new Error('The boot parameters do not fit on a floppy');
  const image = Buffer.alloc(SECTORS * SECTOR);
  writeBootSector(image);
  for (let fat = 0; fat < FATS; fat++) writeFat(image, FAT_START + fat * SECTORS_PER_FAT * SECTOR, clusters);
  const label = Buffer.alloc(11, ' ');
  label.write(CONFIG_FLOPPY_LABEL, 'ascii');
  writeDirEntry(image, ROOT_START, label, 0x08, 0, 0);
  // `parameters.txt` is longer than 8.3: a VFAT long name precedes its short entry, as mtools writes it.
  const short = shortName(PARAMETERS_FILE);
  const longEntries = longNameEntries(PARAMETERS_FILE, short);
  longEntries.forEach((entry, index) => entry.copy(image, ROOT_START + 32 * (1 + index)));
  writeDirEntry(image, ROOT_START + 32 * (1 + longEntries.length), short, 0x20, FIRST_CLUSTER, content.length);
  content.copy(image, DATA_START);
  return image;
}

function writeBootSector(image: Buffer): void {
  image.set([0xeb, 0x3c, 0x90], 0);
  image.write('IRONLDGR', 3, 'ascii');
  image.writeUInt16LE(SECTOR, 11);
  image.writeUInt8(1, 13);
  image.writeUInt16LE(RESERVED, 14);
  image.writeUInt8(FATS, 16);
  image.writeUInt16LE(ROOT_ENTRIES, 17);
  image.writeUInt16LE(SECTORS, 19);
  image.writeUInt8(0xf0, 21);
  image.writeUInt16LE(SECTORS_PER_FAT, 22);
  image.writeUInt16LE(18, 24);
  image.writeUInt16LE(2, 26);
  image.writeUInt8(0x29, 38);
  image.writeUInt32LE(0x1e0c0fd1, 39);
  const label = Buffer.alloc(11, ' ');
  label.write(CONFIG_FLOPPY_LABEL, 'ascii');
  label.copy(image, 43);
  image.write('FAT12   ', 54, 'ascii');
  image.writeUInt16LE(0xaa55, 510);
}

/** A FAT whose media entries are set and whose one file takes clusters 2 … 1 + `clusters`, in a chain. */
function writeFat(image: Buffer, start: number, clusters: number): void {
  setFat12Entry(image, start, 0, 0xff0);
  setFat12Entry(image, start, 1, END_OF_CHAIN);
  for (let index = 0; index < clusters; index++) {
    const cluster = FIRST_CLUSTER + index;
    setFat12Entry(image, start, cluster, index === clusters - 1 ? END_OF_CHAIN : cluster + 1);
  }
}

/** FAT12 packs two 12-bit entries into three bytes. */
function setFat12Entry(image: Buffer, fatStart: number, cluster: number, value: number): void {
  const at = fatStart + Math.floor((cluster * 3) / 2);
  const pair = image.readUInt16LE(at);
  image.writeUInt16LE(cluster % 2 === 0 ? (pair & 0xf000) | value : (pair & 0x000f) | (value << 4), at);
}

/** The 8.3 name of `file`: the first six letters and `~1` when the name is longer than eight. */
function shortName(file: string): Buffer {
  const [name = '', extension = ''] = file.toUpperCase().split('.');
  const entry = Buffer.alloc(11, ' ');
  entry.write(name.length > 8 ? `${name.slice(0, 6)}~1` : name, 0, 'ascii');
  entry.write(extension.slice(0, 3), 8, 'ascii');
  return entry;
}

/** Where the 13 characters of a long-name entry sit in it. */
const LONG_NAME_OFFSETS = [1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30];

/** VFAT long-name entries for `file`, in the order they are written (the last piece first). */
function longNameEntries(file: string, short: Buffer): Buffer[] {
  let checksum = 0;
  for (const byte of short) checksum = (((checksum & 1) << 7) + (checksum >> 1) + byte) & 0xff;
  const pieces = Math.ceil(file.length / 13);
  const entries: Buffer[] = [];
  for (let piece = pieces; piece >= 1; piece--) {
    const entry = Buffer.alloc(32);
    entry.writeUInt8(piece === pieces ? piece | 0x40 : piece, 0);
    entry.writeUInt8(0x0f, 11);
    entry.writeUInt8(checksum, 13);
    LONG_NAME_OFFSETS.forEach((offset, index) => {
      const position = (piece - 1) * 13 + index;
      // After the name: one NUL, then 0xFFFF padding.
      entry.writeUInt16LE(position < file.length ? file.charCodeAt(position) : position === file.length ? 0 : 0xffff, offset);
    });
    entries.push(entry);
  }
  return entries;
}

function writeDirEntry(image: Buffer, at: number, name: Buffer, attributes: number, cluster: number, size: number): void {
  name.copy(image, at);
  image.writeUInt8(attributes, at + 11);
  image.writeUInt16LE(cluster, at + 26);
  image.writeUInt32LE(size, at + 28);
}
