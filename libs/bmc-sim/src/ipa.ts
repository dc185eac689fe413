/**
 * What ironic-python-agent (IPA) says on the wire, for the simulated agent in agent.ts: the
 * Ironic API versions it announces, how it reads a look-up answer and backs off, its command
 * API's error bodies and result shapes, the generic hardware manager's steps, and its rules for
 * image checksums. Pure: no I/O, no clock, no randomness (callers pass a random number).
 */
import { gzipSync } from 'node:zlib';
import { simulatedInventory } from './ramdisk.js';

/** The version the simulated agent reports in heartbeats and `GET /v1/status`. */
export const AGENT_VERSION = '11.0.0';

/** IPA's `[DEFAULT]http_request_timeout`: how long its calls to Ironic (and small downloads) may take. */
export const HTTP_REQUEST_TIMEOUT_MS = 30_000;

/** An Ironic API microversion, `[major, minor]`. */
export type ApiVersion = readonly [number, number];

/** What IPA assumes when Ironic's root document cannot be read (`MIN_IRONIC_VERSION`). */
export const MIN_IRONIC_VERSION: ApiVersion = [1, 31];
/** From these versions a heartbeat carries `agent_version`, then `agent_token`; IPA knows none newer than 1.68. */
const AGENT_VERSION_IRONIC_VERSION: ApiVersion = [1, 36];
const AGENT_TOKEN_IRONIC_VERSION: ApiVersion = [1, 62];
const MAX_KNOWN_VERSION: ApiVersion = [1, 68];

const atLeast = (version: ApiVersion, than: ApiVersion) => version[0] > than[0] || (version[0] === than[0] && version[1] >= than[1]);
const lower = (a: ApiVersion, b: ApiVersion) => (atLeast(a, b) ? b : a);
export const formatVersion = (version: ApiVersion) => `${version[0]}.${version[1]}`;

/** The version in Ironic's root document (`default_version.version`), or null when it has none. */
export function rootDocumentVersion(body: unknown): ApiVersion | null {
  const version = (body as { default_version?: { version?: unknown } } | null)?.default_version?.version;
  const match = typeof version === 'string' ? /^(\d+)\.(\d+)$/.exec(version) : null;
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** The `X-OpenStack-Ironic-API-Version` of a look-up: Ironic's version, at most 1.62. */
export const lookupVersion = (ironic: ApiVersion): ApiVersion => lower(ironic, AGENT_TOKEN_IRONIC_VERSION);

/** The `X-OpenStack-Ironic-API-Version` of a heartbeat: Ironic's version, at most 1.68. */
export const heartbeatVersion = (ironic: ApiVersion): ApiVersion => lower(ironic, MAX_KNOWN_VERSION);

/** A heartbeat's body: the token and the agent's version only from the versions that know them. */
export function heartbeatBody(callbackUrl: string, token: string | null, ironic: ApiVersion): Record<string, unknown> {
  return {
    callback_url: callbackUrl,
    ...(atLeast(ironic, AGENT_TOKEN_IRONIC_VERSION) && { agent_token: token }),
    ...(atLeast(ironic, AGENT_VERSION_IRONIC_VERSION) && { agent_version: AGENT_VERSION }),
  };
}

/** How IPA takes an answer to `GET /v1/lookup`. */
export type LookupOutcome =
  | { readonly ok: true; readonly nodeUuid: string; readonly heartbeatTimeoutSeconds: number; readonly token: TokenOutcome }
  | { readonly ok: false; readonly conflict: boolean; readonly error: string };

/** The token a look-up hands out: kept (32 characters or more), already handed to someone else (masked), or ignored. */
export type TokenOutcome = { readonly kind: 'issued'; readonly token: string } | { readonly kind: 'masked' } | { readonly kind: 'none' };

/**
 * How Ironic masks a token it already handed out. The simulator plays the agent, an outside
 * party that knows Ironic's wire format, so it keeps its own copy rather than importing
 * ironledger's: a change of ironledger's mask must fail the agent tests, as it would fail IPA.
 */
const MASKED_TOKEN = '******';

/** Reads a look-up answer; anything but a 200 with a node and its config is retried. */
export function readLookup(status: number, text: string): LookupOutcome {
  if (status !== 200) return { ok: false, conflict: status === 409, error: ironicErrorText(status, text) };
  let content: { node?: { uuid?: unknown }; config?: { heartbeat_timeout?: unknown; agent_token?: unknown }; heartbeat_timeout?: unknown };
  try {
    content = JSON.parse(text);
  } catch (error) {
    return { ok: false, conflict: false, error: `Error decoding response: ${(error as Error).message}` };
  }
  if (typeof content?.node?.uuid !== 'string') return { ok: false, conflict: false, error: 'Got invalid node data in response' };
  // Ironic before the `config` object answered `heartbeat_timeout` at the top.
  const config = content.config ?? (content.heartbeat_timeout !== undefined ? { heartbeat_timeout: content.heartbeat_timeout } : undefined);
  if (!config) return { ok: false, conflict: false, error: 'Got invalid heartbeat from the API' };
  const raw = config.agent_token;
  const token: TokenOutcome =
    typeof raw === 'string' && raw.length >= 32 ? { kind: 'issued', token: raw } : raw === MASKED_TOKEN ? { kind: 'masked' } : { kind: 'none' };
  // IPA takes md5 checksums unless the look-up says otherwise.
  return { ok: true, nodeUuid: content.node.uuid, heartbeatTimeoutSeconds: Number(config.heartbeat_timeout), token };
}

/** `Error <status>: <text>`, the text taken from Ironic's error body as IPA does (`faultstring`, or `title`). */
export function ironicErrorText(status: number, text: string): string {
  let detail = text;
  try {
    let body = JSON.parse(text);
    body = body?.error_message ?? body;
    if (typeof body === 'string') body = JSON.parse(body);
    detail = body?.faultstring || body?.title || text;
  } catch {
    detail = text;
  }
  return `Error ${status}: ${detail}`;
}

/**
 * How long IPA waits before look-up attempt `attempt + 1`: tenacity's random exponential wait,
 * `uniform(interval, clamp(2^(attempt-1) s, interval, 60 s))`. The simulator measures it in
 * units of the starting interval, which equals IPA's at IPA's default interval of 1 s.
 */
export function lookupBackoffMs(attempt: number, intervalMs: number, random: number): number {
  const high = Math.max(intervalMs, Math.min(2 ** (attempt - 1), 60) * intervalMs);
  return intervalMs + random * (high - intervalMs);
}

/** After a 409 (the node is locked) IPA also pauses 5, then 10, then 30 s each time, again in units of the interval. */
export function conflictPause(previous: number): number {
  if (previous === 0) return 5;
  if (previous === 5) return 10;
  return 30;
}

/** IPA's heartbeat cadence: `heartbeat_timeout` × uniform(0.3, 0.6) after a success, 5 s × uniform(1, 2) after an error. */
export function heartbeatIntervalMs(succeeded: boolean, heartbeatTimeoutSeconds: number, random: number): number {
  return succeeded ? heartbeatTimeoutSeconds * 1000 * (0.3 + 0.3 * random) : 5000 * (1 + random);
}

/** An error as IPA serializes it in `command_error` (its `RESTError`). */
export interface RestError {
  readonly type: string;
  readonly code: number;
  readonly message: string;
  readonly details: string;
}

const restError = (type: string, message: string, details: string, code = 500): RestError => ({ type, code, message, details });

/** IPA's errors that the simulated agent raises, each with IPA's `message`. */
export const ipaErrors = {
  invalidCommand: (details: string) => restError('InvalidCommandError', 'Invalid command', details, 400),
  invalidCommandParams: (details: string) => restError('InvalidCommandParamsError', 'Invalid command parameters', details, 400),
  notFound: (what: string, id: string) => restError('RequestedObjectNotFoundError', 'Not found', `${what} with id ${id} not found.`, 404),
  agentIsBusy: (command: string) => restError('AgentIsBusy', 'Agent is busy', `executing command ${command}`, 409),
  commandExecution: (details: string) => restError('CommandExecutionError', 'Command execution failed', details),
  generic: (details: string) => restError('RESTError', 'An error occurred', details),
  methodNotFound: (method: string) => restError('HardwareManagerMethodNotFound', 'No HardwareManager found to handle method', `Could not find method: ${method}`),
  versionMismatch: (agent: Readonly<Record<string, string>>, node: unknown) =>
    restError('VersionMismatch', 'Hardware managers version mismatch, reload agent with correct version', `Current versions: ${pythonRepr(agent)}, versions used by ironic: ${pythonRepr(node)}`, 409),
  /** `fatal`: a 4xx answer, which IPA does not retry. */
  imageDownload: (imageId: string, reason: string) => restError('ImageDownloadError', 'Error downloading image', `Download of image ${imageId} failed: ${reason}`),
  // IPA 9.4.3 hands the location and the image ID to its message the wrong way round.
  imageChecksum: (location: string, imageId: string, expected: string, actual: string) =>
    restError('ImageChecksumError', 'Error verifying image checksum', `Image failed to verify against checksum. location: ${imageId}; image ID: ${location}; image checksum: ${expected}; verification checksum: ${actual}`),
  deployment: (details: string) => restError('DeploymentError', 'Deploy step failed', details),
};

/** A command's failure, with the status IPA records it under. */
export class CommandFailure extends Error {
  constructor(
    readonly error: RestError,
    readonly status: CommandStatus = 'FAILED',
  ) {
    super(error.details);
  }
}

/** The body IPA's API answers an error with (WSME's format). */
export function faultBody(status: number, faultstring: string) {
  return { faultcode: status >= 500 ? 'Server' : 'Client', faultstring };
}

/** The `faultstring` of an IPA error raised to its API: `message: details`. */
export const faultString = (error: RestError) => `${error.message}: ${error.details}`;

/** Statuses of a command result (`CLEAN_VERSION_MISMATCH` is IPA's name for a version mismatch of any step). */
export type CommandStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CLEAN_VERSION_MISMATCH';

/** The generic hardware manager the simulated agent runs, as `hardware_manager_version` names it. */
export const HARDWARE_MANAGER_VERSIONS: Readonly<Record<string, string>> = { generic_hardware_manager: '1.2' };
/** Steps are grouped under the manager's class name. */
const MANAGER_CLASS = 'GenericHardwareManager';

const step = (name: string, priority: number, extra: Record<string, unknown> = {}, iface = 'deploy') => ({ step: name, priority, interface: iface, reboot_requested: false, ...extra });
const abortable = { abortable: true };
const NVRAM_ARGS = { argsinfo: { match_patterns: { description: 'Regular expressions of the UEFI NVRAM entries to delete.', required: false } } };
const RAID_ARGS = {
  argsinfo: {
    raid_config: { description: 'The RAID configuration to apply.', required: true },
    delete_existing: { description: 'Whether to delete the existing RAID configuration first (default true).', required: false },
  },
};
const INJECT_ARGS = {
  argsinfo: {
    files: { description: 'Files to inject: path, partition, base64 content, mode and dirmode of each.', required: false },
    verify_ca: { description: 'Whether to verify TLS certificates when fetching files.', required: false },
  },
};

/** The generic hardware manager's clean steps and their priorities. */
export const CLEAN_STEPS = [
  step('erase_devices', 10, abortable),
  step('erase_devices_metadata', 99, abortable),
  step('erase_devices_express', 0, abortable),
  step('erase_pstore', 0, abortable),
  step('clean_uefi_nvram', 0, { ...abortable, ...NVRAM_ARGS }),
  step('delete_configuration', 0, abortable, 'raid'),
  step('create_configuration', 0, abortable, 'raid'),
  step('burnin_cpu', 0, abortable),
  step('burnin_gpu', 0, abortable),
  step('burnin_disk', 0, abortable),
  step('burnin_memory', 0, abortable),
  step('burnin_network', 0, abortable),
];

/** Its deploy steps: `write_image` is run by the conductor's step of the same name, hence priority 0. */
export const DEPLOY_STEPS = [
  step('erase_devices_metadata', 0),
  step('apply_configuration', 0, RAID_ARGS, 'raid'),
  step('clean_uefi_nvram', 0, NVRAM_ARGS),
  step('write_image', 0),
  step('inject_files', 0, INJECT_ARGS),
  step('execute_bootc_install', 0),
];

/** The `command_result` of `clean.get_clean_steps` and `deploy.get_deploy_steps`. */
export const cleanStepsResult = () => ({ clean_steps: { [MANAGER_CLASS]: CLEAN_STEPS }, hardware_manager_version: HARDWARE_MANAGER_VERSIONS });
export const deployStepsResult = () => ({ deploy_steps: { [MANAGER_CLASS]: DEPLOY_STEPS }, hardware_manager_version: HARDWARE_MANAGER_VERSIONS });

/** Whether the hardware manager versions ironic recorded at the start still hold (none recorded: the first run). */
export function versionsMatch(recorded: unknown): boolean {
  if (recorded === undefined || recorded === null) return true;
  if (typeof recorded !== 'object' || Array.isArray(recorded)) return false;
  const entries = Object.entries(recorded);
  return entries.length === Object.keys(HARDWARE_MANAGER_VERSIONS).length && entries.every(([name, version]) => HARDWARE_MANAGER_VERSIONS[name] === version);
}

/** Python's `repr` of a flat value, for messages IPA formats with `%s`. */
function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `'${key}': ${pythonRepr(item)}`).join(', ')}}`;
  return String(value);
}

/** Python hashlib names IPA accepts in `os_hash_algo`, as Node's crypto names them. */
const HASH_ALGORITHMS: Readonly<Record<string, string>> = {
  md5: 'md5', sha1: 'sha1', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512',
  sha512_224: 'sha512-224', sha512_256: 'sha512-256', sha3_224: 'sha3-224', sha3_256: 'sha3-256', sha3_384: 'sha3-384', sha3_512: 'sha3-512',
  blake2b: 'blake2b512', blake2s: 'blake2s256',
};

/** Node's name for a hashlib algorithm name. */
export const nodeHashName = (algo: string): string => HASH_ALGORITHMS[algo]!;

export const isHttpUrl = (value: string) => value.startsWith('http://') || value.startsWith('https://');

/** `image_info` as IPA reads it. */
export interface ImageInfo {
  readonly id: string;
  readonly urls: readonly string[];
  readonly checksum?: string;
  readonly os_hash_algo?: string;
  readonly os_hash_value?: string;
  readonly disk_format?: string;
  readonly stream_raw_images?: boolean;
  readonly image_type?: string;
  readonly deploy_boot_mode?: string;
  /** A partition image's partitions, in MiB. */
  readonly root_mb?: number;
  readonly swap_mb?: number;
  readonly ephemeral_mb?: number;
  readonly configdrive?: unknown;
  readonly node_uuid?: string;
}

/** IPA's `_validate_image_info`: the error `prepare_image` refuses the image with, or null. */
export function imageInfoProblem(info: unknown): RestError | null {
  const image = (typeof info === 'object' && info !== null ? info : {}) as Record<string, unknown>;
  for (const field of ['id', 'urls']) if (!(field in image)) return ipaErrors.invalidCommandParams(`Image is missing '${field}' field.`);
  if (!Array.isArray(image.urls) || image.urls.length === 0) return ipaErrors.invalidCommandParams("Image 'urls' must be a list with at least one element.");
  let available = false;
  const checksum = image.checksum;
  if (checksum !== undefined && checksum !== null) {
    if (typeof checksum !== 'string' || !checksum) return ipaErrors.invalidCommandParams("Image 'checksum' must be a non-empty string.");
    available = true;
  }
  if (image.os_hash_algo || image.os_hash_value) {
    if (typeof image.os_hash_algo !== 'string' || !image.os_hash_algo) return ipaErrors.invalidCommandParams("Image 'os_hash_algo' must be a non-empty string.");
    if (typeof image.os_hash_value !== 'string' || !image.os_hash_value) return ipaErrors.invalidCommandParams("Image 'os_hash_value' must be a non-empty string.");
    available = true;
  }
  if (!available) {
    return ipaErrors.invalidCommandParams("Image checksum is not available, either the 'checksum' field or the 'os_hash_algo' and 'os_hash_value' fields pair must be set for image verification.");
  }
  return null;
}

/**
 * What to verify an image against, by IPA 9.4.3's `ImageDownload` rules: a supported
 * `os_hash_algo` with its `os_hash_value`; else `checksum`, always an md5 whatever its length (a
 * sha256 or sha512 there fails verification); a checksum that is a URL is a checksum file to
 * fetch first. (Telling the algorithm by the checksum's length came with later IPA releases.)
 */
export type ChecksumPlan =
  | { readonly ok: true; readonly algo: string; readonly expected: string }
  | { readonly ok: false; readonly error: RestError };

export function checksumPlan(image: ImageInfo): ChecksumPlan {
  const algo = image.os_hash_algo;
  if (algo && algo in HASH_ALGORITHMS) return { ok: true, algo, expected: image.os_hash_value! };
  const checksum = image.checksum;
  if (checksum) return { ok: true, algo: 'md5', expected: checksum };
  return {
    ok: false,
    error: ipaErrors.generic(
      `Unable to verify image ${image.id} with available checksums. Please make sure the specified 'os_hash_algo' (currently ${algo ?? 'None'}) is supported by this ramdisk, or provide a md5 checksum via the 'checksum' field`,
    ),
  };
}

/**
 * The checksum a checksum file gives for the image at `imageUrl`, as IPA 9.4.3 reads one: a file
 * of one word is that checksum; otherwise the first word of the line whose rest names the image's
 * file (`digest  name` or `digest *name`).
 */
export function checksumFromFile(text: string, imageUrl: string): { readonly value: string } | { readonly error: string } {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return { error: 'Empty checksum file' };
  if (lines.length === 1 && !lines[0]!.includes(' ')) return { value: lines[0]! };
  const name = new URL(imageUrl).pathname.split('/').pop() ?? '';
  for (const line of lines) {
    const [checksum = '', ...rest] = line.split(/\s+/);
    if (rest.join(' ').replace(/^\*+/, '') === name) return { value: checksum };
  }
  return { error: `Checksum file does not contain name ${name}` };
}

/** The disk IPA installs on: the one a `name` root device hint names, else the smallest of at least 4 GiB. */
export function installDevice(index: number, node: unknown): string {
  const disks = simulatedInventory(index, '').inventory.disks;
  const hint = (node as { properties?: { root_device?: { name?: unknown } } } | null)?.properties?.root_device?.name;
  const named = disks.find((disk) => disk.name === hint);
  if (named) return named.name;
  return [...disks].filter((disk) => disk.size >= 4 * 1024 ** 3).sort((a, b) => a.size - b.size)[0]!.name;
}

/**
 * The partition UUIDs IPA reports after writing an image (`standby.get_partition_uuids`): a
 * whole-disk image's disk identifier as its root, a partition image's root (and EFI system)
 * partitions; made up from the image's digest so that the same image gives the same ones.
 */
export function partitionUuids(image: ImageInfo, sha256: string): Record<string, string> {
  if (image.image_type !== 'partition') return { 'root uuid': `0x${sha256.slice(0, 8)}` };
  const uuid = (salt: string) => `${sha256.slice(0, 8)}-${sha256.slice(8, 12)}-4${sha256.slice(13, 16)}-8${sha256.slice(17, 20)}-${salt}${sha256.slice(21, 32)}`;
  return { 'root uuid': uuid('0'), ...(image.deploy_boot_mode === 'uefi' && { 'efi system partition uuid': uuid('e') }) };
}

/** What `prepare_image` answers once the image is on the disk. */
export function imageWrittenMessage(image: ImageInfo, device: string, uuids: Readonly<Record<string, string>>): string {
  const efi = uuids['efi system partition uuid'];
  const root = `image (${image.id}) written to device ${device} root_uuid=${uuids['root uuid'] ?? 'None'}`;
  return image.deploy_boot_mode === 'uefi' && efi ? `${root} efi_system_partition_uuid=${efi}` : root;
}

/** Keys whose values the control API never shows (passwords, tokens, secrets, keys). */
const SECRET_KEY = /pass(word)?|token|secret|credential|private_key/i;
/** Longer strings (a config drive, an inline file) are shown by length only. */
const LONGEST_SHOWN = 256;

/** A command's parameters as the control API shows them: secrets masked, long strings summed up. */
export function maskParams(value: unknown, key = ''): unknown {
  if (SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '') return '***';
  if (typeof value === 'string') return value.length > LONGEST_SHOWN ? `<${value.length} characters>` : value;
  if (Array.isArray(value)) return value.map((item) => maskParams(item));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, maskParams(item, name)]));
  return value;
}

/** A gzipped tar of `files` in base64, as `log.collect_system_logs` answers (`system_logs`). */
export function systemLogsArchive(files: Readonly<Record<string, string>>, mtimeSeconds: number): string {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content, 'utf8');
    blocks.push(tarHeader(name, data.length, mtimeSeconds), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks)).toString('base64');
}

/** A POSIX ustar header for a regular file. */
function tarHeader(name: string, size: number, mtimeSeconds: number): Buffer {
  const header = Buffer.alloc(512);
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(Math.floor(mtimeSeconds), 12), 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}
