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

/** The request, or why the form cannot make one (by field). */
export function deployRequest(form: DeployForm): DeployRequest | { field: string; error: string } {
  const ops: PatchOp[] = [];
  const set = (key: string, value: unknown) => ops.push({ op: 'add', path: `/instance_info/${key}`, value });
  if (form.imageSource.trim()) set('image_source', form.imageSource.trim());
  if (form.checksum.trim()) {
    set('image_os_hash_algo', form.hashAlgo);
    set('image_os_hash_value', form.checksum.trim());
  }
  if (form.rootGb.trim()) {
    const size = Number(form.rootGb);
    if (!Number.isInteger(size) || size <= 0) return { field: 'root_gb', error: 'The root size is a whole number of GiB, more than 0.' };
    set('root_gb', size);
  }
  const text = form.configDrive.trim();
  if (text === '') return { ops };
  if (!text.startsWith('{')) return { ops, configdrive: text };
  try {
    return { ops, configdrive: JSON.parse(text) as unknown };
  } catch (error) {
    return { field: 'configdrive', error: `The config drive is not valid JSON: ${(error as Error).message}` };
  }
}
