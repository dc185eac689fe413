/** What a node's `instance_info` must hold for the agent to deploy or rescue it, in Ironic's words. */
import { type JsonObject, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';

/** The image types Ironic knows (`images.VALID_IMAGE_TYPES`). */
const IMAGE_TYPES = ['partition', 'whole-disk'];

/**
 * Ironic's direct deploy validation: an `image_source`, a valid `image_type` if any, and for an
 * image that is neither in Glance nor a local file, a checksum: `image_checksum`, or
 * `image_os_hash_algo` with `image_os_hash_value`.
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
  if (source.startsWith('file://')) return;
  const algo = info.image_os_hash_algo;
  const value = info.image_os_hash_value;
  if (Boolean(algo) !== Boolean(value) || (!value && !info.image_checksum)) {
    throw new DriverError(`image_source's "image_checksum", or "image_os_hash_algo" and "image_os_hash_value" must be provided in instance_info for node ${node.uuid}`);
  }
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

/** The `image_info` the agent's write_image takes (Ironic's `AgentDeploy.write_image`), for a whole-disk image. */
export function imageInfo(node: Node): JsonObject {
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
  };
}

/** A Glance image: a bare UUID or a `glance://` reference. */
function isGlanceImage(source: string): boolean {
  return source.startsWith('glance://') || /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(source);
}
