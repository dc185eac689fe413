import { describe, expect, it } from '@jest/globals';
import { POWER_TARGETS, type PowerState, type PowerTarget } from '@ironledger/domain';
import { RedfishError } from './errors.js';
import { planReset, toPowerState } from './power-states.js';

describe('Redfish PowerState', () => {
  it.each([
    ['On', 'power on'],
    ['PoweringOn', 'power on'],
    ['Off', 'power off'],
    ['PoweringOff', 'power off'],
  ])('%s reads as %s, as Ironic maps it', (redfish, ironic) => {
    expect(toPowerState(redfish)).toBe(ironic);
  });

  it.each([undefined, null, 'Paused', 'on', '', 1, 'toString'])('%p reads as unknown', (value) => {
    expect(toPowerState(value)).toBeNull();
  });
});

const ALL = null;
const steps = (target: PowerTarget, current: PowerState | null, allowable: readonly string[] | null) =>
  planReset(target, current, allowable).map((s) => `${s.resetType}->${s.expect}`);

describe('choosing reset types', () => {
  it.each<[PowerTarget, PowerState | null, string[]]>([
    ['power on', 'power off', ['On->On']],
    ['power on', null, ['On->On']],
    ['power on', 'power on', []],
    ['power off', 'power on', ['ForceOff->Off']],
    ['power off', null, ['ForceOff->Off']],
    ['power off', 'power off', []],
    ['soft power off', 'power on', ['GracefulShutdown->Off']],
    ['soft power off', 'power off', []],
    ['rebooting', 'power on', ['ForceRestart->On']],
    ['rebooting', null, ['ForceRestart->On']],
    ['rebooting', 'power off', ['On->On']],
    ['soft rebooting', 'power on', ['GracefulRestart->On']],
    ['soft rebooting', 'power off', ['On->On']],
  ])('%s from %s with every type allowed: %j', (target, current, expected) => {
    expect(steps(target, current, ALL)).toEqual(expected);
  });

  it('covers every power target', () => {
    for (const target of POWER_TARGETS) expect(() => planReset(target, 'power on', ALL)).not.toThrow();
  });

  it('powers on with ForceOn when On is not allowed', () => {
    expect(steps('power on', 'power off', ['ForceOn', 'ForceOff'])).toEqual(['ForceOn->On']);
    expect(steps('rebooting', 'power off', ['ForceOn', 'ForceRestart'])).toEqual(['ForceOn->On']);
  });

  it('reboots with PowerCycle, then ForceOff and On, when ForceRestart is not allowed', () => {
    expect(steps('rebooting', 'power on', ['On', 'ForceOff', 'PowerCycle'])).toEqual(['PowerCycle->On']);
    expect(steps('rebooting', 'power on', ['On', 'ForceOff'])).toEqual(['ForceOff->Off', 'On->On']);
    expect(steps('rebooting', 'power on', ['ForceOn', 'ForceOff'])).toEqual(['ForceOff->Off', 'ForceOn->On']);
  });

  it.each<[PowerTarget, string[]]>([
    ['power on', ['ForceOff', 'GracefulShutdown']],
    ['power off', ['On', 'GracefulShutdown']],
    ['soft power off', ['On', 'ForceOff']],
    ['rebooting', ['On', 'GracefulRestart']],
    ['soft rebooting', ['On', 'ForceRestart']],
  ])('refuses %s when the BMC allows only %j', (target, allowable) => {
    const current = target === 'power on' ? 'power off' : 'power on';
    const error = (() => {
      try {
        planReset(target, current, allowable);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RedfishError);
    expect(error).toMatchObject({ kind: 'unsupported', type: 'driver' });
    expect((error as Error).message).toContain(`it allows: ${allowable.join(', ')}`);
  });
});
