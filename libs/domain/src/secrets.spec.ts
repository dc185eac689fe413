import { describe, expect, it } from '@jest/globals';
import { isSecretKey, maskDictPassword, maskPassword, REDACTED } from './secrets.js';

describe('maskDictPassword', () => {
  // A node's driver_info as Ironic 21.4 created and showed it (POST /v1/nodes, fake-hardware, 1.82).
  const driverInfo = {
    ipmi_password: 'manageable',
    ipmi_address: '10.0.0.1',
    redfish_Password: 'p',
    snmp_auth_key: 'k1',
    ssh_key: 'k2',
    api_KEY: 'k3',
    client_secret: 's',
    AuthToken: 't',
    tls_passphrase: 'x',
    nested: { password: 'np', user: 'u', deeper: { token: 'dt', kek: 'kk' } },
    pwdict: { a: 1 },
    password: { a: 'b' },
    secret_list: ['a', 'b'],
    list: [{ password: 'lp' }, 'password=abc'],
    text: 'user=a password=hunter2 --token abc',
    json_text: '{"ipmi_password": "abc", "user": "u"}',
    token_null: null,
    secret_num: 5,
    secret_bool: true,
    empty_password: '',
  };

  it('masks exactly what Ironic 21.4 masks in driver_info, key order kept', () => {
    const shown = maskDictPassword(driverInfo);
    expect(shown).toEqual({
      ipmi_password: REDACTED,
      ipmi_address: '10.0.0.1',
      redfish_Password: REDACTED,
      // oslo's list has no `key`: SNMP and SSH keys are shown, as Ironic shows them.
      snmp_auth_key: 'k1',
      ssh_key: 'k2',
      api_KEY: 'k3',
      client_secret: REDACTED,
      AuthToken: REDACTED,
      tls_passphrase: REDACTED,
      nested: { password: REDACTED, user: 'u', deeper: { token: REDACTED, kek: 'kk' } },
      pwdict: { a: 1 },
      // An object is walked even under a secret key; a list is never walked.
      password: { a: 'b' },
      secret_list: REDACTED,
      list: [{ password: 'lp' }, 'password=abc'],
      text: `user=a password=${REDACTED} --token ${REDACTED}`,
      // oslo's last pattern eats the rest of the text up to its last quote.
      json_text: `{"ipmi_password": "${REDACTED}", "user": "}`,
      token_null: REDACTED,
      secret_num: REDACTED,
      secret_bool: REDACTED,
      empty_password: REDACTED,
    });
    expect(Object.keys(shown)).toEqual(Object.keys(driverInfo));
  });

  it('returns the very object it was given when nothing in it is masked, and never changes it', () => {
    const plain = { ipmi_address: '10.0.0.1', nested: { port: 623 }, key1: 'value1' };
    expect(maskDictPassword(plain)).toBe(plain);
    const before = JSON.stringify(driverInfo);
    maskDictPassword(driverInfo);
    expect(JSON.stringify(driverInfo)).toBe(before);
  });

  it('keeps a member named __proto__ an ordinary member', () => {
    const hostile = JSON.parse('{"__proto__": {"password": "p"}, "token": "t"}');
    const shown = maskDictPassword(hostile);
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(JSON.stringify(shown)).toBe(`{"__proto__":{"password":"${REDACTED}"},"token":"${REDACTED}"}`);
  });
});

describe('maskPassword', () => {
  it('masks oslo’s text patterns, each fragment in oslo’s order', () => {
    expect(maskPassword('ipmitool -U admin -P x password=abc retry')).toBe(`ipmitool -U admin -P x password=${REDACTED} retry`);
    expect(maskPassword(`{'redfish_password': 'abc'}`)).toBe(`{'redfish_password': '${REDACTED}'}`);
    expect(maskPassword('login --password s3cr3t --user bob')).toBe(`login --password ${REDACTED} --user bob`);
    expect(maskPassword('token = "a b c"')).toBe(`token = "${REDACTED}"`);
    expect(maskPassword('<password>x</password>')).toBe(`<password>${REDACTED}</password>`);
    expect(maskPassword('nothing to see, key=value')).toBe('nothing to see, key=value');
  });

  it('matches as Python does: its spaces and its case-insensitive i (İ, ı)', () => {
    expect(maskPassword('password=\x1cx')).toBe(`password=\x1c${REDACTED}`);
    expect(maskPassword('password=\ufeffx')).toBe(`password=${REDACTED}`);
    expect(maskPassword('admin_pass=x admİn_pass=y')).toBe(`admin_pass=${REDACTED} admİn_pass=${REDACTED}`);
  });
});

describe('isSecretKey', () => {
  it('is oslo’s rule: the lower-cased name contains one of its fragments', () => {
    expect(['ipmi_password', 'AuthToken', 'client_secret', 'configdrive', 'sslkey', 'x_PRIVATE_KEY_y'].every(isSecretKey)).toBe(true);
    expect(['key1', 'snmp_auth_key', 'ssh_key', 'kek', 'passwd', 'user'].some(isSecretKey)).toBe(false);
  });
});
