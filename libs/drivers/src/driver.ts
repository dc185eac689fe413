import { type BiosSettingValue, type BootMode, type Json, type JsonObject, NamedError, type Node, type Phase, type PowerState, type PowerTarget, type StepProgress, unsupportedText } from '@ironledger/domain';
import { type RaidDriver } from './redfish/raid.js';

export { type Phase } from '@ironledger/domain';

/** Why a driver could not do its work; the message ends up in the node's `last_error`. */
export class DriverError extends NamedError {
  readonly type = 'driver' as const;
}

/**
 * The driver refuses a request before touching the hardware: an argument it does not take, or a
 * feature it lacks. Ironic answers these with 400; everything else a driver throws is a failure
 * of the hardware (500, or `last_error`).
 */
export class DriverRefusal extends DriverError {}

/** A failure Ironic answers with 404: what the call names is not on the hardware (a BMC's event subscription). */
export class DriverNotFound extends DriverError {}

/** Ironic's refusal of a feature the node's driver lacks, e.g. `inject_nmi`. */
export function unsupported(node: Pick<Node, 'driver'>, extension: string): DriverRefusal {
  return new DriverRefusal(unsupportedText(node.driver, extension));
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

/**
 * How a piece of provisioning work ended, and the power state it left the node in when it
 * changed power: recorded with the outcome, so that the node's state says what the BMC does
 * (power sync in force mode would otherwise "restore" the state before the work).
 */
export interface WorkOutcome {
  readonly result: WorkResult;
  readonly powerState?: PowerState;
  /** How far the work got through its clean or deploy steps, in order. */
  readonly progress?: readonly StepProgress[];
  /** The work restarted or stopped the ramdisk: its agent's token and URL are void. */
  readonly agentReset?: boolean;
  /** What a network boot service must serve the node to boot the ramdisk (PXE), when the work prepared such a boot. */
  readonly bootConfig?: JsonObject;
}

/** Work that failed after it changed the node's power: the power state it left is recorded with the failure. */
export class PoweredFailure extends DriverError {
  constructor(
    message: string,
    readonly powerState: PowerState,
  ) {
    super(message);
  }
}

/** Work that failed part way through its steps: the progress made up to the failure is recorded with it. */
export class StepFailure extends DriverError {
  constructor(
    message: string,
    readonly progress: readonly StepProgress[],
  ) {
    super(message);
  }
}

/** The work behind each transient provision state. Each method throws `DriverError` on failure. */
export interface ProvisioningDriver {
  deploy(node: Node, phase: Phase): Promise<WorkOutcome>;
  tearDown(node: Node): Promise<WorkOutcome>;
  /** Runs clean steps: the operator's for manual cleaning, the driver's own for automated cleaning (`steps` null). */
  clean(node: Node, steps: Json[] | null, phase: Phase): Promise<WorkOutcome>;
  inspect(node: Node, phase: Phase): Promise<WorkOutcome>;
  adopt(node: Node): Promise<WorkOutcome>;
  rescue(node: Node, phase: Phase): Promise<WorkOutcome>;
  unrescue(node: Node): Promise<WorkOutcome>;
  /**
   * Tears down a ramdisk whose wait was ended (abort, timeout): its media ejected, the host
   * powered off when `powerOff`. Resolves with the power state it left, when it changed power.
   */
  tearDownRamdisk(node: Node, powerOff: boolean): Promise<PowerState | undefined>;
}

/** The boot device the BMC will boot from (`null`: it does not say). */
export interface BootDeviceInfo {
  readonly boot_device: string | null;
  readonly persistent: boolean | null;
}

/** One indicator (LED) of the hardware: `id` and `component` make its API name `<id>@<component>`. */
export interface IndicatorInfo {
  readonly id: string;
  readonly component: string;
  readonly readonly: boolean;
  readonly states: readonly string[];
}

/**
 * Ironic's management interface. Methods a driver lacks are absent (Ironic's "does not support");
 * every method throws `DriverRefusal` for arguments it does not take, other `DriverError`s for
 * failures of the hardware.
 */
export interface ManagementDriver {
  /** Refuses `driver_info` this driver cannot work with, without touching the BMC. */
  validate(node: Node): void;
  /** Boot devices `setBootDevice` takes; answered without touching the BMC. */
  supportedBootDevices(node: Node): readonly string[];
  /** The refusal of a boot device not supported, when it is not Ironic's usual `Invalid boot device … specified.` */
  bootDeviceRefusal?(node: Node, device: string): string;
  getBootDevice(node: Node): Promise<BootDeviceInfo>;
  setBootDevice(node: Node, device: string, persistent: boolean): Promise<void>;
  getBootMode?(node: Node): Promise<BootMode | null>;
  setBootMode?(node: Node, mode: BootMode): Promise<void>;
  getSecureBoot?(node: Node): Promise<boolean>;
  setSecureBoot?(node: Node, enabled: boolean): Promise<void>;
  injectNmi?(node: Node): Promise<void>;
  /** The indicators, components in Ironic's order, each component's indicators in the hardware's. */
  listIndicators?(node: Node): Promise<IndicatorInfo[]>;
  getIndicatorState?(node: Node, component: string, id: string): Promise<string>;
  setIndicatorState?(node: Node, component: string, id: string, state: string): Promise<void>;
}

/** A BIOS setting to apply (`bios.apply_configuration`'s `settings`). */
export interface BiosSettingRequest {
  readonly name: string;
  readonly value: Json;
}

/** Ironic's BIOS interface: what the conductor caches, and the clean steps that change it. */
export interface BiosDriver {
  /** The settings as the hardware reports them now, values as strings. */
  readSettings(node: Node): Promise<BiosSettingValue[]>;
  /** `bios.apply_configuration`: the settings are in effect when it resolves. */
  applyConfiguration(node: Node, settings: readonly BiosSettingRequest[]): Promise<void>;
  /** `bios.factory_reset`. */
  factoryReset(node: Node): Promise<void>;
}

/** Ironic's console interface. */
export interface ConsoleDriver {
  validate(node: Node): void;
  start(node: Node): Promise<void>;
  stop(node: Node): Promise<void>;
  /** What `GET …/states/console` shows as `console_info` while the console is enabled. */
  info(node: Node): Promise<JsonObject>;
}

/**
 * Ironic's vendor interface: the methods `VENDOR_METHODS` lists for it. `validate` refuses what
 * Ironic's does before the call is accepted (`driver_info`); `call` makes it, throwing
 * `DriverError` when the hardware fails it or an argument is not one the method takes.
 */
export interface VendorDriver {
  validate(node: Node, method: string, args: JsonObject): void | Promise<void>;
  /** What the method returns: the body of a synchronous call's answer (`null` is Python's `None`); nothing for an asynchronous one. */
  call(node: Node, method: string, args: JsonObject): Promise<Json | void>;
}

/** What an inspection through the BMC found: the node's properties as it leaves them, and the MACs to make ports for (lower case). */
export interface InspectedHardware {
  readonly properties: JsonObject;
  readonly macs: readonly string[];
}

/** An inspect interface that works out of band (Ironic's `redfish`): no ramdisk, the node is done when it resolves. */
export interface InspectDriver {
  validate(node: Node): void;
  inspectHardware(node: Node): Promise<InspectedHardware>;
}

/** A hardware type as Ironic names them (`fake-hardware`, `redfish`, `ipmi`): its interfaces. */
export interface HardwareType {
  readonly name: string;
  readonly power: PowerDriver;
  readonly provisioning: ProvisioningDriver;
  /** Absent: the hardware type has no management interface (every call is refused as unsupported). */
  readonly management?: ManagementDriver;
  /** Absent: `no-bios` only. */
  readonly bios?: BiosDriver;
  /** Absent: `no-console` only. */
  readonly console?: ConsoleDriver;
  /** The `redfish` RAID interface, whose tasks the conductor polls while a step waits for them; absent: none. */
  readonly raid?: RaidDriver;
  /** Absent: no vendor methods (`no-vendor`). */
  readonly vendor?: VendorDriver;
  /** The out-of-band inspect interfaces, by name (`redfish`); the others boot a ramdisk or do nothing. */
  readonly inspect?: Readonly<Record<string, InspectDriver>>;
  /** Releases what the driver holds (connections, BMC sessions); called on shutdown. */
  close?(): Promise<void>;
  /** Connections open to BMCs now (absent: the driver keeps none). */
  openSockets?(): number;
}
