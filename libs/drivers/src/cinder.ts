/**
 * Ironic's `cinder` storage interface without a Cinder service: what it checks of a node's
 * volume connectors and targets (no service asked), whether the instance image is written, and
 * its failure once a deployment must attach volumes through Cinder, which is not reachable here.
 */
import { type Node, type PowerState } from '@ironledger/domain';
import { capability } from './boot/boot-mode.js';
import { DriverError, PoweredFailure } from './driver.js';

const ISCSI_TYPES = ['iqn'];
const FC_TYPES = ['wwpn', 'wwnn'];
const TRUE_STRINGS = new Set(['1', 't', 'true', 'on', 'y', 'yes']);

/**
 * A storage validation failure Ironic's conductor does not expect (its `StorageError`): the API
 * shows it behind the conductor's "unexpected exception" words.
 */
export class UnexpectedStorageError extends DriverError {}

/** Why the node's volumes do not fit the cinder storage interface, in Ironic's words (throws `DriverError`). */
export function validateCinderStorage(node: Node): void {
  const fail = (reason: string, kind: typeof DriverError = DriverError) => {
    throw new kind(`Failed to validate cinder storage interface for node ${node.uuid}. ${reason}`);
  };
  const iscsiConnectors = node.volume_connectors.filter((connector) => ISCSI_TYPES.includes(connector.type) && connector.connector_id !== null);
  // An iSCSI connector needs iPXE to boot from the volume.
  if (iscsiConnectors.length > 0 && node.boot_interface !== 'ipxe') {
    fail('The [pxe]/ipxe_enabled option must be set to True or the boot interface must be set to ``ipxe`` to support network booting to an iSCSI volume.');
  }
  const count = (type: string) => node.volume_connectors.filter((connector) => connector.type === type && connector.connector_id !== null).length;
  const [wwpn, wwnn] = [count('wwpn'), count('wwnn')];
  if (wwpn !== wwnn) {
    fail(
      `Cinder requires both wwnn and wwpn entries for FCoE connections. There must be a wwpn entry for every wwnn entry. There are ${wwpn} wwpn entries and ${wwnn} wwnn entries.`,
      UnexpectedStorageError,
    );
  }
  const found = { iscsi: iscsiConnectors.length > 0, fc: wwpn >= 1 };
  const enabled = (name: string) => TRUE_STRINGS.has((capability(node.properties.capabilities, name) ?? '').toLowerCase());
  const [iscsiBoot, fcBoot] = [enabled('iscsi_boot'), enabled('fibre_channel_boot')];
  if (iscsiBoot && !found.iscsi) {
    fail(`In order to enable the 'iscsi_boot' capability for the node, an associated volume_connector type must be valid for iSCSI (${ISCSI_TYPES.join(', ')}).`);
  }
  if (fcBoot && !found.fc) {
    fail(`In order to enable the 'fibre_channel_boot' capability for the node, an associated volume_connector type must be valid for Fibre Channel (${FC_TYPES.join(', ')}).`);
  }
  for (const target of node.volume_targets) {
    if (target.volume_id === null) fail(`volume_id missing from target ${target.uuid}.`);
    if (target.volume_type === 'fibre_channel') {
      if (!fcBoot && target.boot_index === 0) fail(`Volume target ${target.uuid} is configured for 'fibre_channel', however the capability 'fibre_channel_boot' is not set on node.`);
      if (!found.fc) fail(`Volume target ${target.uuid} is configured for 'fibre_channel', however no Fibre Channel WWPNs are configured for the node volume connectors.`);
    } else if (target.volume_type === 'iscsi') {
      if (!iscsiBoot && target.boot_index === 0) fail(`Volume target ${target.uuid} is configured for 'iscsi', however the capability 'iscsi_boot' is not set for the node.`);
      if (!found.iscsi) fail(`Volume target ${target.uuid} is configured for 'iscsi', however no iSCSI connectors are configured for the node.`);
    } else {
      fail(`Volume target ${target.uuid} is of an unknown type '${target.volume_type}'. Supported types: 'iscsi' or 'fibre_channel'`);
    }
  }
}

/** Whether a deployment writes the instance image: not when the node boots from a volume and names no image. */
export function cinderWritesImage(node: Node): boolean {
  return 'image_source' in node.instance_info || !node.volume_targets.some((target) => target.boot_index === 0);
}

/**
 * Attaching the node's volumes needs a Cinder client, which Ironic fails to make without the
 * Identity service's authentication: the deployment fails in its words, the node left as
 * `powerState` (it was powered off first).
 */
export function cinderAttachFailure(node: Node, powerState: PowerState): PoweredFailure {
  return new PoweredFailure(`Failed to prepare to deploy: Failed to initialize cinder client for operations on node ${node.uuid}: An auth plugin is required to determine endpoint URL`, powerState);
}
