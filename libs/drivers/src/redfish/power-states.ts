/**
 * How Redfish power maps to Ironic's: the `PowerState` of a ComputerSystem read as a node power
 * state, and the `ComputerSystem.Reset` types that carry out a power target. Pure; no I/O.
 */
import { type PowerState, type PowerTarget } from '@ironledger/domain';
import { RedfishError } from './errors.js';

/** The stable `PowerState` values a reset ends in. */
export type RedfishStablePower = 'On' | 'Off';

/** Redfish `PowerState` as a node power state. Transitional states count as where they are heading, as Ironic reads them. */
export const REDFISH_POWER_STATES: Readonly<Record<string, PowerState>> = {
  On: 'power on',
  PoweringOn: 'power on',
  Off: 'power off',
  PoweringOff: 'power off',
};

/** A node power state for a Redfish `PowerState`; `null` for anything else (absent, `Paused`, vendor values). */
export function toPowerState(value: unknown): PowerState | null {
  return typeof value === 'string' && Object.hasOwn(REDFISH_POWER_STATES, value) ? REDFISH_POWER_STATES[value]! : null;
}

/** The stable Redfish state a node power state is shown as. */
export function toRedfishPower(state: PowerState): RedfishStablePower {
  return state === 'power on' ? 'On' : 'Off';
}

/** One reset to send, and the `PowerState` the system must then show before the next step. */
export interface ResetStep {
  readonly resetType: string;
  readonly expect: RedfishStablePower;
}

/**
 * The resets that take a system from `current` to `target`, choosing among the reset types the
 * BMC allows (`null`: it does not say, so anything DMTF defines is tried). Power on, off and
 * soft off do nothing when the system is already there; a reboot of a system that is off powers
 * it on, as Ironic does. Throws `RedfishError` (`unsupported`) when no allowed type fits.
 */
export function planReset(target: PowerTarget, current: PowerState | null, allowable: readonly string[] | null): ResetStep[] {
  const allowed = (type: string) => allowable === null || allowable.includes(type);
  const pick = (types: readonly string[], expect: RedfishStablePower): ResetStep[] => {
    const resetType = types.find(allowed);
    if (resetType === undefined) throw unsupported(target, types, allowable);
    return [{ resetType, expect }];
  };
  const powerOn = () => pick(['On', 'ForceOn'], 'On');
  switch (target) {
    case 'power on':
      return current === 'power on' ? [] : powerOn();
    case 'power off':
      return current === 'power off' ? [] : pick(['ForceOff'], 'Off');
    case 'soft power off':
      return current === 'power off' ? [] : pick(['GracefulShutdown'], 'Off');
    case 'rebooting': {
      if (current === 'power off') return powerOn();
      const restart = ['ForceRestart', 'PowerCycle'].find(allowed);
      if (restart !== undefined) return [{ resetType: restart, expect: 'On' }];
      // Neither restart is offered: a hard power cycle by hand.
      if (allowed('ForceOff') && ['On', 'ForceOn'].some(allowed)) return [...pick(['ForceOff'], 'Off'), ...powerOn()];
      throw unsupported(target, ['ForceRestart', 'PowerCycle', 'ForceOff with On or ForceOn'], allowable);
    }
    case 'soft rebooting':
      return current === 'power off' ? powerOn() : pick(['GracefulRestart'], 'On');
    default: {
      const unreachable: never = target;
      throw new RedfishError('unsupported', `Unknown power target ${String(unreachable)}`);
    }
  }
}

function unsupported(target: PowerTarget, wanted: readonly string[], allowable: readonly string[] | null): RedfishError {
  return new RedfishError(
    'unsupported',
    `the BMC offers none of the reset types that reach "${target}" (${wanted.join(', ')}); it allows: ${allowable?.join(', ') || 'none'}`,
  );
}
