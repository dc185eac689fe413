import { type Json, type Node, type PowerState, type PowerTarget } from '@ironledger/domain';

/** Why a driver could not do its work; the message ends up in the node's `last_error`. */
export class DriverError extends Error {
  readonly type = 'driver' as const;
  constructor(message: string) {
    super(message);
    this.name = 'DriverError';
  }
}

/** Talks to a node's BMC. */
export interface PowerDriver {
  /** Refuses `driver_info` this driver cannot work with (throws `DriverError`). */
  validate(node: Node): void;
  getPowerState(node: Node): Promise<PowerState | null>;
  /** Performs the action and resolves with the power state the BMC then reports. */
  setPowerState(node: Node, target: PowerTarget, timeoutSeconds?: number): Promise<PowerState>;
}

/** `done`: the work finished; `wait`: it continues out of band until the ramdisk calls back. */
export type WorkResult = 'done' | 'wait';

/** Whether the work starts now or continues after a callback. */
export type Phase = 'start' | 'resumed';

/** The work behind each transient provision state. Each method throws `DriverError` on failure. */
export interface ProvisioningDriver {
  deploy(node: Node, phase: Phase): Promise<WorkResult>;
  tearDown(node: Node): Promise<void>;
  /** Runs clean steps: the operator's for manual cleaning, the driver's own for automated cleaning (`steps` null). */
  clean(node: Node, steps: Json[] | null, phase: Phase): Promise<WorkResult>;
  inspect(node: Node, phase: Phase): Promise<WorkResult>;
  adopt(node: Node): Promise<void>;
  rescue(node: Node, phase: Phase): Promise<WorkResult>;
  unrescue(node: Node): Promise<void>;
}

/** A hardware type as Ironic names them (`fake-hardware`, `redfish`, `ipmi`): its interfaces. */
export interface HardwareType {
  readonly name: string;
  readonly power: PowerDriver;
  readonly provisioning: ProvisioningDriver;
  /** Releases what the driver holds (connections, BMC sessions); called on shutdown. */
  close?(): Promise<void>;
}
