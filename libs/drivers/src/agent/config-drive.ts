/**
 * The config drive the agent writes to the instance's disk, as Ironic's conductor hands it over
 * (`get_configdrive_image`): a URL or a gzipped and base64-encoded ISO passes unchanged; one given
 * as JSON (`meta_data`, `user_data`, `network_data`, `vendor_data`) is built into that ISO first,
 * labelled `config-2`, with the files under `openstack/2012-08-10/` and `openstack/latest/` that
 * cloud-init reads. Pure: no I/O.
 */
import { gzipSync } from 'node:zlib';
import { type Json, type JsonObject, type Node } from '@ironledger/domain';
import { type IsoFile, isoImage } from './iso9660.js';

/** The volume label cloud-init and the agent look for. */
export const CONFIG_DRIVE_LABEL = 'config-2';
/** The metadata versions written, oldest first. */
const VERSIONS = ['2012-08-10', 'latest'];

/** The config drive as the agent takes it: built from JSON, else as given; null when there is none. */
export function configDriveForAgent(node: Node, recordedAt: Date): string | null {
  const configdrive = node.instance_info.configdrive;
  if (configdrive === undefined || configdrive === null || configdrive === '') return null;
  if (typeof configdrive === 'object' && !Array.isArray(configdrive)) return buildConfigDrive(node, configdrive, recordedAt);
  return String(configdrive);
}

/**
 * Ironic's `build_configdrive`: `meta_data` gets the node's UUID and name unless it has its own;
 * `user_data` given as JSON is written as JSON, as text otherwise.
 */
export function buildConfigDrive(node: Node, configdrive: JsonObject, recordedAt: Date): string {
  const metaData = { ...(isObject(configdrive.meta_data) ? configdrive.meta_data : {}) };
  metaData.uuid ??= node.uuid;
  if (node.name) metaData.name ??= node.name;
  const userData = configdrive.user_data;
  const files: IsoFile[] = [];
  for (const version of VERSIONS) {
    const file = (name: string, content: string) => files.push({ path: `openstack/${version}/${name}`, content: Buffer.from(content, 'utf8') });
    file('meta_data.json', pythonJson(metaData));
    if (given(configdrive.network_data)) file('network_data.json', pythonJson(configdrive.network_data));
    if (given(configdrive.vendor_data)) file('vendor_data2.json', pythonJson(configdrive.vendor_data));
    // JSON user data is written even when empty; text only when there is some.
    if (typeof userData === 'object' && userData !== null) file('user_data', pythonJson(userData));
    else if (given(userData)) file('user_data', String(userData));
  }
  return gzipSync(isoImage(CONFIG_DRIVE_LABEL, files, recordedAt)).toString('base64');
}

/** Python's truthiness, by which the builder skips a part: no empty value is written. */
function given(value: Json | undefined): value is Json {
  if (value === undefined || value === null || value === false || value === '' || value === 0) return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON as Python's `json.dumps` writes it: `, ` and `: ` between items, non-ASCII escaped. */
export function pythonJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (isObject(value)) return `{${Object.entries(value).map(([key, item]) => `${asciiJson(key)}: ${pythonJson(item)}`).join(', ')}}`;
  return typeof value === 'string' ? asciiJson(value) : JSON.stringify(value);
}

function asciiJson(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
