/**
 * What the deploy dialog sends: the image to write in the node's `instance_info` (its URL, the
 * checksum as a value or the URL of a checksum file, the root partition's size), then the deploy
 * itself with the config drive, which Ironic takes as a JSON object (it builds the drive) or as
 * the drive's own gzipped, base64 text.
 */
import { type PatchOp } from './node-form.js';

export interface DeployForm {
  readonly imageSource: string;
  readonly checksum: string;
  readonly hashAlgo: string;
  /** In GiB; `''` for the driver's choice. */
  readonly rootGb: string;
  readonly configDrive: string;
}

export interface DeployRequest {
  /** The `instance_info` patch (none when nothing was given: the node's own is used). */
  readonly ops: readonly PatchOp[];
  readonly configdrive?: unknown;
}

const ALGORITHMS = ['sha256', 'sha512', 'md5'];

/** The dialog filled with what the node's `instance_info` already holds (its image, checksum and root size). */
export function deployFormOf(instanceInfo: Readonly<Record<string, unknown>>): DeployForm {
  const text = (key: string) => (typeof instanceInfo[key] === 'string' || typeof instanceInfo[key] === 'number' ? String(instanceInfo[key]) : '');
  // An older image may carry only `image_checksum` (an MD5 value or a checksum file's URL).
  const hashValue = text('image_os_hash_value');
  const algo = text('image_os_hash_algo');
  return {
    imageSource: text('image_source'),
    checksum: hashValue || text('image_checksum'),
    hashAlgo: ALGORITHMS.includes(algo) ? algo : hashValue ? 'sha256' : text('image_checksum') ? 'md5' : 'sha256',
    rootGb: text('root_gb'),
    configDrive: '',
  };
}

/**
 * The request, or why the form cannot make one (by field); of `instance_info`, only what differs
 * from the node's own (`current`) is written, and what was emptied is removed.
 */
export function deployRequest(form: DeployForm, current: Readonly<Record<string, unknown>> = {}): DeployRequest | { field: string; error: string } {
  const ops: PatchOp[] = [];
  const set = (key: string, value: unknown) => current[key] !== value && ops.push({ op: 'add', path: `/instance_info/${key}`, value });
  const unset = (...keys: string[]) => keys.forEach((key) => key in current && ops.push({ op: 'remove', path: `/instance_info/${key}` }));
  if (form.imageSource.trim()) set('image_source', form.imageSource.trim());
  else unset('image_source');
  if (form.checksum.trim()) {
    set('image_os_hash_algo', form.hashAlgo);
    set('image_os_hash_value', form.checksum.trim());
  } else unset('image_os_hash_algo', 'image_os_hash_value', 'image_checksum');
  if (form.rootGb.trim()) {
    const size = Number(form.rootGb);
    if (!Number.isInteger(size) || size <= 0) return { field: 'root_gb', error: 'The root size is a whole number of GiB, more than 0.' };
    set('root_gb', size);
  } else unset('root_gb');
  const text = form.configDrive.trim();
  if (text === '') return { ops };
  if (!text.startsWith('{')) return { ops, configdrive: text };
  try {
    return { ops, configdrive: JSON.parse(text) as unknown };
  } catch (error) {
    return { field: 'configdrive', error: `The config drive is not valid JSON: ${(error as Error).message}` };
  }
}
