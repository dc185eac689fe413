import { describe, expect, it } from '@jest/globals';
import { type NodeEvent, type NodeRegistered, type NodeUpdated } from '@ironledger/domain';
import { maskSecrets, redactSecrets, REDACTED } from './redact.js';
import { scriptedEvents, SCRIPTED_PASSWORD } from './testing/scripted.js';

describe('maskSecrets', () => {
  it('masks every key that names a password, secret, token or key, at any depth and in lists', () => {
    const info = {
      ipmi_address: '10.0.0.1',
      ipmi_password: 'p',
      redfish_Password: 'p',
      client_secret: 's',
      AuthToken: 't',
      ssh_key: 'k',
      nested: { snmp_auth_key: 'k', port: 623, deeper: { kek: 'not a key name', api_KEY: 'k' } },
      list: [{ password: 'p', user: 'u' }, 'plain'],
      port: 623,
    };
    expect(maskSecrets(info)).toEqual({
      ipmi_address: '10.0.0.1',
      ipmi_password: REDACTED,
      redfish_Password: REDACTED,
      client_secret: REDACTED,
      AuthToken: REDACTED,
      ssh_key: REDACTED,
      nested: { snmp_auth_key: REDACTED, port: 623, deeper: { kek: 'not a key name', api_KEY: REDACTED } },
      list: [{ password: REDACTED, user: 'u' }, 'plain'],
      port: 623,
    });
  });

  it('masks a secret key whatever its value, objects included', () => {
    expect(maskSecrets({ password: { a: 1 }, token: null, key: 5 })).toEqual({ password: REDACTED, token: REDACTED, key: REDACTED });
  });
});

describe('redactSecrets', () => {
  const { events } = scriptedEvents();
  const registered = events.find((e): e is NodeRegistered => e.type === 'NodeRegistered')!;
  const updated = events.find((e): e is NodeUpdated => e.type === 'NodeUpdated')!;

  it('masks driver_info of a registration and leaves the rest of the event as it was', () => {
    const safe = redactSecrets(registered);
    expect(safe.data.driver_info).toEqual({ ipmi_address: '10.1.7.3', ipmi_username: 'admin', ipmi_password: REDACTED });
    expect({ ...safe, data: { ...safe.data, driver_info: registered.data.driver_info } }).toEqual(registered);
  });

  it('masks driver_info among the changes of an update, and leaves other changes alone', () => {
    const safe = redactSecrets(updated);
    expect(safe.data.changes.driver_info).toMatchObject({ ipmi_password: REDACTED });
    expect(safe.data.changes.extra).toEqual({ ticket: 'OPS-42' });
  });

  it('does not touch the event it is given (the store’s copy stays intact)', () => {
    const before = JSON.stringify(registered);
    redactSecrets(registered);
    expect(JSON.stringify(registered)).toBe(before);
  });

  it('returns events without driver_info unchanged, the very same object', () => {
    const withoutDriverInfo: NodeEvent = { ...updated, data: { changes: { name: 'n2' } } };
    expect(redactSecrets(withoutDriverInfo)).toBe(withoutDriverInfo);
    const moved = events.find((e) => e.type === 'ProvisionStateChanged')!;
    expect(redactSecrets(moved)).toBe(moved);
  });

  it('leaves no secret anywhere in the scripted lifecycle', () => {
    const served = JSON.stringify(events.map(redactSecrets));
    expect(served).not.toContain(SCRIPTED_PASSWORD);
    expect(JSON.stringify(events)).toContain(SCRIPTED_PASSWORD);
  });
});
