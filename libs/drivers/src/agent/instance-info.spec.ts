import { describe, expect, it } from '@jest/globals';
import { defaultInterfaces, type JsonObject, newNode, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { checkDeployImage, imageInfo, isWholeDiskImage, partitionLayout } from './instance-info.js';

const UUID = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const IMAGE = { image_source: 'http://images/root.img', image_checksum: 'abc' };
const node = (instance_info: JsonObject, fields: Partial<Node> = {}): Node =>
  newNode(UUID, '2026-11-25T08:00:00.000Z', { provision_state: 'available', driver: 'redfish', ...defaultInterfaces('redfish'), instance_info, ...fields });

describe('the image a direct deployment writes', () => {
  it('is a whole disk unless image_type says partition, or a kernel or ramdisk comes with it', () => {
    expect(isWholeDiskImage(node(IMAGE))).toBe(true);
    expect(isWholeDiskImage(node({ ...IMAGE, image_type: 'whole-disk', kernel: 'k' }))).toBe(true);
    expect(isWholeDiskImage(node({ ...IMAGE, image_type: 'partition' }))).toBe(false);
    expect(isWholeDiskImage(node({ ...IMAGE, kernel: 'http://images/vmlinuz' }))).toBe(false);
  });

  it('needs root_gb as a partition image, and whole numbers for its sizes, in Ironic’s words', () => {
    const partition = { ...IMAGE, image_type: 'partition' };
    expect(() => checkDeployImage(node(partition))).toThrow(new DriverError("Some parameters were missing in node's instance_info. Missing are: ['root_gb']"));
    expect(() => checkDeployImage(node({ ...partition, root_gb: 'ten' }))).toThrow(new DriverError('Invalid parameter root_gb: ten is not an integer value.'));
    expect(() => checkDeployImage(node({ ...partition, root_gb: 10, swap_mb: '1.5' }))).toThrow(new DriverError('Invalid parameter swap_mb: 1.5 is not an integer value.'));
    expect(() => checkDeployImage(node({ ...partition, root_gb: '10' }))).not.toThrow();
    expect(() => checkDeployImage(node(IMAGE))).not.toThrow();
  });

  it('lays a partition image out in MiB, with an ext4 ephemeral partition unless told otherwise', () => {
    expect(partitionLayout(node({ ...IMAGE, image_type: 'partition', root_gb: 10, swap_mb: 512, ephemeral_gb: 2, preserve_ephemeral: 'yes' }))).toEqual({
      root_gb: 10, root_mb: 10240, swap_mb: 512, ephemeral_mb: 2048, ephemeral_format: 'ext4', preserve_ephemeral: true,
    });
    expect(partitionLayout(node({ ...IMAGE, root_gb: 4, kernel: 'k', ramdisk: 'r' }))).toMatchObject({ ephemeral_mb: 0, ephemeral_format: null, preserve_ephemeral: false });
  });

  it('is handed to the agent as Ironic hands it: a partition image with its layout, boot mode and local boot; the config drive as well', () => {
    const whole = imageInfo(node({ ...IMAGE, configdrive: { meta_data: {} } }), 'H4sI');
    expect(whole).toEqual({
      id: 'root.img', urls: ['http://images/root.img'], disk_format: null, container_format: null, stream_raw_images: true, checksum: 'abc', node_uuid: UUID, configdrive: 'H4sI',
    });
    expect(imageInfo(node(IMAGE), null)).not.toHaveProperty('configdrive');
    const partition = imageInfo(node({ ...IMAGE, kernel: 'http://images/vmlinuz', ramdisk: 'http://images/initrd', root_gb: 10, capabilities: { boot_mode: 'bios', disk_label: 'gpt' } }), null);
    expect(partition).toMatchObject({
      kernel: 'http://images/vmlinuz', ramdisk: 'http://images/initrd', root_gb: 10, root_mb: 10240, swap_mb: 0, ephemeral_mb: 0, ephemeral_format: null,
      configdrive: null, preserve_ephemeral: false, image_type: 'partition', deploy_boot_mode: 'bios', boot_option: 'local', disk_label: 'gpt',
    });
  });
});
