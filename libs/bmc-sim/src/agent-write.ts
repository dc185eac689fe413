/**
 * How the simulated agent writes an image to its system's disk: IPA's `prepare_image`, which
 * its `write_image` deploy step runs. It fetches the image from the first of its URLs that
 * answers, checksums it as the disk takes it (at the disk's rate), verifies it by IPA's rules,
 * then records the config drive. A raw image streamed straight to the disk leaves part of
 * itself there when it fails; otherwise the disk is written only once the image is verified.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import {
  checksumFromFile, checksumPlan, CommandFailure, HTTP_REQUEST_TIMEOUT_MS, type ImageInfo, imageInfoProblem, imageWrittenMessage, installDevice, ipaErrors, isHttpUrl,
  nodeHashName, partitionUuids,
} from './ipa.js';
import { type DiskImage, type VirtualBmc } from './model.js';

/** What a write needs of the agent doing it, and the faults of its disk. */
export interface WriteContext {
  /** Aborted when the agent dies: the write ends with it. */
  readonly stopping: AbortSignal;
  /** How fast the disk takes the image (null: as fast as it arrives). */
  readonly diskBytesPerSecond: number | null;
  /** The disk flips the first byte it writes. */
  readonly corrupt: boolean;
  /** The agent dies once half of the image is written. */
  readonly diesHalfWay: boolean;
  die(reason: string): void;
}

/** IPA's `prepare_image`: writes `image` to `bmc`'s disk; answers its message and the partition UUIDs it reports. */
export async function writeImage(bmc: VirtualBmc, image: ImageInfo, configdriveParam: unknown, node: unknown, context: WriteContext) {
  const refused = imageInfoProblem(image);
  if (refused) throw new CommandFailure(refused);
  const configdrive = configdriveParam ?? image.configdrive ?? null;
  const device = installDevice(bmc.index, node);
  const plan = checksumPlan(image);
  if (!plan.ok) throw new CommandFailure(plan.error);
  const expected = isHttpUrl(plan.expected) ? await fetchChecksum(plan.expected, image, context) : plan.expected;
  const { algo } = plan;
  const streamed = image.stream_raw_images === true && image.disk_format === 'raw';
  const written = await download(bmc, image, algo, streamed, context);
  if (written.digest !== expected) {
    if (streamed) bmc.disk = { image: null, metadataErased: false, partialWrite: { imageId: image.id, bytes: written.bytes } };
    throw new CommandFailure(ipaErrors.imageChecksum(streamed ? device : `/tmp/${image.id}`, image.id, expected, written.digest));
  }
  const partition = image.image_type === 'partition';
  const rootMb = Number(image.root_mb ?? 0);
  const imageMb = Math.ceil(written.bytes / (1024 * 1024));
  // IPA's check before it partitions the disk for a partition image.
  if (partition && imageMb > rootMb) throw new CommandFailure(ipaErrors.invalidCommandParams(`Root partition is too small for requested image. Image virtual size: ${imageMb} MB, Root size: ${rootMb} MB`));
  const uuids = partitionUuids(image, written.sha256);
  const onDisk: Omit<DiskImage, 'configdrive'> = {
    imageId: image.id,
    url: written.url,
    bytes: written.bytes,
    sha256: written.sha256,
    ...(algo === 'sha512' && { sha512: written.digest }),
    ...(algo === 'md5' && { md5: written.digest }),
    verified: { algo, value: expected },
    writtenAt: new Date().toISOString(),
    ...(partition && { partitions: { root_mb: rootMb, swap_mb: Number(image.swap_mb ?? 0), ephemeral_mb: Number(image.ephemeral_mb ?? 0), uuids } }),
  };
  let drive: DiskImage['configdrive'];
  try {
    drive = await configDrive(configdrive, image, context);
  } catch (error) {
    // IPA writes a whole-disk image before it reads the config drive; a partition image's disk is partitioned with it.
    if (!partition && error instanceof CommandFailure) bmc.disk = { image: { ...onDisk, configdrive: null }, metadataErased: false };
    throw error;
  }
  bmc.disk = { image: { ...onDisk, configdrive: drive }, metadataErased: false };
  return { message: imageWrittenMessage(image, device, uuids), partitionUuids: uuids };
}

const requestSignal = (context: WriteContext) => AbortSignal.any([context.stopping, AbortSignal.timeout(HTTP_REQUEST_TIMEOUT_MS)]);

/** A checksum file's digest for the image, as IPA reads one; any status but 200 fails it. */
async function fetchChecksum(url: string, image: ImageInfo, context: WriteContext): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: requestSignal(context) });
  } catch (error) {
    if (context.stopping.aborted) throw error;
    throw new CommandFailure(ipaErrors.imageDownload(url, (error as Error).message));
  }
  const text = await response.text();
  if (response.status !== 200) throw new CommandFailure(ipaErrors.imageDownload(url, unexpectedStatus(response, url, text)));
  const found = checksumFromFile(text, image.urls[0]!);
  if ('error' in found) throw new CommandFailure(ipaErrors.imageDownload(url, found.error));
  return found.value;
}

/**
 * Streams the image from the first of its URLs that answers 200; IPA 9.4.3 notes each refusal, 4xx
 * or 5xx alike, with its URL and the time spent, and fails the download with them all. (IPA then
 * retries the whole download, 9 times 10 s apart by default; the simulated agent does not.)
 */
async function download(bmc: VirtualBmc, image: ImageInfo, algo: string, streamed: boolean, context: WriteContext) {
  const failures: string[] = [];
  const started = Date.now();
  for (const url of image.urls) {
    let response: Response;
    try {
      response = await fetch(url, { signal: context.stopping });
    } catch (error) {
      if (context.stopping.aborted) throw error;
      failures.push(`URL: ${url}; Error: ${(error as Error).message}`);
      continue;
    }
    if (response.status !== 200) {
      const reason = unexpectedStatus(response, url, await response.text());
      failures.push(`URL: ${url}; time: ${(Date.now() - started) / 1000} seconds. Error: ${reason}`);
      continue;
    }
    return { url, ...(await write(bmc, image, response, algo, streamed, context)) };
  }
  throw new CommandFailure(ipaErrors.imageDownload(image.id, failures.join('\n ')));
}

/** How much the simulated disk writes at once: a fault half way lands between blocks, never after the last. */
const DISK_BLOCK_BYTES = 64 * 1024;

/** Hashes the image as the disk takes it, at the disk's rate and with its faults. */
async function write(bmc: VirtualBmc, image: ImageInfo, response: Response, algo: string, streamed: boolean, context: WriteContext) {
  const total = Number(response.headers.get('content-length')) || null;
  const sha256 = createHash('sha256');
  const verify = algo === 'sha256' ? null : createHash(nodeHashName(algo));
  const started = Date.now();
  let bytes = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      // The disk takes a block at a time, however large the pieces the network hands over.
      for (let at = 0; at < chunk.length; at += DISK_BLOCK_BYTES) {
        const block = chunk.subarray(at, at + DISK_BLOCK_BYTES);
        const data = context.corrupt && bytes === 0 ? Buffer.from(block).fill(~block[0]! & 0xff, 0, 1) : block;
        sha256.update(data);
        verify?.update(data);
        bytes += data.length;
        if (context.diskBytesPerSecond !== null) {
          const ahead = started + (bytes / context.diskBytesPerSecond) * 1000 - Date.now();
          if (ahead > 0) await sleep(ahead, undefined, { signal: context.stopping });
        }
        if (context.diesHalfWay && (total === null || bytes * 2 >= total)) {
          context.die('died writing the image (fault dies-mid-write)');
          context.stopping.throwIfAborted();
        }
      }
    }
  } finally {
    if (streamed && context.stopping.aborted) bmc.disk = { image: null, metadataErased: false, partialWrite: { imageId: image.id, bytes } };
  }
  const sha256Hex = sha256.digest('hex');
  return { bytes, sha256: sha256Hex, digest: verify ? verify.digest('hex') : sha256Hex };
}

/**
 * The config drive: inline (gzipped and base64, recorded as given) or a URL IPA fetches. Anything
 * but a string (JSON, which only the conductor builds into an ISO) fails as IPA's base64 decoding fails it.
 */
async function configDrive(configdrive: unknown, image: ImageInfo, context: WriteContext): Promise<DiskImage['configdrive']> {
  if (configdrive === null || configdrive === undefined) return null;
  const node = image.node_uuid ?? 'local';
  if (typeof configdrive !== 'string') {
    throw new CommandFailure(ipaErrors.commandExecution(
      `Config drive for node ${node} is not base64 encoded or the content is malformed. TypeError: argument should be a bytes-like object or ASCII string, not '${pythonTypeName(configdrive)}'.`,
    ));
  }
  const digest = (text: string) => ({ bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') });
  if (!isHttpUrl(configdrive)) {
    const refused = inlineConfigDriveProblem(configdrive, node);
    if (refused) throw new CommandFailure(ipaErrors.commandExecution(refused));
    return { source: 'inline', ...digest(configdrive) };
  }
  let response: Response;
  try {
    response = await fetch(configdrive, { signal: requestSignal(context) });
  } catch (error) {
    if (context.stopping.aborted) throw error;
    throw new CommandFailure(ipaErrors.commandExecution(`Can't download the configdrive content for node ${node} from '${configdrive}'. Reason: ${(error as Error).message}`));
  }
  const text = await response.text();
  if (response.status >= 400) {
    throw new CommandFailure(ipaErrors.commandExecution(`Can't download the configdrive content for node ${node} from '${configdrive}'. Got status code ${response.status}, response body ${text}`));
  }
  return { source: 'url', url: configdrive, ...digest(text) };
}

function unexpectedStatus(response: Response, url: string, body: string): string {
  return `Received status code ${response.status} from ${url}, expected 200. Response body: ${body} Response headers: ${JSON.stringify(Object.fromEntries(response.headers))}`;
}

/** The largest config drive IPA writes. */
const MAX_CONFIG_DRIVE_BYTES = 64 * 1024 * 1024;

/** Why IPA would refuse an inline config drive: its base64 must hold a gzip of at most 64 MiB (null: it takes it). */
function inlineConfigDriveProblem(text: string, node: string): string | null {
  const gzipped = Buffer.from(text, 'base64');
  if (gzipped.length === 0) return null;
  if (gzipped[0] !== 0x1f || gzipped[1] !== 0x8b) {
    return `Encountered error while decompressing and writing config drive for node ${node}. Error: Not a gzipped file (${pythonBytesRepr(gzipped.subarray(0, 2))})`;
  }
  let iso: Buffer;
  try {
    iso = gunzipSync(gzipped);
  } catch (error) {
    return `Error -3 while decompressing data: ${(error as Error).message}`;
  }
  const mib = Math.ceil(iso.length / (1024 * 1024));
  return iso.length > MAX_CONFIG_DRIVE_BYTES ? `Config drive size exceeds maximum limit of 64MiB. Size of the given config drive is ${mib} MiB for node ${node}.` : null;
}

/** Python's repr of a few bytes: `b'..'` (`b".."` around a lone `'`), printable ASCII as it is, the rest escaped. */
function pythonBytesRepr(bytes: Buffer): string {
  const quote = bytes.includes(0x27) && !bytes.includes(0x22) ? '"' : "'";
  const named: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r', 0x5c: '\\\\' };
  const body = [...bytes].map((byte) => {
    if (named[byte]) return named[byte];
    if (String.fromCharCode(byte) === quote) return `\\${quote}`;
    return byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
  }).join('');
  return `b${quote}${body}${quote}`;
}

/** The name of a JSON value's Python type. */
function pythonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'dict';
}
