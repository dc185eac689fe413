/**
 * The simulator's model: one plain object per virtual BMC and the pure functions that move it.
 * Nothing here does I/O or reads a clock; callers pass `now` (milliseconds). Delayed power changes
 * and flapping are evaluated lazily when someone looks, so 10,000 idle BMCs cost no timers.
 */

/** `PowerState` values of a DMTF ComputerSystem that the simulator shows. */
export type RedfishPowerState = 'On' | 'Off' | 'PoweringOn' | 'PoweringOff';

/** The two states a simulated host rests in. */
export type StablePower = 'On' | 'Off';

/** DMTF `ResetType` values the simulator implements. */
export const RESET_TYPES = [
  'On', 'ForceOff', 'GracefulShutdown', 'GracefulRestart', 'ForceRestart', 'Nmi', 'ForceOn', 'PushPowerButton', 'PowerCycle',
] as const;
export type ResetType = (typeof RESET_TYPES)[number];

export function isResetType(value: unknown): value is ResetType {
  return typeof value === 'string' && (RESET_TYPES as readonly string[]).includes(value);
}

/** What a delayed power change shows until it applies: a `Powering…` state, or the old state. */
export type DelayDisplay = 'transitional' | 'old';

/** `BootSourceOverrideEnabled` values. */
export const BOOT_OVERRIDE_ENABLED = ['Disabled', 'Once', 'Continuous'] as const;
export type BootOverrideEnabled = (typeof BOOT_OVERRIDE_ENABLED)[number];

/** `BootSourceOverrideMode` values. */
export const BOOT_MODES = ['UEFI', 'Legacy'] as const;
export type BootModeValue = (typeof BOOT_MODES)[number];

/** `BootSourceOverrideTarget` values the simulator offers by default (DMTF's list, less the vendor-specific ones). */
export const BOOT_TARGETS = ['None', 'Pxe', 'Floppy', 'Cd', 'Usb', 'Hdd', 'BiosSetup', 'Utilities', 'Diags', 'UefiShell', 'UefiTarget', 'SDCard', 'UefiHttp', 'RemoteDrive'] as const;

/** `IndicatorLED` values a client may set (a BMC reports `Unknown` only of its own accord). */
export const INDICATOR_LEDS = ['Lit', 'Blinking', 'Off'] as const;
export type IndicatorLed = (typeof INDICATOR_LEDS)[number];

/** A BIOS attribute's value. */
export type BiosValue = string | number | boolean | null;

/** Calls a BMC can be told to refuse (400), whatever their arguments. */
export const REFUSABLE_CALLS = ['bootOverride', 'bootMode', 'secureBoot', 'nmi', 'indicator', 'biosSettings', 'biosReset'] as const;
export type RefusableCall = (typeof REFUSABLE_CALLS)[number];

/** The virtual media slots of a BMC's manager: a CD/DVD drive and a floppy/USB stick. */
export const MEDIA_SLOTS = ['Cd', 'Floppy'] as const;
export type MediaSlot = (typeof MEDIA_SLOTS)[number];

/** An image attached to a virtual media slot (DMTF `VirtualMedia.InsertMedia`). */
export interface AttachedMedia {
  readonly image: string;
  readonly inserted: boolean;
  readonly writeProtected: boolean;
  readonly transferProtocolType: string | null;
  readonly userName: string | null;
}

/** An image the agent wrote to the system's disk and verified. */
export interface DiskImage {
  readonly imageId: string;
  readonly url: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly sha512?: string;
  readonly md5?: string;
  /** The checksum the agent verified the image against. */
  readonly verified: { readonly algo: string; readonly value: string };
  readonly writtenAt: string;
  /** The config drive written with it: its size and digest, where it came from. */
  readonly configdrive: { readonly source: 'inline' | 'url'; readonly url?: string; readonly bytes?: number; readonly sha256?: string } | null;
  /** `image.install_bootloader`'s parameters, once the agent was asked to. */
  readonly bootloader?: Readonly<Record<string, unknown>>;
  /** A partition image's layout as the agent was given it (sizes in MiB), and the partitions it made. */
  readonly partitions?: { readonly root_mb: number; readonly swap_mb: number; readonly ephemeral_mb: number; readonly uuids: Readonly<Record<string, string>> };
}

/** The system's install disk. */
export interface SimulatedDisk {
  /** The last image written whole; null when blank, erased or overwritten by a write that did not finish. */
  readonly image: DiskImage | null;
  /** `erase_devices_metadata` wiped partition tables and signatures: the disk holds no bootable image. */
  readonly metadataErased: boolean;
  /** A streamed write that stopped part way left this much of an image. */
  readonly partialWrite?: { readonly imageId: string; readonly bytes: number };
}

/** What a boot found to run: the agent ramdisk from virtual media or the network, the instance on the disk, or nothing. */
export type BootSource = 'cd' | 'network' | 'disk' | 'none';

/** The last boot: where from, and for a boot from the disk, which image runs. */
export interface BootRecord {
  readonly source: BootSource;
  readonly imageId?: string;
  readonly sha256?: string;
}

export const DEFAULT_USERNAME = 'admin';
export const DEFAULT_PASSWORD = 'password';

/** One virtual BMC and the single ComputerSystem it manages. Kept flat so every BMC has one shape. */
export interface VirtualBmc {
  /** 1-based; the BMC answers under `/bmc/{index}` and its system's `Id` is `String(index)`. */
  readonly index: number;
  username: string;
  password: string;
  /** `Basic …` header value for the current credentials, compared as is on the hot path. */
  basicAuth: string;
  /** The state the host rests in (before lazily applying `pending*` and flapping). */
  power: StablePower;
  /** A reset that has been accepted but applies only at `pendingAt`. */
  pendingPower: StablePower | null;
  pendingAt: number;
  /** Reset types advertised in `ResetType@Redfish.AllowableValues`; others are refused. */
  resetTypes: readonly ResetType[];
  /** Whether the BMC has a SessionService (older BMCs do basic auth only). */
  sessionService: boolean;
  /** Whether authentication runs in front of every resource but the service root (sushy-tools' way): 401 before 404. */
  authFirst: boolean;
  /** Whether the reset action lists its allowed types in an ActionInfo resource instead of inline. */
  actionInfo: boolean;
  /** The system's `Boot`: the override target, for how long, and the boot mode. */
  bootTarget: string;
  bootEnabled: BootOverrideEnabled;
  bootMode: BootModeValue;
  /** Targets offered in `BootSourceOverrideTarget@Redfish.AllowableValues`; others are refused. */
  bootTargets: readonly string[];
  /** Whether `Boot` has `BootSourceOverrideMode` at all (older BMCs do not). */
  bootModeProperty: boolean;
  /** The `SecureBoot` resource (`secureBoot`: whether there is one) and its `SecureBootEnable`. */
  secureBoot: boolean;
  secureBootEnable: boolean;
  /** `IndicatorLED` of the system and of its chassis (`chassis`: whether the system links one). */
  systemLed: IndicatorLed;
  chassis: boolean;
  chassisLed: IndicatorLed;
  /** The `Bios` resource: whether there is one, its attributes that differ from the defaults, and what the next boot applies. */
  bios: boolean;
  /** Whether the BMC publishes its BIOS attribute registry (under `Registries`). */
  biosRegistry: boolean;
  biosChanged: Readonly<Record<string, BiosValue>> | null;
  biosPending: Readonly<Record<string, BiosValue>> | null;
  /** `Bios.ResetBios` was called: the next boot restores the defaults. */
  biosResetPending: boolean;
  /** Bumped by every change of the ComputerSystem: its ETag. */
  systemVersion: number;
  // Faults (all off by default).
  /** Calls answered with 400 whatever they ask. */
  refuse: readonly RefusableCall[];
  /** The next boot drops pending BIOS settings instead of applying them. */
  biosApplyFails: boolean;
  /** When the storage applies volume changes: at once, or only at the next boot (`OnReset`). */
  raidApplyTime: RaidApplyTime;
  /** `Immediate` volume changes answer 202 with a task monitor and are done this long after (0: 201/204 at once); `OnReset` ones are done this long after the boot that applies them is seen. */
  raidTaskMs: number;
  /** Every Redfish request waits this long before it is handled. */
  latencyMs: number;
  /** Redfish requests are held without an answer until `hang` is cleared. */
  hang: boolean;
  /** Redfish requests fail with this HTTP status (0: off). */
  failStatus: number;
  /** How many more requests fail with `failStatus` (-1: every one until cleared). */
  failCount: number;
  /** Successful Redfish answers carry a body that is not JSON. */
  garbled: boolean;
  /** A reset changes power only after this long. */
  powerDelayMs: number;
  powerDelayShows: DelayDisplay;
  /** The host's power toggles by itself every `flapMs` (0: off), next at `flapNextAt`. */
  flapMs: number;
  flapNextAt: number;
  // Counters, for tests and benchmarks.
  requests: number;
  resets: number;
  lastResetType: ResetType | null;
  /** Non-maskable interrupts injected, and boots (resets that started the host). */
  nmis: number;
  boots: number;
  /** Images attached to the manager's virtual media slots; an absent slot is empty. */
  media: Readonly<Partial<Record<MediaSlot, AttachedMedia>>>;
  /** The install disk; null while blank. */
  disk: SimulatedDisk | null;
  /** What the last boot started (see `bootSource`); null before the first boot. */
  booted: BootRecord | null;
}

/** What the control API may change on one BMC. Absent fields stay as they are. */
export interface BmcControl {
  /** Back to defaults first (no faults, default credentials, reset types, boot override, LEDs, BIOS and event subscriptions); power and counters are kept. */
  reset?: boolean;
  /** Sets the host's power behind the service's back (cancels a pending change). */
  powerState?: StablePower;
  username?: string;
  password?: string;
  resetTypes?: ResetType[];
  /** `false`: the BMC has no SessionService (its URIs answer 404, the service root does not link it). */
  sessionService?: boolean;
  /** `true`: every request but for the service root needs credentials first, so a login without them gets 401 (sushy-tools' emulator does this). */
  authFirst?: boolean;
  /** `true`: the reset action links `@Redfish.ActionInfo` instead of listing its allowed types inline. */
  actionInfo?: boolean;
  latencyMs?: number;
  hang?: boolean;
  failStatus?: number;
  failCount?: number;
  garbled?: boolean;
  powerDelayMs?: number;
  powerDelayShows?: DelayDisplay;
  flapMs?: number;
  /** Ends the BMC's open sessions (as a BMC reboot would); their tokens then get 401. */
  dropSessions?: boolean;
  /** Changes behind the service's back: the boot override, the boot mode, secure boot, the LEDs, BIOS attributes. */
  bootSourceOverrideTarget?: string;
  bootSourceOverrideEnabled?: BootOverrideEnabled;
  bootSourceOverrideMode?: BootModeValue;
  secureBootEnable?: boolean;
  indicatorLed?: IndicatorLed;
  chassisIndicatorLed?: IndicatorLed;
  biosAttributes?: Record<string, BiosValue>;
  /** What the BMC has: the allowed boot targets, `BootSourceOverrideMode`, the SecureBoot, Bios and Chassis resources. */
  bootTargets?: string[];
  bootModeProperty?: boolean;
  secureBoot?: boolean;
  bios?: boolean;
  biosRegistry?: boolean;
  chassis?: boolean;
  /** Faults: calls refused with 400; pending BIOS settings dropped at the next boot. */
  refuse?: RefusableCall[];
  biosApplyFails?: boolean;
  /** How the storage applies volume changes (see `VirtualBmc`). */
  raidApplyTime?: RaidApplyTime;
  raidTaskMs?: number;
}

/** The `@Redfish.OperationApplyTime` values a simulated storage can offer for its volumes. */
export const RAID_APPLY_TIMES = ['Immediate', 'OnReset'] as const;
export type RaidApplyTime = (typeof RAID_APPLY_TIMES)[number];

/** Every reset type, in the order DMTF lists them, shared by BMCs that keep the default. */
export const DEFAULT_RESET_TYPES: readonly ResetType[] = RESET_TYPES;

export function basicAuthHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

export interface BmcDefaults {
  readonly username?: string;
  readonly password?: string;
  readonly power?: StablePower;
}

export function createBmc(index: number, defaults: BmcDefaults = {}): VirtualBmc {
  const username = defaults.username ?? DEFAULT_USERNAME;
  const password = defaults.password ?? DEFAULT_PASSWORD;
  return {
    index,
    username,
    password,
    basicAuth: basicAuthHeader(username, password),
    power: defaults.power ?? 'Off',
    pendingPower: null,
    pendingAt: 0,
    resetTypes: DEFAULT_RESET_TYPES,
    sessionService: true,
    authFirst: false,
    actionInfo: false,
    latencyMs: 0,
    hang: false,
    failStatus: 0,
    failCount: -1,
    garbled: false,
    powerDelayMs: 0,
    powerDelayShows: 'transitional',
    flapMs: 0,
    flapNextAt: 0,
    bootTarget: 'None',
    bootEnabled: 'Disabled',
    bootMode: 'UEFI',
    bootTargets: BOOT_TARGETS,
    bootModeProperty: true,
    secureBoot: true,
    secureBootEnable: false,
    systemLed: 'Off',
    chassis: true,
    chassisLed: 'Off',
    bios: true,
    biosRegistry: true,
    biosChanged: null,
    biosPending: null,
    biosResetPending: false,
    systemVersion: 1,
    refuse: NO_REFUSALS,
    biosApplyFails: false,
    raidApplyTime: 'Immediate',
    raidTaskMs: 0,
    requests: 0,
    resets: 0,
    lastResetType: null,
    nmis: 0,
    boots: 0,
    media: NO_MEDIA,
    disk: null,
    booted: null,
  };
}

const NO_MEDIA: VirtualBmc['media'] = {};

const NO_REFUSALS: readonly RefusableCall[] = [];

/** Restarts boot the host whatever its power; the other resets that end `On` boot it only from `Off`. */
const RESTARTS: ReadonlySet<ResetType> = new Set<ResetType>(['GracefulRestart', 'ForceRestart', 'PowerCycle']);

/**
 * What a boot does: it starts what `bootSource` finds, a one-time boot override is used up, and
 * pending BIOS settings (or a BIOS reset) take effect, unless the BMC is told to drop them.
 */
export function boot(bmc: VirtualBmc): void {
  bmc.boots++;
  const source = bootSource(bmc);
  const image = source === 'disk' ? bmc.disk!.image! : null;
  bmc.booted = image ? { source, imageId: image.imageId, sha256: image.sha256 } : { source };
  if (bmc.bootEnabled === 'Once') {
    bmc.bootEnabled = 'Disabled';
    bmc.systemVersion++;
  }
  if (!bmc.biosApplyFails) {
    if (bmc.biosResetPending) bmc.biosChanged = null;
    if (bmc.biosPending) bmc.biosChanged = { ...bmc.biosChanged, ...bmc.biosPending };
  }
  bmc.biosPending = null;
  bmc.biosResetPending = false;
}

/** Override targets that stop in the firmware instead of booting an operating system. */
const FIRMWARE_TARGETS: ReadonlySet<string> = new Set(['BiosSetup', 'Utilities', 'Diags', 'UefiShell']);

/**
 * Where the host boots from: the override target while one is enabled, else the disk. A target
 * with nothing to boot (a CD override without inserted media) falls through to the disk, as
 * firmware moves on down its boot order; `Pxe` and `UefiHttp` stand for the network boot
 * service, which hands out the agent ramdisk.
 */
export function bootSource(bmc: Pick<VirtualBmc, 'bootTarget' | 'bootEnabled' | 'media' | 'disk'>): BootSource {
  const target = bmc.bootEnabled === 'Disabled' ? 'None' : bmc.bootTarget;
  if (target === 'Cd' && bmc.media.Cd?.inserted) return 'cd';
  if (target === 'Pxe' || target === 'UefiHttp') return 'network';
  if (FIRMWARE_TARGETS.has(target)) return 'none';
  return bmc.disk?.image && !bmc.disk.metadataErased ? 'disk' : 'none';
}

/** Brings the BMC's resting power up to `now`: applies a due pending change and any flips. */
export function settle(bmc: VirtualBmc, now: number): void {
  if (bmc.pendingPower !== null && now >= bmc.pendingAt) {
    bmc.power = bmc.pendingPower;
    bmc.pendingPower = null;
  }
  if (bmc.flapMs > 0 && now >= bmc.flapNextAt) {
    const flips = Math.floor((now - bmc.flapNextAt) / bmc.flapMs) + 1;
    if (flips % 2 === 1) bmc.power = opposite(bmc.power);
    bmc.flapNextAt += flips * bmc.flapMs;
  }
}

/** The `PowerState` a GET shows at `now`. */
export function observePower(bmc: VirtualBmc, now: number): RedfishPowerState {
  settle(bmc, now);
  if (bmc.pendingPower === null || bmc.powerDelayShows === 'old') return bmc.power;
  return bmc.pendingPower === 'On' ? 'PoweringOn' : 'PoweringOff';
}

export type ResetOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: 'not-allowed' };

/**
 * Applies `ComputerSystem.Reset`. Restarts of a host that is off power it on (as most BMCs do);
 * a restart of a running host with no delay is instantaneous, so its power reads `On` throughout.
 */
export function applyReset(bmc: VirtualBmc, resetType: ResetType, now: number): ResetOutcome {
  if (!bmc.resetTypes.includes(resetType)) return { ok: false, reason: 'not-allowed' };
  settle(bmc, now);
  bmc.resets++;
  bmc.lastResetType = resetType;
  const current = bmc.pendingPower ?? bmc.power;
  const target = resetTarget(resetType, current);
  if (resetType === 'Nmi') bmc.nmis++;
  if (target === null) return { ok: true };
  if (target === 'On' && (current === 'Off' || RESTARTS.has(resetType))) boot(bmc);
  if (bmc.powerDelayMs > 0) {
    bmc.pendingPower = target;
    bmc.pendingAt = now + bmc.powerDelayMs;
  } else {
    bmc.power = target;
    bmc.pendingPower = null;
  }
  return { ok: true };
}

/** The power a reset type leads to from `current`, or `null` when it does not change power. */
export function resetTarget(resetType: ResetType, current: StablePower): StablePower | null {
  switch (resetType) {
    case 'On':
    case 'ForceOn':
    case 'GracefulRestart':
    case 'ForceRestart':
    case 'PowerCycle':
      return 'On';
    case 'ForceOff':
    case 'GracefulShutdown':
      return 'Off';
    case 'PushPowerButton':
      return opposite(current);
    case 'Nmi':
      return null;
    default: {
      const unreachable: never = resetType;
      throw new Error(`unknown reset type ${String(unreachable)}`);
    }
  }
}

/** Whether a request should fail with the injected status now (and counts the failure down). */
export function takeFailure(bmc: VirtualBmc): number {
  if (bmc.failStatus === 0) return 0;
  const status = bmc.failStatus;
  if (bmc.failCount > 0 && --bmc.failCount === 0) {
    bmc.failStatus = 0;
    bmc.failCount = -1;
  }
  return status;
}

/** Applies a control request. Returns whether held requests must now be released. */
export function applyControl(bmc: VirtualBmc, control: BmcControl, now: number): { readonly release: boolean; readonly credentialsChanged: boolean } {
  const wasHanging = bmc.hang;
  const oldAuth = bmc.basicAuth;
  settle(bmc, now);
  if (control.reset) {
    // The disk and what runs are the host's, not the BMC's settings: they stay.
    const { power, requests, resets, lastResetType, nmis, boots, disk, booted } = bmc;
    Object.assign(bmc, { ...createBmc(bmc.index), power, requests, resets, lastResetType, nmis, boots, disk, booted });
  }
  if (control.powerState !== undefined) {
    bmc.power = control.powerState;
    bmc.pendingPower = null;
  }
  if (control.username !== undefined) bmc.username = control.username;
  if (control.password !== undefined) bmc.password = control.password;
  bmc.basicAuth = basicAuthHeader(bmc.username, bmc.password);
  if (control.resetTypes !== undefined) bmc.resetTypes = [...new Set(control.resetTypes)];
  if (control.sessionService !== undefined) bmc.sessionService = control.sessionService;
  if (control.authFirst !== undefined) bmc.authFirst = control.authFirst;
  if (control.actionInfo !== undefined) bmc.actionInfo = control.actionInfo;
  if (control.latencyMs !== undefined) bmc.latencyMs = control.latencyMs;
  if (control.hang !== undefined) bmc.hang = control.hang;
  if (control.failStatus !== undefined) bmc.failStatus = control.failStatus;
  if (control.failCount !== undefined) bmc.failCount = control.failCount;
  if (control.failStatus !== undefined && control.failCount === undefined) bmc.failCount = -1;
  if (control.garbled !== undefined) bmc.garbled = control.garbled;
  if (control.powerDelayMs !== undefined) bmc.powerDelayMs = control.powerDelayMs;
  if (control.powerDelayShows !== undefined) bmc.powerDelayShows = control.powerDelayShows;
  if (control.flapMs !== undefined) {
    bmc.flapMs = control.flapMs;
    bmc.flapNextAt = now + control.flapMs;
  }
  applyManagementControl(bmc, control);
  return { release: wasHanging && !bmc.hang, credentialsChanged: bmc.basicAuth !== oldAuth };
}

function applyManagementControl(bmc: VirtualBmc, control: BmcControl): void {
  const systemBefore = [bmc.bootTarget, bmc.bootEnabled, bmc.bootMode, bmc.systemLed, bmc.bootModeProperty, bmc.secureBoot, bmc.bios, bmc.chassis, bmc.bootTargets].join('|');
  if (control.bootSourceOverrideTarget !== undefined) bmc.bootTarget = control.bootSourceOverrideTarget;
  if (control.bootSourceOverrideEnabled !== undefined) bmc.bootEnabled = control.bootSourceOverrideEnabled;
  if (control.bootSourceOverrideMode !== undefined) bmc.bootMode = control.bootSourceOverrideMode;
  if (control.secureBootEnable !== undefined) bmc.secureBootEnable = control.secureBootEnable;
  if (control.indicatorLed !== undefined) bmc.systemLed = control.indicatorLed;
  if (control.chassisIndicatorLed !== undefined) bmc.chassisLed = control.chassisIndicatorLed;
  if (control.biosAttributes !== undefined) bmc.biosChanged = { ...bmc.biosChanged, ...control.biosAttributes };
  if (control.bootTargets !== undefined) bmc.bootTargets = [...new Set(control.bootTargets)];
  if (control.bootModeProperty !== undefined) bmc.bootModeProperty = control.bootModeProperty;
  if (control.secureBoot !== undefined) bmc.secureBoot = control.secureBoot;
  if (control.bios !== undefined) bmc.bios = control.bios;
  if (control.biosRegistry !== undefined) bmc.biosRegistry = control.biosRegistry;
  if (control.chassis !== undefined) bmc.chassis = control.chassis;
  if (control.refuse !== undefined) bmc.refuse = [...new Set(control.refuse)];
  if (control.biosApplyFails !== undefined) bmc.biosApplyFails = control.biosApplyFails;
  if (control.raidApplyTime !== undefined) bmc.raidApplyTime = control.raidApplyTime;
  if (control.raidTaskMs !== undefined) bmc.raidTaskMs = control.raidTaskMs;
  const systemAfter = [bmc.bootTarget, bmc.bootEnabled, bmc.bootMode, bmc.systemLed, bmc.bootModeProperty, bmc.secureBoot, bmc.bios, bmc.chassis, bmc.bootTargets].join('|');
  if (systemAfter !== systemBefore) bmc.systemVersion++;
}

/** The control API's view of one BMC (never the password). */
export function describeBmc(bmc: VirtualBmc, now: number) {
  const powerState = observePower(bmc, now);
  return {
    index: bmc.index,
    powerState,
    power: bmc.power,
    pendingPower: bmc.pendingPower,
    pendingInMs: bmc.pendingPower === null ? null : Math.max(0, bmc.pendingAt - now),
    username: bmc.username,
    resetTypes: bmc.resetTypes,
    sessionService: bmc.sessionService,
    authFirst: bmc.authFirst,
    actionInfo: bmc.actionInfo,
    latencyMs: bmc.latencyMs,
    hang: bmc.hang,
    failStatus: bmc.failStatus,
    failCount: bmc.failCount,
    garbled: bmc.garbled,
    powerDelayMs: bmc.powerDelayMs,
    powerDelayShows: bmc.powerDelayShows,
    flapMs: bmc.flapMs,
    requests: bmc.requests,
    resets: bmc.resets,
    lastResetType: bmc.lastResetType,
    boot: { target: bmc.bootTarget, enabled: bmc.bootEnabled, mode: bmc.bootModeProperty ? bmc.bootMode : null, allowedTargets: bmc.bootTargets },
    secureBoot: bmc.secureBoot ? { enabled: bmc.secureBootEnable } : null,
    indicatorLed: bmc.systemLed,
    chassisIndicatorLed: bmc.chassis ? bmc.chassisLed : null,
    biosAttributes: bmc.bios ? biosAttributes(bmc) : null,
    biosRegistry: bmc.biosRegistry,
    biosPending: bmc.biosPending,
    biosResetPending: bmc.biosResetPending,
    refuse: bmc.refuse,
    biosApplyFails: bmc.biosApplyFails,
    raidApplyTime: bmc.raidApplyTime,
    raidTaskMs: bmc.raidTaskMs,
    nmis: bmc.nmis,
    boots: bmc.boots,
    virtualMedia: bmc.media,
    booted: bmc.booted,
    // What runs now: what the last boot started, while the host is on.
    running: powerState === 'On' ? bmc.booted : null,
  };
}

/** A BIOS attribute the simulator models, with its registry entry (DMTF `AttributeRegistry`). */
export interface BiosAttribute {
  readonly AttributeName: string;
  readonly Type: 'Enumeration' | 'Integer' | 'String' | 'Boolean';
  readonly DefaultValue: BiosValue;
  readonly Value?: readonly { readonly ValueName: string }[];
  readonly LowerBound?: number;
  readonly UpperBound?: number;
  readonly MinLength?: number;
  readonly MaxLength?: number;
  readonly ReadOnly: boolean;
  readonly ResetRequired: boolean;
  readonly IsSystemUniqueProperty?: boolean;
}

const enumeration = (...names: string[]) => names.map((ValueName) => ({ ValueName }));

/** The simulated BIOS: a few attributes of each kind, as an attribute registry describes them. */
export const BIOS_ATTRIBUTES: readonly BiosAttribute[] = [
  { AttributeName: 'BootMode', Type: 'Enumeration', DefaultValue: 'Uefi', Value: enumeration('Uefi', 'Bios'), ReadOnly: false, ResetRequired: true },
  { AttributeName: 'ProcTurboMode', Type: 'Enumeration', DefaultValue: 'Enabled', Value: enumeration('Enabled', 'Disabled'), ReadOnly: false, ResetRequired: true },
  { AttributeName: 'ProcVirtualization', Type: 'Enumeration', DefaultValue: 'Enabled', Value: enumeration('Enabled', 'Disabled'), ReadOnly: false, ResetRequired: true },
  { AttributeName: 'NumCores', Type: 'Integer', DefaultValue: 32, LowerBound: 1, UpperBound: 64, ReadOnly: false, ResetRequired: true },
  { AttributeName: 'SriovEnable', Type: 'Boolean', DefaultValue: false, ReadOnly: false, ResetRequired: true },
  { AttributeName: 'AssetTag', Type: 'String', DefaultValue: '', MinLength: 0, MaxLength: 32, ReadOnly: false, ResetRequired: false },
  { AttributeName: 'SerialNumber', Type: 'String', DefaultValue: null, MinLength: 1, MaxLength: 16, ReadOnly: true, ResetRequired: false, IsSystemUniqueProperty: true },
];

/** The BIOS attributes in effect now. */
export function biosAttributes(bmc: VirtualBmc): Record<string, BiosValue> {
  const defaults = Object.fromEntries(BIOS_ATTRIBUTES.map((attribute) => [attribute.AttributeName, attribute.DefaultValue]));
  return { ...defaults, SerialNumber: `SIM${String(bmc.index).padStart(6, '0')}`, ...bmc.biosChanged };
}

function opposite(power: StablePower): StablePower {
  return power === 'On' ? 'Off' : 'On';
}
