import { describe, expect, it } from '@jest/globals';
import { parseControl, parseEnclosureControl, parseFleetControl } from './control.js';

describe('control bodies', () => {
  it('accept every fault field with a valid value', () => {
    const body = {
      reset: true, powerState: 'On', username: 'root', password: 'p:w', resetTypes: ['On', 'ForceOff'], latencyMs: 10, hang: false,
      failStatus: 503, failCount: 2, garbled: true, powerDelayMs: 100, powerDelayShows: 'old', flapMs: 50, dropSessions: true,
      bootSourceOverrideTarget: 'Pxe', bootSourceOverrideEnabled: 'Once', bootSourceOverrideMode: 'Legacy', secureBootEnable: true, indicatorLed: 'Lit',
      chassisIndicatorLed: 'Blinking', biosAttributes: { NumCores: 4, AssetTag: null }, bootTargets: ['Pxe', 'Hdd'], bootModeProperty: false, secureBoot: false,
      bios: false, chassis: false, refuse: ['nmi', 'biosSettings'], biosApplyFails: true,
    };
    expect(parseControl(body)).toEqual({ ok: true, value: body });
    expect(parseControl({})).toEqual({ ok: true, value: {} });
  });

  it.each([
    [null, 'the body must be a JSON object'],
    [[1], 'the body must be a JSON object'],
    [{ latency: 5 }, 'unknown field "latency"'],
    [{ latencyMs: -1 }, '"latencyMs" must be a non-negative integer'],
    [{ latencyMs: 1.5 }, '"latencyMs" must be a non-negative integer'],
    [{ powerState: 'PoweringOn' }, '"powerState" must be "On" or "Off"'],
    [{ failStatus: 200 }, '"failStatus" must be 0 or an HTTP status from 400 to 599'],
    [{ failCount: 0 }, '"failCount" must be -1 (every request) or a positive integer'],
    [{ resetTypes: ['On', 'Explode'] }, '"resetTypes" must be a list of DMTF ResetType values'],
    [{ username: 'a:b' }, '"username" must be a non-empty string without ":"'],
    [{ password: '' }, '"password" must be a non-empty string'],
    [{ hang: 'yes' }, '"hang" must be true or false'],
    [{ powerDelayShows: 'new' }, '"powerDelayShows" must be "transitional" or "old"'],
    [{ from: 1 }, 'unknown field "from"'],
    [{ refuse: ['reboot'] }, '"refuse" must be a list of calls to refuse: bootOverride, bootMode, secureBoot, nmi, indicator, biosSettings, biosReset'],
    [{ bootSourceOverrideEnabled: 'Always' }, '"bootSourceOverrideEnabled" must be one of "Disabled", "Once", "Continuous"'],
    [{ indicatorLed: 'Unknown' }, '"indicatorLed" must be one of "Lit", "Blinking", "Off"'],
    [{ biosAttributes: { NumCores: [1] } }, '"biosAttributes" must be an object of BIOS attribute values'],
    [{ bootTargets: ['Pxe', 'not a target'] }, '"bootTargets" must be a list of BootSourceOverrideTarget values'],
  ])('refuse %j', (body, error) => {
    const parsed = parseControl(body);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toContain(error);
  });

  it('select a range of BMCs for the fleet', () => {
    expect(parseFleetControl({ from: 2, to: 5, hang: true })).toEqual({ ok: true, value: { from: 2, to: 5, hang: true } });
    expect(parseFleetControl({ from: 0 })).toEqual({ ok: false, error: '"from" must be a positive integer' });
  });

  it('change an enclosure’s account only', () => {
    const body = { reset: true, username: 'chassis', password: 'p:w', dropSessions: true };
    expect(parseEnclosureControl(body)).toEqual({ ok: true, value: body });
    expect(parseEnclosureControl({ powerState: 'On' })).toMatchObject({ ok: false, error: expect.stringContaining('unknown field "powerState"; known: reset, username, password, dropSessions') });
    expect(parseEnclosureControl({ username: '' })).toEqual({ ok: false, error: '"username" must be a non-empty string without ":"' });
  });
});
