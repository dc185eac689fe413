import { describe, expect, it } from '@jest/globals';
import { negotiateVersion } from './microversion.js';

const legacy = (value: string) => ({ 'x-openstack-ironic-api-version': value });

describe('negotiateVersion', () => {
  it('gives 1.1 without a header', () => {
    expect(negotiateVersion({})).toEqual({ ok: true, version: expect.objectContaining({ minor: 1 }) });
  });

  it('reads the legacy header, and latest as 1.82', () => {
    expect(`${(negotiateVersion(legacy('1.38')) as { version: object }).version}`).toBe('1.38');
    expect(`${(negotiateVersion(legacy('latest')) as { version: object }).version}`).toBe('1.82');
    expect(`${(negotiateVersion(legacy('LATEST')) as { version: object }).version}`).toBe('1.82');
  });

  it('prefers the standard header naming baremetal, among other services', () => {
    const headers = { 'openstack-api-version': 'compute 2.1, baremetal 1.50', ...legacy('1.20') };
    expect(`${(negotiateVersion(headers) as { version: object }).version}`).toBe('1.50');
    expect(`${(negotiateVersion({ 'openstack-api-version': 'compute 2.1', ...legacy('1.20') }) as { version: object }).version}`).toBe('1.20');
  });

  it('refuses versions out of range with 406 and the range headers', () => {
    expect(negotiateVersion(legacy('1.99'))).toEqual({
      ok: false,
      status: 406,
      withRange: true,
      description: 'Version 1.99 was requested but the minor version is not supported by this service. The supported version range is: [1.1, 1.82].',
    });
    expect(negotiateVersion(legacy('1.0'))).toMatchObject({ status: 406, withRange: true, description: expect.stringContaining('Version 1.0 was requested') });
  });

  it('refuses garbage with 406 and without the range headers', () => {
    for (const value of ['foo', '1', '1.2.3', '1.x', '']) {
      expect(negotiateVersion(legacy(value))).toEqual({ ok: false, status: 406, withRange: false, description: 'Invalid value for X-OpenStack-Ironic-API-Version header' });
    }
  });

  it('refuses another major version with 400', () => {
    expect(negotiateVersion(legacy('2.1'))).toMatchObject({ status: 400, description: expect.stringContaining('Mutually exclusive versions requested') });
  });
});
