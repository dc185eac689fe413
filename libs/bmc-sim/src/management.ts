/**
 * How a virtual BMC takes the changes a management client asks for (PATCH of the system's boot
 * override, boot mode and LED, of the SecureBoot resource, of a chassis' LED, of the BIOS'
 * settings object; `Bios.ResetBios`; `ComputerSystem.Reset`): each body is checked as a whole,
 * answered with a Redfish error when anything in it is refused (or when the BMC is told to refuse
 * the call), and applied only when all of it is accepted. Pure: no I/O, no clock.
 */
import {
  applyReset, BIOS_ATTRIBUTES, BOOT_MODES, BOOT_OVERRIDE_ENABLED, type BiosValue, INDICATOR_LEDS, type IndicatorLed, isResetType, type RefusableCall, type ResetType,
  type StablePower, type VirtualBmc,
} from './model.js';
import { redfishError, resetTypeNotAllowed, systemEtag } from './resources.js';

type Refused = { readonly ok: false; readonly status: number; readonly body: ReturnType<typeof redfishError> };
export type Answer = { readonly ok: true } | Refused;

/** A reset that was applied says what it starts beyond the BMC (inspection ramdisks, agents): its type, the power the host was heading for before, whether it boots. */
export type ResetAnswer = { readonly ok: true; readonly resetType: ResetType; readonly before: StablePower; readonly booted: boolean } | Refused;

const OK: Answer = { ok: true };
const refused = (status: number, ...error: Parameters<typeof redfishError>): Refused => ({ ok: false, status, body: redfishError(...error) });
const notWritable = (property: string) => refused(400, 'PropertyNotWritable', property);
const notInList = (value: unknown, property: string) => refused(400, 'PropertyValueNotInList', String(value), property);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function refuses(bmc: VirtualBmc, call: RefusableCall): boolean {
  return bmc.refuse.includes(call);
}

/**
 * `PATCH Systems/{n}`: `Boot` (`BootSourceOverrideTarget`, `BootSourceOverrideEnabled`,
 * `BootSourceOverrideMode`) and `IndicatorLED`. An `If-Match` that is not the system's ETag
 * is refused (412), as is any other property.
 */
export function patchSystem(bmc: VirtualBmc, body: unknown, ifMatch: string | undefined): Answer {
  if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== systemEtag(bmc)) return refused(412, 'PreconditionFailed');
  if (!isObject(body)) return refused(400, 'MalformedJSON');
  const change: Partial<Pick<VirtualBmc, 'bootTarget' | 'bootEnabled' | 'bootMode' | 'systemLed'>> = {};
  for (const [property, value] of Object.entries(body)) {
    if (property === 'IndicatorLED') {
      if (refuses(bmc, 'indicator')) return notWritable('IndicatorLED');
      if (!(INDICATOR_LEDS as readonly unknown[]).includes(value)) return notInList(value, 'IndicatorLED');
      change.systemLed = value as IndicatorLed;
    } else if (property === 'Boot' && isObject(value)) {
      for (const [bootProperty, bootValue] of Object.entries(value)) {
        const answer = bootChange(bmc, bootProperty, bootValue, change);
        if (!answer.ok) return answer;
      }
    } else {
      return refused(400, 'PropertyUnknown', property);
    }
  }
  if (Object.keys(change).length > 0) {
    Object.assign(bmc, change);
    bmc.systemVersion++;
  }
  return OK;
}

function bootChange(bmc: VirtualBmc, property: string, value: unknown, change: Partial<VirtualBmc>): Answer {
  switch (property) {
    case 'BootSourceOverrideTarget':
      if (refuses(bmc, 'bootOverride')) return notWritable(`Boot/${property}`);
      if (typeof value !== 'string' || !bmc.bootTargets.includes(value)) return notInList(value, `Boot/${property}`);
      change.bootTarget = value;
      return OK;
    case 'BootSourceOverrideEnabled':
      if (refuses(bmc, 'bootOverride')) return notWritable(`Boot/${property}`);
      if (!(BOOT_OVERRIDE_ENABLED as readonly unknown[]).includes(value)) return notInList(value, `Boot/${property}`);
      change.bootEnabled = value as VirtualBmc['bootEnabled'];
      return OK;
    case 'BootSourceOverrideMode':
      if (!bmc.bootModeProperty) return refused(400, 'PropertyUnknown', `Boot/${property}`);
      if (refuses(bmc, 'bootMode')) return notWritable(`Boot/${property}`);
      if (!(BOOT_MODES as readonly unknown[]).includes(value)) return notInList(value, `Boot/${property}`);
      change.bootMode = value as VirtualBmc['bootMode'];
      return OK;
    default:
      return refused(400, 'PropertyUnknown', `Boot/${property}`);
  }
}

/** `PATCH Systems/{n}/SecureBoot`: `SecureBootEnable` only. */
export function patchSecureBoot(bmc: VirtualBmc, body: unknown): Answer {
  if (!isObject(body)) return refused(400, 'MalformedJSON');
  for (const [property, value] of Object.entries(body)) {
    if (property !== 'SecureBootEnable') return refused(400, 'PropertyUnknown', property);
    if (refuses(bmc, 'secureBoot')) return notWritable(property);
    if (typeof value !== 'boolean') return refused(400, 'PropertyValueTypeError', String(value), property);
  }
  if (typeof body.SecureBootEnable === 'boolean') bmc.secureBootEnable = body.SecureBootEnable;
  return OK;
}

/** `PATCH Chassis/{n}`: `IndicatorLED` only. */
export function patchChassis(bmc: VirtualBmc, body: unknown): Answer {
  if (!isObject(body)) return refused(400, 'MalformedJSON');
  for (const [property, value] of Object.entries(body)) {
    if (property !== 'IndicatorLED') return refused(400, 'PropertyUnknown', property);
    if (refuses(bmc, 'indicator')) return notWritable(property);
    if (!(INDICATOR_LEDS as readonly unknown[]).includes(value)) return notInList(value, property);
  }
  if (body.IndicatorLED !== undefined) bmc.chassisLed = body.IndicatorLED as IndicatorLed;
  return OK;
}

/**
 * `PATCH Systems/{n}/Bios/Settings`: `Attributes` (each checked against the attribute registry)
 * and an optional `@Redfish.SettingsApplyTime`; they are pending until the next boot.
 */
export function patchBiosSettings(bmc: VirtualBmc, body: unknown): Answer {
  if (!isObject(body)) return refused(400, 'MalformedJSON');
  if (refuses(bmc, 'biosSettings')) return notWritable('Attributes');
  for (const property of Object.keys(body)) {
    if (property !== 'Attributes' && property !== '@Redfish.SettingsApplyTime') return refused(400, 'PropertyUnknown', property);
  }
  const attributes = body.Attributes;
  if (!isObject(attributes)) return refused(400, 'PropertyMissing', 'Attributes');
  for (const [name, value] of Object.entries(attributes)) {
    const problem = attributeProblem(name, value);
    if (problem) return problem;
  }
  bmc.biosPending = { ...bmc.biosPending, ...(attributes as Record<string, BiosValue>) };
  return OK;
}

function attributeProblem(name: string, value: unknown): Answer | null {
  const attribute = BIOS_ATTRIBUTES.find((known) => known.AttributeName === name);
  if (!attribute) return refused(400, 'PropertyUnknown', name);
  if (attribute.ReadOnly) return notWritable(name);
  switch (attribute.Type) {
    case 'Enumeration':
      return attribute.Value?.some((allowed) => allowed.ValueName === value) ? null : notInList(value, name);
    case 'Integer':
      if (!Number.isInteger(value)) return refused(400, 'PropertyValueTypeError', String(value), name);
      return (value as number) < (attribute.LowerBound ?? -Infinity) || (value as number) > (attribute.UpperBound ?? Infinity) ? refused(400, 'PropertyValueOutOfRange', String(value), name) : null;
    case 'Boolean':
      return typeof value === 'boolean' ? null : refused(400, 'PropertyValueTypeError', String(value), name);
    case 'String':
      if (typeof value !== 'string') return refused(400, 'PropertyValueTypeError', String(value), name);
      return value.length > (attribute.MaxLength ?? Infinity) ? refused(400, 'PropertyValueOutOfRange', value, name) : null;
    default: {
      const unreachable: never = attribute.Type;
      throw new Error(`unknown attribute type ${String(unreachable)}`);
    }
  }
}

/** `POST Systems/{n}/Bios/Actions/Bios.ResetBios`: the next boot restores the defaults (and drops pending settings). */
export function resetBios(bmc: VirtualBmc): Answer {
  if (refuses(bmc, 'biosReset')) return refused(400, 'ActionNotSupported', 'Bios.ResetBios');
  bmc.biosResetPending = true;
  bmc.biosPending = null;
  return OK;
}

/** `POST Systems/{n}/Actions/ComputerSystem.Reset`: a `ResetType` this BMC allows, applied at once (its power may follow later). */
export function resetSystem(bmc: VirtualBmc, body: unknown, now: number): ResetAnswer {
  if (!isObject(body) || body.ResetType === undefined) return refused(400, 'ActionParameterMissing', 'ComputerSystem.Reset', 'ResetType');
  const resetType = body.ResetType;
  if (resetType === 'Nmi' && refuses(bmc, 'nmi')) return refused(400, 'ActionNotSupported', 'ComputerSystem.Reset');
  const before = bmc.pendingPower ?? bmc.power;
  const boots = bmc.boots;
  if (!isResetType(resetType) || !applyReset(bmc, resetType, now).ok) return { ok: false, status: 400, body: resetTypeNotAllowed(String(resetType)) };
  return { ok: true, resetType, before, booted: bmc.boots > boots };
}
