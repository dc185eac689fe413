import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type JsonObject } from '@ironledger/domain';
import { parseDriverInfo } from './driver-info.js';
import { RedfishError } from './errors.js';

const UUID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
const base = { redfish_address: 'http://127.0.0.1:8000', redfish_username: 'admin', redfish_password: 's3cret!' };
const parse = (info: JsonObject) => parseDriverInfo({ uuid: UUID, driver_info: info });
const refusal = (info: JsonObject): RedfishError => {
  try {
    parse(info);
  } catch (error) {
    expect(error).toBeInstanceOf(RedfishError);
    expect((error as RedfishError).kind).toBe('invalid-config');
    expect((error as Error).message).not.toContain('s3cret!');
    return error as RedfishError;
  }
  throw new Error('expected a refusal');
};

describe('Redfish driver_info', () => {
  it('reads a plain BMC address with defaults', () => {
    expect(parse(base)).toEqual({
      origin: 'http://127.0.0.1:8000', prefix: '', rootPath: '/redfish/v1', systemId: null, username: 'admin', password: 's3cret!', verifyCa: true, authType: 'auto',
    });
  });

  it('takes a bare host for https, as Ironic does', () => {
    expect(parse({ ...base, redfish_address: 'bmc.example.com' })).toMatchObject({ origin: 'https://bmc.example.com', rootPath: '/redfish/v1' });
    expect(parse({ ...base, redfish_address: '10.0.0.5:8443' }).origin).toBe('https://10.0.0.5:8443');
    expect(parse({ ...base, redfish_address: '[fd00::5]' }).origin).toBe('https://[fd00::5]');
  });

  it('reads a path in the address as a prefix, or as the service root itself', () => {
    expect(parse({ ...base, redfish_address: 'http://sim:8000/bmc/7/' })).toMatchObject({ prefix: '/bmc/7', rootPath: '/bmc/7/redfish/v1' });
    expect(parse({ ...base, redfish_address: 'http://sim:8000/bmc/7/redfish/v1' })).toMatchObject({ prefix: '/bmc/7', rootPath: '/bmc/7/redfish/v1' });
  });

  it('reads the system id as a path on the BMC, under the address prefix', () => {
    expect(parse({ ...base, redfish_system_id: '/redfish/v1/Systems/1' }).systemId).toBe('/redfish/v1/Systems/1');
    const sim = { ...base, redfish_address: 'http://sim:8000/bmc/7' };
    expect(parse({ ...sim, redfish_system_id: '/redfish/v1/Systems/7' }).systemId).toBe('/bmc/7/redfish/v1/Systems/7');
    expect(parse({ ...sim, redfish_system_id: '/bmc/7/redfish/v1/Systems/7/' }).systemId).toBe('/bmc/7/redfish/v1/Systems/7');
    expect(parse({ ...sim, redfish_system_id: 'http://sim:8000/bmc/7/redfish/v1/Systems/7' }).systemId).toBe('/bmc/7/redfish/v1/Systems/7');
    expect(parse({ ...base, redfish_system_id: '' }).systemId).toBeNull();
  });

  it('reads redfish_verify_ca as a boolean, a boolean word, or a CA path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redfish-ca-'));
    const file = join(dir, 'ca.pem');
    writeFileSync(file, '-----BEGIN CERTIFICATE-----\n');
    expect(parse({ ...base, redfish_verify_ca: false }).verifyCa).toBe(false);
    expect(parse({ ...base, redfish_verify_ca: 'False' }).verifyCa).toBe(false);
    expect(parse({ ...base, redfish_verify_ca: 'yes' }).verifyCa).toBe(true);
    expect(parse({ ...base, redfish_verify_ca: file }).verifyCa).toBe(file);
    expect(parse({ ...base, redfish_verify_ca: dir }).verifyCa).toBe(dir);
  });

  it('reads each auth type, and takes the configured default when absent', () => {
    for (const authType of ['basic', 'session', 'auto']) expect(parse({ ...base, redfish_auth_type: authType }).authType).toBe(authType);
    expect(parseDriverInfo({ uuid: UUID, driver_info: base }, 'basic').authType).toBe('basic');
  });

  it('names every missing key', () => {
    expect(refusal({}).message).toBe(`Missing the following Redfish properties in node ${UUID} driver_info: ['redfish_address', 'redfish_username', 'redfish_password']`);
    expect(refusal({ ...base, redfish_password: '' }).message).toBe(`Missing the following Redfish properties in node ${UUID} driver_info: ['redfish_password']`);
    expect(refusal({ ...base, redfish_username: 5 }).message).toContain('redfish_username');
  });

  it.each([
    ['ftp://bmc', 'the scheme must be http or https'],
    ['http://', 'not a URL'],
    ['http://bmc/redfish/v1?x=1', 'no query or fragment allowed'],
  ])('refuses the address %s', (address, why) => {
    expect(refusal({ ...base, redfish_address: address }).message).toBe(`Invalid Redfish address ${address} set in driver_info/redfish_address on node ${UUID}: ${why}`);
  });

  it('refuses credentials in the address without repeating them', () => {
    const message = refusal({ ...base, redfish_address: 'http://admin:s3cret!@bmc' }).message;
    expect(message).toBe(`Invalid Redfish address set in driver_info/redfish_address on node ${UUID}: it must not carry credentials; set redfish_username and redfish_password instead`);
  });

  it('refuses a malformed system id, verify_ca or auth type with Ironic’s wording', () => {
    expect(refusal({ ...base, redfish_system_id: 42 }).message).toContain(`Invalid value "42" set in driver_info/redfish_system_id on node ${UUID}. The value should be a path (string)`);
    expect(refusal({ ...base, redfish_system_id: 'Systems/1' }).message).toContain('driver_info/redfish_system_id');
    expect(refusal({ ...base, redfish_system_id: 'http://elsewhere/redfish/v1/Systems/1' }).message).toContain('driver_info/redfish_system_id');
    expect(refusal({ ...base, redfish_verify_ca: '/no/such/ca.pem' }).message).toBe(
      `Invalid value type set in driver_info/redfish_verify_ca on node ${UUID}. The value should be a Boolean or the path to a file/directory, not "/no/such/ca.pem"`,
    );
    expect(refusal({ ...base, redfish_verify_ca: 1 }).message).toContain('driver_info/redfish_verify_ca');
    expect(refusal({ ...base, redfish_auth_type: 'digest' }).message).toBe(
      `Invalid value "digest" set in driver_info/redfish_auth_type on node ${UUID}. The value should be one of "basic", "session" or "auto".`,
    );
  });
});
