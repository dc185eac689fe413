import { describe, expect, it } from '@jest/globals';
import { DEFAULT_NODE_FIELDS, type JsonObject, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import {
  bmcKey, bootdevCommand, bootdevRefusal, buildArgs, describeFailure, type IpmiAccess, ipmitoolMessages, parseBootParam, parseDriverInfo, parseIdentifyState, parsePowerStatus, redact, repeatable,
} from './ipmitool.js';

const node = (driver_info: JsonObject): Node =>
  ({ ...DEFAULT_NODE_FIELDS, uuid: 'node-1', driver: 'ipmi', driver_info, provision_state: 'enroll', power_state: null }) as unknown as Node;

const access: IpmiAccess = { address: '10.0.0.5', port: 623, username: 'admin', password: 's3cret-pw', cipherSuite: 3, privLevel: 'ADMINISTRATOR' };

/** stderr of ipmitool 1.8.19 with -v against ipmi_sim, as captured. */
const STDERR = {
  wrongPassword: 'Loading IANA PEN Registry...\n> RAKP 2 HMAC is invalid\nError: Unable to establish IPMI v2 / RMCP+ session\n',
  unknownUser: 'Loading IANA PEN Registry...\nRAKP 2 message indicates an error : unauthorized name\nError: Unable to establish IPMI v2 / RMCP+ session\n',
  unreachable: 'Loading IANA PEN Registry...\nGet Auth Capabilities error\nError issuing Get Channel Authentication Capabilities request\nError: Unable to establish IPMI v2 / RMCP+ session\n',
  suite17: 'Loading IANA PEN Registry...\nError in open session response message : invalid authentication algorithm\n\nError: Unable to establish IPMI v2 / RMCP+ session\n',
  bmcFailure:
    'Loading IANA PEN Registry...\nRunning Get VSO Capabilities my_addr 0x20, transit 0, target 0x20\nInvalid completion code received: Invalid command\nDiscovered IPMB address 0x0\nGet Chassis Power Status failed: Unspecified error\n',
  dns: 'Address lookup for bmc.invalid failed\nCould not open socket!\nError: Unable to establish IPMI v2 / RMCP+ session\n',
  sessionOnly: 'Error: Unable to establish IPMI v2 / RMCP+ session\n',
};

describe('parseDriverInfo', () => {
  it('reads Ironic’s keys with their defaults: port 623, ADMINISTRATOR, cipher suite 3', () => {
    expect(parseDriverInfo(node({ ipmi_address: 'bmc-1.example.org', ipmi_username: 'admin', ipmi_password: 'pw' }))).toEqual({
      address: 'bmc-1.example.org', port: 623, username: 'admin', password: 'pw', cipherSuite: 3, privLevel: 'ADMINISTRATOR',
    });
  });

  it('accepts numbers given as strings, as Ironic does', () => {
    const info = parseDriverInfo(node({ ipmi_address: '10.0.0.5', ipmi_port: '6230', ipmi_cipher_suite: '17', ipmi_priv_level: 'OPERATOR', ipmi_password: 1234 }));
    expect(info).toMatchObject({ port: 6230, cipherSuite: 17, privLevel: 'OPERATOR', password: '1234', username: '' });
  });

  it('takes the configured default cipher suite', () => {
    expect(parseDriverInfo(node({ ipmi_address: '::1' }), 17)).toMatchObject({ address: '::1', cipherSuite: 17 });
  });

  it.each([
    [{}, "Missing the following IPMI credentials in node's driver_info: ['ipmi_address']."],
    [{ ipmi_address: '' }, 'Missing the following IPMI credentials'],
    [{ ipmi_address: '-oProxyCommand=x' }, 'Invalid IPMI address "-oProxyCommand=x"'],
    [{ ipmi_address: 'bmc 1' }, 'Invalid IPMI address'],
    [{ ipmi_address: 'bmc', ipmi_port: 0 }, 'ipmi_port "0" is not a valid port.'],
    [{ ipmi_address: 'bmc', ipmi_port: 70000 }, 'ipmi_port "70000" is not a valid port.'],
    [{ ipmi_address: 'bmc', ipmi_port: 'x' }, 'ipmi_port "x" is not a valid port.'],
    [{ ipmi_address: 'bmc', ipmi_cipher_suite: 'aes' }, 'Invalid ipmi_cipher_suite "aes"'],
    [{ ipmi_address: 'bmc', ipmi_cipher_suite: 3.5 }, 'Invalid ipmi_cipher_suite 3.5'],
    [{ ipmi_address: 'bmc', ipmi_priv_level: 'root' }, 'Invalid privilege level value:root, the valid value can be one of ADMINISTRATOR, CALLBACK, OPERATOR, USER'],
    [{ ipmi_address: 'bmc', ipmi_password: 'a\0b' }, 'may not contain NUL'],
  ] as [JsonObject, string][])('refuses %j', (info, message) => {
    expect(() => parseDriverInfo(node(info))).toThrow(DriverError);
    expect(() => parseDriverInfo(node(info))).toThrow(message);
  });

  it.each([0, '0'])('refuses cipher suite %j, which accepts any password', (suite) => {
    expect(() => parseDriverInfo(node({ ipmi_address: 'bmc', ipmi_cipher_suite: suite }))).toThrow(
      'Refusing ipmi_cipher_suite 0 for node node-1: suite 0 has no authentication, so the BMC accepts any password.',
    );
  });
});

describe('buildArgs', () => {
  it('builds Ironic’s invocation with the password in a file', () => {
    expect(buildArgs(access, ['power', 'status'], { file: '/tmp/x/password' })).toEqual([
      '-I', 'lanplus', '-H', '10.0.0.5', '-p', '623', '-L', 'ADMINISTRATOR', '-C', '3', '-U', 'admin', '-R', '1', '-N', '1', '-v', '-f', '/tmp/x/password', 'power', 'status',
    ]);
  });

  it('reads the password from the environment with -E', () => {
    const args = buildArgs({ ...access, cipherSuite: 17, privLevel: 'OPERATOR' }, ['power', 'on'], 'env');
    expect(args).toEqual(['-I', 'lanplus', '-H', '10.0.0.5', '-p', '623', '-L', 'OPERATOR', '-C', '17', '-U', 'admin', '-R', '1', '-N', '1', '-v', '-E', 'power', 'on']);
  });

  it('leaves -U out for the NULL user', () => {
    expect(buildArgs({ ...access, username: '' }, ['power', 'status'], 'env')).not.toContain('-U');
  });

  it('never puts the password on the command line (no -P, no value)', () => {
    for (const source of ['env', { file: '/tmp/p' }] as const) {
      const args = buildArgs(access, ['power', 'status'], source);
      expect(args).not.toContain('-P');
      expect(args.join(' ')).not.toContain(access.password);
    }
  });
});

describe('bmcKey', () => {
  it('names a BMC by address and port, bracketing IPv6', () => {
    expect(bmcKey(access)).toBe('10.0.0.5:623');
    expect(bmcKey({ address: 'fd00::5', port: 6230 })).toBe('[fd00::5]:6230');
  });
});

describe('parsePowerStatus', () => {
  it('reads "Chassis Power is on|off"', () => {
    expect(parsePowerStatus('Chassis Power is on\n')).toBe('power on');
    expect(parsePowerStatus('Chassis Power is off\n')).toBe('power off');
    expect(parsePowerStatus('Discovered IPMB address 0x0\nChassis Power is off\r\n')).toBe('power off');
  });

  it('returns null for anything else', () => {
    expect(parsePowerStatus('')).toBeNull();
    expect(parsePowerStatus('Chassis Power Control: Up/On\n')).toBeNull();
    expect(parsePowerStatus('Chassis Power is unknown\n')).toBeNull();
  });
});

describe('ipmitoolMessages', () => {
  it('drops the chatter -v prints on every call', () => {
    expect(ipmitoolMessages(STDERR.bmcFailure)).toEqual(['Get Chassis Power Status failed: Unspecified error']);
    expect(ipmitoolMessages(STDERR.wrongPassword)).toEqual(['RAKP 2 HMAC is invalid', 'Error: Unable to establish IPMI v2 / RMCP+ session']);
    expect(ipmitoolMessages('Password: Error: Unable to establish IPMI v2 / RMCP+ session\n')).toEqual(['Error: Unable to establish IPMI v2 / RMCP+ session']);
  });
});

describe('describeFailure', () => {
  const failed = (stderr: string) => describeFailure({ code: 1, stdout: '', stderr }, access);

  it('tells a wrong password from an unreachable BMC, and does not retry it', () => {
    expect(failed(STDERR.wrongPassword)).toEqual({
      kind: 'credentials',
      retryable: false,
      reason: 'authentication failed: the BMC rejected the password of user "admin"',
      detail: 'RAKP 2 HMAC is invalid; Error: Unable to establish IPMI v2 / RMCP+ session',
      reached: false,
    });
    expect(failed(STDERR.unknownUser)).toMatchObject({ kind: 'credentials', retryable: false, reason: 'authentication failed: the BMC does not know user "admin"' });
    expect(describeFailure({ code: 1, stdout: '', stderr: STDERR.unknownUser }, { ...access, username: '' }).reason).toContain('the NULL user');
  });

  it('names an unsupported cipher suite', () => {
    expect(describeFailure({ code: 1, stdout: '', stderr: STDERR.suite17 }, { ...access, cipherSuite: 17 })).toMatchObject({
      kind: 'credentials', retryable: false, reason: 'the BMC does not support cipher suite 17',
    });
  });

  it('names a refused privilege level', () => {
    const stderr = 'RAKP 2 message indicates an error : requested maximum privilege level exceeds user and/or channel privilege limit\n';
    expect(failed(stderr)).toMatchObject({ kind: 'credentials', retryable: false, reason: 'the BMC refused privilege level ADMINISTRATOR for user "admin"' });
  });

  it('retries an unreachable BMC, an unresolvable name and a bare session failure', () => {
    expect(failed(STDERR.unreachable)).toMatchObject({ kind: 'unreachable', retryable: true, reason: 'no answer from the BMC (unreachable, or not listening for IPMI)' });
    expect(failed(STDERR.dns)).toMatchObject({ kind: 'unreachable', retryable: true, reason: 'cannot resolve the BMC address' });
    expect(failed(STDERR.sessionOnly)).toMatchObject({ kind: 'session', retryable: true });
  });

  it('reports the BMC’s completion code and retries it', () => {
    expect(failed(STDERR.bmcFailure)).toEqual({
      kind: 'bmc', retryable: true, reason: 'the BMC answered with an error: Unspecified error', detail: 'Get Chassis Power Status failed: Unspecified error', reached: true,
    });
  });

  it('reports a killed process, a missing ipmitool and anything else', () => {
    expect(describeFailure({ code: null, stdout: '', stderr: '', timedOut: true }, access, 1500)).toMatchObject({
      kind: 'unreachable', retryable: true, reason: 'no answer within 1500 ms, ipmitool killed (BMC unreachable or hung)',
    });
    expect(describeFailure({ code: null, stdout: '', stderr: '', spawnError: 'ENOENT' }, access)).toMatchObject({ kind: 'no-ipmitool', retryable: false });
    expect(describeFailure({ code: 2, stdout: '', stderr: 'something odd\n' }, access)).toEqual({
      kind: 'other', retryable: true, reason: 'ipmitool exited with code 2', detail: 'something odd', reached: true,
    });
  });

  it('tells whether the command may have reached the BMC: not without a session, nor when the BMC says it did not take it', () => {
    // ipmi_sim's hook answering `power soft` after ipmitool gave up: the session was open, the request sent.
    const lost = failed('Running Get VSO Capabilities my_addr 0x20, transit 0, target 0x20\nUnable to set Chassis Power Control to Soft\nClose Session command failed\n');
    expect(lost).toMatchObject({ kind: 'unanswered', retryable: true, reached: true, reason: 'the BMC did not answer the command in time' });
    expect(describeFailure({ code: null, stdout: '', stderr: '', timedOut: true }, access, 1500).reached).toBe(true);
    expect(failed(STDERR.bmcFailure).reached).toBe(true);
    for (const stderr of [STDERR.unreachable, STDERR.dns, STDERR.sessionOnly, STDERR.wrongPassword, 'Set Chassis Power Control to Soft failed: Node busy\n', 'insufficient resources for session\n']) {
      expect([stderr, failed(stderr).reached]).toEqual([stderr, false]);
    }
    expect(describeFailure({ code: null, stdout: '', stderr: '', spawnError: 'EAGAIN' }, access).reached).toBe(false);
  });
});

describe('repeatable', () => {
  it('knows the commands that act again when sent again', () => {
    for (const command of ['power soft', 'power reset', 'power cycle', 'power diag', 'chassis power soft']) expect([command, repeatable(command.split(' '))]).toEqual([command, false]);
    for (const command of ['power status', 'power on', 'power off', 'chassis bootdev pxe options=efiboot', 'raw 0x00 0x08 0x03 0x08', 'chassis identify force']) {
      expect([command, repeatable(command.split(' '))]).toEqual([command, true]);
    }
  });
});

describe('redact', () => {
  it('replaces the password wherever it appears', () => {
    expect(redact('pw s3cret-pw and s3cret-pw', 's3cret-pw')).toBe('pw *** and ***');
    expect(redact('nothing to hide', '')).toBe('nothing to hide');
  });
});

describe('ipmitool management output', () => {
  const bootparam = (flags: string, selector: string) => `Boot parameter version: 1\nBoot parameter 5 is valid/unlocked\n Boot Flags :\n   - ${flags}\n   - Boot Device Selector : ${selector}\n`;

  it.each([
    ['Force PXE', 'pxe'],
    ['Force Boot from default Hard-Drive', 'disk'],
    ['Force Boot from default Hard-Drive, request Safe-Mode', 'safe'],
    ['Force Boot into BIOS Setup', 'bios'],
    ['Force Boot from CD/DVD', 'cdrom'],
    ['No override', null],
  ])('reads the boot device selector %s as %s', (selector, device) => {
    expect(parseBootParam(bootparam('Options apply to only next boot', selector))).toEqual({ boot_device: device, persistent: false });
  });

  it('reads persistence from the flags', () => {
    expect(parseBootParam(bootparam('Options apply to all future boots', 'Force PXE'))).toEqual({ boot_device: 'pxe', persistent: true });
    expect(parseBootParam('')).toEqual({ boot_device: null, persistent: false });
  });

  it('builds chassis bootdev with Ironic’s options', () => {
    expect(bootdevCommand('pxe', false, false)).toEqual(['chassis', 'bootdev', 'pxe']);
    expect(bootdevCommand('disk', true, false)).toEqual(['chassis', 'bootdev', 'disk', 'options=persistent']);
    expect(bootdevCommand('cdrom', true, true)).toEqual(['chassis', 'bootdev', 'cdrom', 'options=persistent,efiboot']);
    expect(bootdevCommand('bios', false, true)).toEqual(['chassis', 'bootdev', 'bios', 'options=efiboot']);
  });

  it('finds the refusal ipmitool reports only on stderr', () => {
    expect(bootdevRefusal('Set Chassis Boot Parameter 4 failed: Unspecified error\n')).toBeNull();
    expect(bootdevRefusal('Set Chassis Boot Parameter 5 failed: Unspecified error\n')).toBe('Unspecified error');
  });

  it.each([
    [' 00 00 00', 'unknown'],
    [' 01 00 40', 'off'],
    [' 01 00 50', 'on'],
    [' 01 00 60 00', 'on'],
    ['garbage', 'unknown'],
  ])('reads the identify state of Get Chassis Status %j as %s', (stdout, state) => {
    expect(parseIdentifyState(stdout)).toBe(state);
  });
});
