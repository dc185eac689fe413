import { type JsonObject, type Node, RESCUE_LIKE_STATES } from '@ironledger/domain';

/** Which agent ramdisk to boot: the deploy ramdisk (deploying and cleaning) or the rescue ramdisk. */
export type RamdiskMode = 'deploy' | 'rescue';

/**
 * Ironic's boot interface: how the conductor makes a node boot the agent's ramdisk, and later
 * its instance. Power stays with the caller, which powers on or reboots after `prepareRamdisk`.
 * Each method throws `DriverError` on failure.
 */
export interface BootInterface {
  /** Ironic's name of the implementation, as nodes name it in `boot_interface`. */
  readonly name: string;
  /** Refuses a node whose `driver_info` (or the conductor's defaults) lacks what booting the ramdisk needs, without touching the BMC. */
  validate(node: Node): void;
  /**
   * Makes the next boot (once) start the ramdisk of `mode`. Resolves with what a network boot
   * service must serve for it (PXE), or with nothing when the BMC holds all of it (virtual media).
   */
  prepareRamdisk(node: Node, mode: RamdiskMode): Promise<JsonObject | void>;
  /** Undoes `prepareRamdisk` (and a ramdisk instance's `prepareInstance`): the media is ejected. */
  cleanUpRamdisk(node: Node): Promise<void>;
  /**
   * Refuses the instance of a `ramdisk` deployment (`instance_info` boot_iso, or kernel and
   * ramdisk) when this interface cannot boot it; other instances boot from disk and pass.
   */
  validateInstance(node: Node): void;
  /**
   * Makes the node boot its instance from now on, the ramdisk's media ejected: from the local
   * disk, or for a `ramdisk` deployment its own ramdisk (Ironic's `prepare_instance`). Resolves
   * with what a network boot service must serve for that, if anything.
   */
  prepareInstance(node: Node): Promise<JsonObject | void>;
}

/** The ramdisk the node's state calls for (Ironic's `rescue_or_deploy_mode`). */
export function ramdiskModeOf(node: Pick<Node, 'provision_state'>): RamdiskMode {
  return RESCUE_LIKE_STATES.has(node.provision_state) ? 'rescue' : 'deploy';
}
