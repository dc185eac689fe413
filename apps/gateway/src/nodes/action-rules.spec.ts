import { describe, expect, it } from '@jest/globals';
import { checkHeartbeatRequest, checkPowerRequest, checkProvisionRequest } from './action-rules.js';
import { Microversion } from '../http/microversion.js';

const at = (minor: number) => new Microversion(minor);
const refused = (status: number, message?: string) => expect.objectContaining({ status, ...(message && { message }) });

describe('checkProvisionRequest', () => {
  it('needs the version that introduced each verb (406 below)', () => {
    const cases: [string, number][] = [['manage', 4], ['provide', 4], ['inspect', 6], ['abort', 13], ['adopt', 17], ['unrescue', 38], ['deploy', 73], ['undeploy', 73]];
    for (const [target, since] of cases) {
      expect(() => checkProvisionRequest({ target }, at(since - 1))).toThrow(refused(406));
      expect(() => checkProvisionRequest({ target }, at(since))).not.toThrow();
    }
    expect(() => checkProvisionRequest({ target: 'active' }, at(1))).not.toThrow();
    expect(() => checkProvisionRequest({ target: 'bogus' }, at(1))).not.toThrow();
  });

  it('ties clean_steps to clean', () => {
    expect(() => checkProvisionRequest({ target: 'clean' }, at(82))).toThrow(refused(400, '"clean_steps" is required when setting target provision state to clean'));
    expect(() => checkProvisionRequest({ target: 'provide', clean_steps: [] }, at(82))).toThrow(refused(400));
    expect(() => checkProvisionRequest({ target: 'clean', clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] }, at(82))).not.toThrow();
  });

  it('ties deploy_steps and configdrive to deployment, deploy_steps from 1.69', () => {
    expect(() => checkProvisionRequest({ target: 'active', deploy_steps: [] }, at(68))).toThrow(refused(406));
    expect(() => checkProvisionRequest({ target: 'manage', deploy_steps: [] }, at(82))).toThrow(refused(400));
    expect(() => checkProvisionRequest({ target: 'manage', configdrive: 'abc' }, at(82))).toThrow(refused(400));
    expect(() => checkProvisionRequest({ target: 'active', configdrive: 'abc', deploy_steps: [] }, at(82))).not.toThrow();
  });

  it('needs a rescue password for rescue, and only there', () => {
    expect(() => checkProvisionRequest({ target: 'rescue' }, at(82))).toThrow(refused(400, 'A non-empty "rescue_password" is required when setting target provision state to rescue'));
    expect(() => checkProvisionRequest({ target: 'rescue', rescue_password: '' }, at(82))).toThrow(refused(400));
    expect(() => checkProvisionRequest({ target: 'unrescue', rescue_password: 'x' }, at(82))).toThrow(refused(400));
    expect(() => checkProvisionRequest({ target: 'rescue', rescue_password: 'x' }, at(82))).not.toThrow();
  });
});

describe('disable_ramdisk', () => {
  const clean = { target: 'clean', clean_steps: [{ interface: 'bios', step: 'factory_reset' }] };

  it('is a boolean, or oslo’s word for one, for manual cleaning from 1.70', () => {
    expect(checkProvisionRequest({ ...clean, disable_ramdisk: true }, at(70))).toEqual({ disableRamdisk: true });
    expect(checkProvisionRequest({ ...clean, disable_ramdisk: 'yes' }, at(82))).toEqual({ disableRamdisk: true });
    expect(checkProvisionRequest({ ...clean, disable_ramdisk: 'off' }, at(82))).toEqual({ disableRamdisk: false });
    expect(checkProvisionRequest({ ...clean, disable_ramdisk: null }, at(69))).toEqual({ disableRamdisk: false });
    expect(checkProvisionRequest(clean, at(82))).toEqual({ disableRamdisk: false });
  });

  it('is refused below 1.70 (406), for other targets, and when it is no boolean (400), in Ironic’s words', () => {
    expect(() => checkProvisionRequest({ ...clean, disable_ramdisk: true }, at(69))).toThrow(refused(406, 'disable_ramdisk is not acceptable in this API version'));
    expect(() => checkProvisionRequest({ target: 'manage', disable_ramdisk: false }, at(82))).toThrow(refused(400, 'disable_ramdisk is supported only with manual cleaning'));
    const words = "acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'";
    expect(() => checkProvisionRequest({ ...clean, disable_ramdisk: 'maybe' }, at(82))).toThrow(refused(400, `Invalid disable_ramdisk: Unrecognized value 'maybe', ${words}`));
    expect(() => checkProvisionRequest({ ...clean, disable_ramdisk: 5 }, at(82))).toThrow(refused(400, `Invalid disable_ramdisk: Unrecognized value '5', ${words}`));
  });
});

describe('checkPowerRequest', () => {
  const node = { ident: 'e1', powerState: null };

  it('refuses unknown targets with Ironic text naming the node as given', () => {
    expect(() => checkPowerRequest({ target: 'power sideways' }, at(82), node)).toThrow(
      refused(400, 'The requested action "power sideways" can not be performed on node "e1" while it is in state "None".'),
    );
  });

  it('allows soft targets and timeouts from 1.27', () => {
    expect(() => checkPowerRequest({ target: 'soft power off' }, at(26), node)).toThrow(refused(406));
    expect(() => checkPowerRequest({ target: 'power on', timeout: 10 }, at(26), node)).toThrow(refused(406));
    expect(checkPowerRequest({ target: 'soft rebooting', timeout: 10 }, at(27), node)).toBe('soft rebooting');
    expect(checkPowerRequest({ target: 'rebooting' }, at(1), node)).toBe('rebooting');
  });
});

describe('checkHeartbeatRequest', () => {
  it('is hidden below 1.22 and takes agent_version from 1.36', () => {
    expect(() => checkHeartbeatRequest({ callback_url: 'http://a' }, at(21))).toThrow(refused(404));
    expect(() => checkHeartbeatRequest({ callback_url: 'http://a', agent_version: '9' }, at(35))).toThrow(refused(400));
    expect(() => checkHeartbeatRequest({ callback_url: 'http://a', agent_version: '9' }, at(36))).not.toThrow();
  });
});
