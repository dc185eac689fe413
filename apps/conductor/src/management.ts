import { type Handled, type NodeCommandHandler } from '@ironledger/application';
import { type HardwareQuery } from '@ironledger/contracts';
import {
  assertNever,
  type BiosSettingValue,
  type BootMode,
  type CacheBiosSettings,
  type CallVendorMethod,
  type CacheBootMode,
  type CommandMeta,
  DomainError,
  type InjectNmi,
  type ManagementAction,
  type Node,
  type NodeCommand,
  type NodeEvent,
  NamedError,
  NodeLockedError,
  NodeNotFoundError,
  type PowerState,
  type RecordManagementOutcome,
  type SetBootDevice,
  type SetBootMode,
  type SetConsoleMode,
  type SetIndicatorState,
  type SetSecureBoot,
  type Json,
  isSynchronousVendorMethod,
  vendorArgumentRefusal,
  vendorCallRefusal,
} from '@ironledger/domain';
import { DriverError, DriverNotFound, DriverRefusal, type HardwareType, type ManagementDriver, type RamdiskImageDefaults, RedfishError, unsupported, validationReport, type VendorDriver } from '@ironledger/drivers';

/** Management calls made while the client waits (also a vendor method that is not `async`: see `isSynchronous`). */
export type SynchronousCall = SetBootDevice | InjectNmi | SetIndicatorState | CallVendorMethod;
/** Every command that starts a management call. */
export type ManagementCall = SynchronousCall | SetBootMode | SetSecureBoot | SetConsoleMode;

const SYNCHRONOUS_CALLS: ReadonlySet<string> = new Set<SynchronousCall['type']>(['SetBootDevice', 'InjectNmi', 'SetIndicatorState']);
export const MANAGEMENT_CALLS: ReadonlySet<string> = new Set<ManagementCall['type']>(['SetBootDevice', 'InjectNmi', 'SetIndicatorState', 'SetBootMode', 'SetSecureBoot', 'SetConsoleMode', 'CallVendorMethod']);

/**
 * A management call failed after its lock was recorded; its failure is in the log up to
 * `position`. A `DriverRefusal` is the client's fault (400), a `DriverNotFound` 404, anything else the hardware's (500).
 */
export class RecordedFailure extends NamedError {
  constructor(
    readonly type: 'invalid_parameter' | 'not_found' | 'driver_failed',
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/** A driver's (or the domain's) refusal reads as it is; anything else is a bug worth flagging as unexpected. */
export function describe(error: unknown): string {
  return error instanceof DriverError || error instanceof DomainError ? error.message : `Unexpected error: ${(error as Error).message}`;
}

/**
 * What a conductor does on a node's hardware besides provisioning and power: answers hardware
 * queries, carries out management calls (refusals first, so that a refused call appends nothing;
 * then the lock, the driver, the outcome), and records what it reads back (boot mode, BIOS
 * settings).
 */
export class HardwareManagement {
  constructor(
    private readonly handler: NodeCommandHandler,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly conductorId: string,
    private readonly log: (message: string) => void = () => undefined,
    /** The conductor's default ramdisk images, for nodes whose `driver_info` names none (validation). */
    private readonly images: RamdiskImageDefaults = {},
  ) {}

  /** The answer to a hardware query, as the API shows it. */
  async query(query: HardwareQuery): Promise<unknown> {
    const node = (await this.handler.load(query.nodeId)).state;
    if (!node) throw new NodeNotFoundError(query.nodeId);
    const { data } = query;
    switch (data.what) {
      case 'boot_device': {
        const management = this.checked(node);
        return management.getBootDevice(node);
      }
      case 'supported_boot_devices':
        return this.management(node).supportedBootDevices(node);
      case 'indicators': {
        const management = this.management(node);
        if (!management.listIndicators) throw unsupported(node, 'get_supported_indicators');
        return management.listIndicators(node);
      }
      case 'indicator_state': {
        const management = this.checked(node);
        if (!management.getIndicatorState) throw unsupported(node, 'get_indicator_state');
        return { state: await management.getIndicatorState(node, data.component, data.indicator) };
      }
      case 'console': {
        if (!node.console_enabled) return { console_enabled: false, console_info: null };
        const console = this.hardware(node).console;
        if (!console || node.console_interface === 'no-console') throw unsupported(node, 'console');
        console.validate(node);
        return { console_enabled: true, console_info: await console.info(node) };
      }
      case 'validate':
        return validationReport(node, this.images, this.conductorId);
      default:
        return assertNever(data);
    }
  }

  /**
   * Refuses a management call the node's driver cannot take, before anything is appended: its
   * lock is held, its `driver_info` is unusable, the driver lacks the feature, or an argument is
   * not one the driver takes.
   */
  async check(command: ManagementCall): Promise<void> {
    const node = (await this.handler.load(command.nodeId)).state;
    if (!node) return; // the decision says so
    if (command.type === 'SetConsoleMode') {
      if (node.console_interface !== 'no-console') this.hardware(node).console?.validate(node);
      return;
    }
    if (command.type === 'CallVendorMethod') return this.checkVendorCall(node, command);
    const management = this.checked(node);
    switch (command.type) {
      case 'SetBootDevice': {
        const device = command.data.boot_device;
        if (!management.supportedBootDevices(node).includes(device)) throw new DriverRefusal(management.bootDeviceRefusal?.(node, device) ?? `Invalid boot device ${device} specified.`);
        return;
      }
      case 'InjectNmi':
        if (!management.injectNmi) throw unsupported(node, 'inject_nmi');
        return;
      case 'SetIndicatorState': {
        const { component, indicator, state } = command.data;
        if (!management.setIndicatorState || !management.listIndicators) throw unsupported(node, 'set_indicator_state');
        const found = (await management.listIndicators(node)).find((known) => known.component === component && known.id === indicator);
        if (!found) throw new DriverRefusal(`Unknown indicator ${indicator} for component ${component} of node ${node.uuid}`);
        if (!found.states.includes(state)) throw new DriverRefusal(`Invalid indicator state ${state} specified.`);
        return;
      }
      case 'SetBootMode':
      case 'SetSecureBoot':
        return;
      default:
        return assertNever(command);
    }
  }

  /** Ironic's checks of a vendor call before its 202, in its order: method, HTTP method, lock, arguments, `driver_info`. */
  private async checkVendorCall(node: Node, command: CallVendorMethod): Promise<void> {
    const { method, http_method, args } = command.data;
    const refused = vendorCallRefusal(node.vendor_interface, method, http_method);
    if (refused) throw new DriverRefusal(refused);
    if (node.reservation !== null) throw new NodeLockedError(node.uuid, node.reservation);
    const missing = vendorArgumentRefusal(method, args);
    if (missing) throw new DriverRefusal(missing);
    try {
      await this.vendor(node).validate(node, method, args);
    } catch (error) {
      // A BMC that fails a check it is asked is the hardware's failure (500), as in Ironic; the rest is `driver_info`'s.
      const bmcFailure = error instanceof RedfishError && error.kind !== 'invalid-config';
      throw error instanceof DriverError && !(error instanceof DriverRefusal) && !bmcFailure ? new DriverRefusal(error.message) : error;
    }
  }

  /** Whether the command is carried out while the client waits: `call`, rather than after the reply. */
  async isSynchronous(command: NodeCommand): Promise<boolean> {
    if (command.type !== 'CallVendorMethod') return SYNCHRONOUS_CALLS.has(command.type);
    const node = (await this.handler.load(command.nodeId)).state;
    return node !== null && isSynchronousVendorMethod(node.vendor_interface, command.data.method);
  }

  /**
   * A synchronous call, the client waiting: the lock, the driver, the outcome, each recorded.
   * A failure is thrown as `RecordedFailure` once recorded. `result`: what a vendor method returned.
   */
  async call(command: SynchronousCall): Promise<Handled<NodeEvent, Node> & { result?: Json }> {
    const locked = await this.handler.handle(command);
    const node = locked.state!;
    const action = node.management_action!;
    let failure: unknown = null;
    let result: Json | undefined;
    try {
      if (action.kind === 'vendor_method') result = (await this.vendor(node).call(node, action.method, action.args)) ?? null;
      else await this.perform(node, action);
    } catch (error) {
      failure = error;
    }
    const outcome: RecordManagementOutcome['data'] = failure === null ? { outcome: 'succeeded' } : { outcome: 'failed', error: describe(failure) };
    const recorded = await this.handler.handle(this.command<RecordManagementOutcome>(node, command.meta, 'RecordManagementOutcome', outcome));
    if (failure !== null) {
      const failed = recorded.events.find((event) => event.type === 'ManagementActionFailed');
      const type = failure instanceof DriverRefusal ? 'invalid_parameter' : failure instanceof DriverNotFound ? 'not_found' : 'driver_failed';
      throw new RecordedFailure(type, failed?.data.error ?? describe(failure), recorded.position);
    }
    const handled = { events: [...locked.events, ...recorded.events], previous: locked.previous, state: recorded.state, position: recorded.position };
    return result === undefined ? handled : { ...handled, result };
  }

  /**
   * Makes the call the node is locked for; the power state it left, when it changed power. Boot
   * mode and secure boot are left alone when already so.
   */
  async perform(node: Node, action: ManagementAction): Promise<PowerState | void> {
    switch (action.kind) {
      case 'set_boot_device':
        return this.management(node).setBootDevice(node, action.boot_device, action.persistent);
      case 'inject_nmi': {
        const management = this.management(node);
        if (!management.injectNmi) throw unsupported(node, 'inject_nmi');
        return management.injectNmi(node);
      }
      case 'set_indicator_state': {
        const management = this.management(node);
        if (!management.setIndicatorState) throw unsupported(node, 'set_indicator_state');
        return management.setIndicatorState(node, action.component, action.indicator, action.state);
      }
      case 'set_boot_mode': {
        const management = this.management(node);
        if (!management.setBootMode) throw unsupported(node, 'set_boot_mode');
        if ((await this.current(() => management.getBootMode?.(node))) === action.target) return;
        return management.setBootMode(node, action.target);
      }
      case 'set_secure_boot': {
        const management = this.management(node);
        if (!management.setSecureBoot) throw unsupported(node, 'set_secure_boot_state');
        if ((await this.current(() => management.getSecureBoot?.(node))) === action.target) return;
        return management.setSecureBoot(node, action.target);
      }
      case 'set_console': {
        if (action.enabled === null) throw new DriverError("Field `console_enabled' cannot be None");
        const console = this.hardware(node).console;
        if (!console || node.console_interface === 'no-console') throw unsupported(node, 'console');
        return action.enabled ? console.start(node) : console.stop(node);
      }
      case 'tear_down_ramdisk':
        return this.hardware(node).provisioning.tearDownRamdisk(node, action.power_off);
      case 'vendor_method':
        await this.vendor(node).call(node, action.method, action.args);
        return;
      default:
        return assertNever(action);
    }
  }

  /**
   * The boot mode and secure boot state the hardware reports (verify), to record as `CacheBootMode`:
   * what the driver does not support counts as unknown; `null` (logged) when the reading failed.
   */
  async readBootMode(node: Node): Promise<CacheBootMode['data'] | null> {
    const management = this.hardware(node).management;
    const read = async <T>(get: (() => Promise<T>) | undefined): Promise<T | null> => {
      if (!get) return null;
      try {
        return await get();
      } catch (error) {
        if (error instanceof DriverRefusal) return null;
        throw error;
      }
    };
    try {
      const boot_mode: BootMode | null = await read(management?.getBootMode && (() => management.getBootMode!(node)));
      const secure_boot = await read(management?.getSecureBoot && (() => management.getSecureBoot!(node)));
      return { boot_mode, secure_boot };
    } catch (error) {
      this.log(`could not read the boot mode of node ${node.uuid}: ${describe(error)}`);
      return null;
    }
  }

  /** The BIOS settings the hardware reports (verify, cleaning), to record as `CacheBiosSettings`; `null` when it has none to read, or (logged) the reading failed. */
  async readBios(node: Node): Promise<CacheBiosSettings['data'] | null> {
    const bios = this.hardware(node).bios;
    if (!bios || node.bios_interface === 'no-bios') return null;
    try {
      const settings: BiosSettingValue[] = await bios.readSettings(node);
      return { settings };
    } catch (error) {
      this.log(`could not read the BIOS settings of node ${node.uuid}: ${describe(error)}`);
      return null;
    }
  }

  /** What the hardware reports now, `null` when it cannot say (Ironic goes ahead and sets it then). */
  private async current<T>(read: () => Promise<T> | undefined): Promise<T | null> {
    try {
      return (await read()) ?? null;
    } catch {
      return null;
    }
  }

  /** The node's management interface after Ironic's synchronous checks: not locked, usable `driver_info`. */
  private checked(node: Node): ManagementDriver {
    if (node.reservation !== null) throw new NodeLockedError(node.uuid, node.reservation);
    const management = this.management(node);
    try {
      management.validate(node);
    } catch (error) {
      throw error instanceof DriverError && !(error instanceof DriverRefusal) ? new DriverRefusal(error.message) : error;
    }
    return management;
  }

  private management(node: Node): ManagementDriver {
    const management = this.hardware(node).management;
    if (!management) throw unsupported(node, 'management');
    return management;
  }

  private vendor(node: Node): VendorDriver {
    const vendor = this.hardware(node).vendor;
    if (!vendor) throw unsupported(node, 'vendor');
    return vendor;
  }

  private hardware(node: Node): HardwareType {
    const hardware = this.drivers.get(node.driver);
    if (!hardware) throw new DriverError(`No conductor service registered which supports driver ${node.driver}.`);
    return hardware;
  }

  /** A command recording this conductor's work on `node`, caused by the request that started it. */
  private command<C extends NodeCommand>(node: Node, origin: CommandMeta, type: C['type'], data: C['data']): NodeCommand {
    return { type, nodeId: node.uuid, data, meta: { ...origin, at: new Date().toISOString(), actor: 'conductor', conductor: this.conductorId, causationId: origin.requestId } } as NodeCommand;
  }
}
