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
  /** Whether the reset action lists its allowed types in an ActionInfo resource instead of inline. */
  actionInfo: boolean;
  // Faults (all off by default).
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
}

/** What the control API may change on one BMC. Absent fields stay as they are. */
export interface BmcControl {
  /** Back to defaults first (no faults, default credentials and reset types); power is kept. */
  reset?: boolean;
  /** Sets the host's power behind the service's back (cancels a pending change). */
  powerState?: StablePower;
  username?: string;
  password?: string;
  resetTypes?: ResetType[];
  /** `false`: the BMC has no SessionService (its URIs answer 404, the service root does not link it). */
  sessionService?: boolean;
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
}

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
    requests: 0,
    resets: 0,
    lastResetType: null,
  };
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
  const target = resetTarget(resetType, bmc.pendingPower ?? bmc.power);
  if (target === null) return { ok: true };
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
    Object.assign(bmc, { ...createBmc(bmc.index), power: bmc.power, requests: bmc.requests, resets: bmc.resets, lastResetType: bmc.lastResetType });
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
  return { release: wasHanging && !bmc.hang, credentialsChanged: bmc.basicAuth !== oldAuth };
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
  };
}

function opposite(power: StablePower): StablePower {
  return power === 'On' ? 'Off' : 'On';
}
