/**
 * Parses control API bodies (`PUT /control/bmc/{n}`, `POST /control/fleet`, `PUT /control/enclosure/{e}`). Hand-written rather
 * than a JSON schema because Fastify's default Ajv setup drops unknown properties silently, and a
 * misspelt fault name should be refused, not ignored.
 */
import { type EnclosureControl } from './enclosures.js';
import { BOOT_MODES, BOOT_OVERRIDE_ENABLED, type BmcControl, INDICATOR_LEDS, isResetType, RAID_APPLY_TIMES, REFUSABLE_CALLS } from './model.js';

/** The BMCs a fleet request changes (inclusive, 1-based); all of them by default. */
export interface FleetSelection {
  readonly from?: number;
  readonly to?: number;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

type Check = (value: unknown) => string | null;

const nonNegativeInteger: Check = (v) => (Number.isInteger(v) && (v as number) >= 0 ? null : 'a non-negative integer');
const boolean: Check = (v) => (typeof v === 'boolean' ? null : 'true or false');
const nonEmptyString: Check = (v) => (typeof v === 'string' && v.length > 0 && !v.includes(':') ? null : 'a non-empty string without ":"');
const password: Check = (v) => (typeof v === 'string' && v.length > 0 ? null : 'a non-empty string');
const power: Check = (v) => (v === 'On' || v === 'Off' ? null : '"On" or "Off"');
const display: Check = (v) => (v === 'transitional' || v === 'old' ? null : '"transitional" or "old"');
const failStatus: Check = (v) => (v === 0 || (Number.isInteger(v) && (v as number) >= 400 && (v as number) <= 599) ? null : '0 or an HTTP status from 400 to 599');
const failCount: Check = (v) => (v === -1 || (Number.isInteger(v) && (v as number) > 0) ? null : '-1 (every request) or a positive integer');
const resetTypes: Check = (v) => (Array.isArray(v) && v.every(isResetType) ? null : 'a list of DMTF ResetType values');
const oneOf = (values: readonly string[]): Check => (v) => (values.includes(v as string) ? null : `one of ${values.map((value) => `"${value}"`).join(', ')}`);
const bootTarget: Check = (v) => (typeof v === 'string' && /^[A-Za-z]+$/.test(v) ? null : 'a BootSourceOverrideTarget value');
const bootTargets: Check = (v) => (Array.isArray(v) && v.every((item) => bootTarget(item) === null) ? null : 'a list of BootSourceOverrideTarget values');
const refusals: Check = (v) => (Array.isArray(v) && v.every((item) => REFUSABLE_CALLS.includes(item)) ? null : `a list of calls to refuse: ${REFUSABLE_CALLS.join(', ')}`);
const attributes: Check = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item))
    ? null
    : 'an object of BIOS attribute values (strings, numbers, booleans or null)';

const CONTROL_FIELDS: Readonly<Record<keyof BmcControl, Check>> = {
  reset: boolean,
  powerState: power,
  username: nonEmptyString,
  password,
  resetTypes,
  sessionService: boolean,
  authFirst: boolean,
  actionInfo: boolean,
  latencyMs: nonNegativeInteger,
  hang: boolean,
  failStatus,
  failCount,
  garbled: boolean,
  powerDelayMs: nonNegativeInteger,
  powerDelayShows: display,
  flapMs: nonNegativeInteger,
  dropSessions: boolean,
  bootSourceOverrideTarget: bootTarget,
  bootSourceOverrideEnabled: oneOf(BOOT_OVERRIDE_ENABLED),
  bootSourceOverrideMode: oneOf(BOOT_MODES),
  secureBootEnable: boolean,
  indicatorLed: oneOf(INDICATOR_LEDS),
  chassisIndicatorLed: oneOf(INDICATOR_LEDS),
  biosAttributes: attributes,
  bootTargets,
  bootModeProperty: boolean,
  secureBoot: boolean,
  bios: boolean,
  biosRegistry: boolean,
  chassis: boolean,
  refuse: refusals,
  biosApplyFails: boolean,
  raidApplyTime: oneOf(RAID_APPLY_TIMES),
  raidTaskMs: nonNegativeInteger,
};

const positiveInteger: Check = (v) => (Number.isInteger(v) && (v as number) >= 1 ? null : 'a positive integer');
const FLEET_FIELDS: Readonly<Record<keyof FleetSelection, Check>> = { from: positiveInteger, to: positiveInteger };

const ENCLOSURE_FIELDS: Readonly<Record<keyof EnclosureControl, Check>> = { reset: boolean, username: nonEmptyString, password, dropSessions: boolean };

export function parseEnclosureControl(body: unknown): Parsed<EnclosureControl> {
  return parseFields(body, ENCLOSURE_FIELDS) as Parsed<EnclosureControl>;
}

export function parseControl(body: unknown): Parsed<BmcControl> {
  return parseFields(body, CONTROL_FIELDS) as Parsed<BmcControl>;
}

export function parseFleetControl(body: unknown): Parsed<BmcControl & FleetSelection> {
  return parseFields(body, { ...CONTROL_FIELDS, ...FLEET_FIELDS }) as Parsed<BmcControl & FleetSelection>;
}

function parseFields(body: unknown, fields: Readonly<Record<string, Check>>): Parsed<Record<string, unknown>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'the body must be a JSON object' };
  for (const [key, value] of Object.entries(body)) {
    const check = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!check) return { ok: false, error: `unknown field "${key}"; known: ${Object.keys(fields).join(', ')}` };
    const expected = check(value);
    if (expected) return { ok: false, error: `"${key}" must be ${expected}` };
  }
  return { ok: true, value: body as Record<string, unknown> };
}
