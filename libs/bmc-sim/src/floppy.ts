/**
 * What a simulated agent reads of the configuration floppy its BMC was given (Ironic's virtual
 * media parameters): the root directory of a FAT12 image, with VFAT long names, and the
 * `key=value` words of its `parameters.txt`. Pure: no I/O.
 */

const FIRST_CLUSTER = 2;
/** Where the 13 characters of a long-name entry sit in it. */
const LONG_NAME_OFFSETS = [1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30];

/** Reads `parameters.txt` words back (the last of a repeated key wins, as in a kernel command line). */
export function parseParameters(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const at = word.indexOf('=');
    if (at > 0) params[word.slice(0, at)] = word.slice(at + 1);
  }
  return params;
}

/**
 * The files of a FAT12 image's root directory and its volume label, as an agent mounting it
 * sees them (short names in lower case). Throws on anything that is not such an image.
 */
export function readFloppy(image: Buffer): { readonly label: string | null; readonly files: ReadonlyMap<string, Buffer> } {
  if (image.length < 512 || image.readUInt16LE(510) !== 0xaa55) throw new Error('not a FAT image: no boot signature');
  const bytesPerSector = image.readUInt16LE(11);
  const sectorsPerCluster = image.readUInt8(13);
  const reserved = image.readUInt16LE(14);
  const fats = image.readUInt8(16);
  const rootEntries = image.readUInt16LE(17);
  const sectorsPerFat = image.readUInt16LE(22);
  const fatStart = reserved * bytesPerSector;
  const rootStart = (reserved + fats * sectorsPerFat) * bytesPerSector;
  const dataStart = rootStart + Math.ceil((rootEntries * 32) / bytesPerSector) * bytesPerSector;
  const clusterBytes = sectorsPerCluster * bytesPerSector;
  const files = new Map<string, Buffer>();
  let label: string | null = null;
  let longName: string[] = [];
  for (let entry = 0; entry < rootEntries; entry++) {
    const at = rootStart + entry * 32;
    const first = image[at];
    if (first === 0) break;
    const attributes = image[at + 11]!;
    if (first === 0xe5) continue;
    if (attributes === 0x0f) {
      // Long-name pieces come last piece first; each holds 13 UTF-16 characters.
      longName = [longNamePiece(image, at), ...longName];
      continue;
    }
    const name = image.toString('ascii', at, at + 8).trimEnd();
    const extension = image.toString('ascii', at + 8, at + 11).trimEnd();
    if (attributes & 0x08) {
      label = `${name}${extension}`;
      continue;
    }
    const parts: Buffer[] = [];
    let remaining = image.readUInt32LE(at + 28);
    for (let cluster = image.readUInt16LE(at + 26); remaining > 0 && cluster >= FIRST_CLUSTER && cluster < 0xff8; cluster = fat12Entry(image, fatStart, cluster)) {
      const start = dataStart + (cluster - FIRST_CLUSTER) * clusterBytes;
      const take = Math.min(remaining, clusterBytes);
      parts.push(image.subarray(start, start + take));
      remaining -= take;
    }
    if (remaining > 0) throw new Error(`the FAT chain of ${name}.${extension} ends early`);
    const long = longName.join('');
    longName = [];
    files.set(long || (extension ? `${name}.${extension}` : name).toLowerCase(), Buffer.concat(parts));
  }
  return { label, files };
}

function fat12Entry(image: Buffer, fatStart: number, cluster: number): number {
  const pair = image.readUInt16LE(fatStart + Math.floor((cluster * 3) / 2));
  return cluster % 2 === 0 ? pair & 0xfff : pair >> 4;
}

function longNamePiece(image: Buffer, at: number): string {
  let text = '';
  for (const offset of LONG_NAME_OFFSETS) {
    const code = image.readUInt16LE(at + offset);
    if (code === 0 || code === 0xffff) break;
    text += String.fromCharCode(code);
  }
  return text;
}

