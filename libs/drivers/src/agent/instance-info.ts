/** What a node's `instance_info` must hold for the agent to deploy or rescue it, in Ironic's words. */
import { type Json, type JsonObject, type Node, pythonStr } from '@ironledger/domain';
import { capability, deployBootMode } from '../boot/boot-mode.js';
import { DriverError } from '../driver.js';

/** The image types Ironic knows (`images.VALID_IMAGE_TYPES`). */
const IMAGE_TYPES = ['partition', 'whole-disk'];

/**
 * Ironic's direct deploy validation: an `image_source`, a valid `image_type` if any, and for an
 * image that is neither in Glance nor a local file, a checksum: `image_checksum`, or
 * `image_os_hash_algo` with `image_os_hash_value`. A partition image needs its layout too, which
 * Ironic finds missing only once the deployment has started.
 */
export function checkDeployImage(node: Node): void {
  const info = node.instance_info;
  const source = info.image_source;
  if (typeof source !== 'string' || source === '') {
    throw new DriverError(`Node ${node.uuid} failed to validate deploy image info. Some parameters were missing. Missing are: ['instance_info.image_source']`);
  }
  const type = info.image_type;
  if (type !== undefined && type !== null && !IMAGE_TYPES.includes(String(type))) {
    throw new DriverError(`Invalid image_type "${String(type)}", valid are ${IMAGE_TYPES.join(', ')}`);
  }
  if (isGlanceImage(source)) {
    throw new DriverError(`Node ${node.uuid}: image_source ${source} names an Image service (Glance) image, and this deployment has none; give the image's http(s) URL.`);
  }
  if (!source.startsWith('file://')) {
    const algo = info.image_os_hash_algo;
    const value = info.image_os_hash_value;
    if (Boolean(algo) !== Boolean(value) || (!value && !info.image_checksum)) {
      throw new DriverError(`image_source's "image_checksum", or "image_os_hash_algo" and "image_os_hash_value" must be provided in instance_info for node ${node.uuid}`);
    }
  }
  if (!isWholeDiskImage(node)) partitionLayout(node);
}

/**
 * Whether the image is a whole disk (partition table and boot loader included) rather than one
 * partition: `image_type` says so, else an image without a kernel and ramdisk is one (Ironic's
 * `is_whole_disk_image` for images outside Glance).
 */
export function isWholeDiskImage(node: Node): boolean {
  const { image_type: type, kernel, ramdisk } = node.instance_info;
  if (type) return type !== 'partition';
  return !kernel && !ramdisk;
}

/** The partitions a partition image is written into, as the agent takes them (sizes in MiB). */
export interface PartitionLayout {
  readonly root_gb: number;
  readonly root_mb: number;
  readonly swap_mb: number;
  readonly ephemeral_mb: number;
  readonly ephemeral_format: string | null;
  readonly preserve_ephemeral: boolean;
}

/** Ironic's default file system of the ephemeral partition (`[pxe]default_ephemeral_format`). */
const DEFAULT_EPHEMERAL_FORMAT = 'ext4';

/**
 * A partition image's layout from `instance_info` (Ironic's `parse_instance_info`): `root_gb` is
 * required; `swap_mb` and `ephemeral_gb` default to 0; all three must be integers. Refused in
 * Ironic's words.
 */
export function partitionLayout(node: Node): PartitionLayout {
  const info = node.instance_info;
  if (info.root_gb === undefined || info.root_gb === null || info.root_gb === '') {
    throw new DriverError("Some parameters were missing in node's instance_info. Missing are: ['root_gb']");
  }
  const integer = (name: string, value: Json | undefined): number => {
    const text = String(value ?? 0).trim();
    if (!/^[+-]?\d+$/.test(text)) throw new DriverError(`Invalid parameter ${name}: ${pythonStr(value ?? null)} is not an integer value.`);
    return Number(text);
  };
  const root_gb = integer('root_gb', info.root_gb);
  const swap_mb = integer('swap_mb', info.swap_mb);
  const ephemeral_gb = integer('ephemeral_gb', info.ephemeral_gb);
  const preserve = info.preserve_ephemeral ?? false;
  const preserve_ephemeral = typeof preserve === 'boolean' ? preserve : ['1', 't', 'true', 'on', 'y', 'yes'].includes(String(preserve).trim().toLowerCase());
  const format = typeof info.ephemeral_format === 'string' && info.ephemeral_format !== '' ? info.ephemeral_format : null;
  return {
    root_gb,
    root_mb: 1024 * root_gb,
    swap_mb,
    ephemeral_mb: 1024 * ephemeral_gb,
    ephemeral_format: format ?? (ephemeral_gb ? DEFAULT_EPHEMERAL_FORMAT : null),
    preserve_ephemeral,
  };
}

/** Ironic's rescue validation: a non-empty `rescue_password`. */
export function checkRescuePassword(node: Node): void {
  const password = node.instance_info.rescue_password;
  if (password === undefined || password === null) {
    throw new DriverError(`Node ${node.uuid} is missing 'instance_info/rescue_password'. It is required for rescuing node.`);
  }
  if (String(password).trim() === '') {
    throw new DriverError(`The 'instance_info/rescue_password' is an empty string for node ${node.uuid}. The 'rescue_password' must be a non-empty string value.`);
  }
}

/**
 * The `image_info` the agent's write_image takes (Ironic's `AgentDeploy.write_image`): where the
 * image is and its checksum; for a partition image also its kernel and ramdisk, the partition
 * layout, the boot mode and local boot; the config drive as the agent takes it
 * (`configDriveForAgent`), which Ironic passes here as well.
 */
export function imageInfo(node: Node, configdrive: string | null): JsonObject {
  const info = node.instance_info;
  const source = String(info.image_source);
  return {
    id: source.split('/').at(-1)!,
    urls: [String(info.image_url ?? source)],
    disk_format: info.image_disk_format ?? null,
    container_format: info.image_container_format ?? null,
    stream_raw_images: true,
    ...(info.image_checksum ? { checksum: info.image_checksum } : {}),
    ...(info.image_os_hash_algo && info.image_os_hash_value ? { os_hash_algo: info.image_os_hash_algo, os_hash_value: info.image_os_hash_value } : {}),
    node_uuid: node.uuid,
    ...(isWholeDiskImage(node) ? {} : partitionImageInfo(node, configdrive ?? info.configdrive ?? null)),
    ...(configdrive && { configdrive }),
  };
}

/** What a partition image adds to `image_info` (Ironic's `PARTITION_IMAGE_LABELS`, then boot mode and option, and the disk label if asked for). */
function partitionImageInfo(node: Node, configdrive: Json): JsonObject {
  const info = node.instance_info;
  const layout = partitionLayout(node);
  const diskLabel = capability(info.capabilities, 'disk_label') ?? capability(node.properties.capabilities, 'disk_label');
  return {
    kernel: info.kernel ?? null,
    ramdisk: info.ramdisk ?? null,
    root_gb: layout.root_gb,
    root_mb: layout.root_mb,
    swap_mb: layout.swap_mb,
    ephemeral_mb: layout.ephemeral_mb,
    ephemeral_format: layout.ephemeral_format,
    configdrive,
    preserve_ephemeral: layout.preserve_ephemeral,
    image_type: 'partition',
    deploy_boot_mode: deployBootMode(node),
    boot_option: 'local',
    ...(diskLabel !== undefined && { disk_label: diskLabel }),
  };
}

/** A Glance image: a bare UUID or a `glance://` reference. */
function isGlanceImage(source: string): boolean {
  return source.startsWith('glance://') || /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(source);
}
