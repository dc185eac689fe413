import { describe, expect, it } from '@jest/globals';
import { type DeployTemplateCreated, type EventMeta, type NodeEvent, type NodeRegistered, type NodeUpdated, type VolumeTargetAdded } from '@ironledger/domain';
import { maskInstanceInfo, maskSecrets, maskText, redactKnownSecrets, redactSecrets, REDACTED, secretsOf } from './redact.js';
import { scriptedEvents, SCRIPTED_PASSWORD } from './testing/scripted.js';

describe('maskSecrets', () => {
  it('masks every key Ironic masks (its list holds password, secret, token, passphrase, private_key, …) and keys, at any depth and in lists', () => {
    const info = {
      ipmi_address: '10.0.0.1',
      ipmi_password: 'p',
      redfish_Password: 'p',
      client_secret: 's',
      AuthToken: 't',
      ssh_key: 'k',
      tls_passphrase: 'x',
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
      tls_passphrase: REDACTED,
      nested: { snmp_auth_key: REDACTED, port: 623, deeper: { kek: 'not a key name', api_KEY: REDACTED } },
      list: [{ password: REDACTED, user: 'u' }, 'plain'],
      port: 623,
    });
  });

  it('masks a secret key whatever its value, objects included', () => {
    expect(maskSecrets({ password: { a: 1 }, token: null, key: 5 })).toEqual({ password: REDACTED, token: REDACTED, key: REDACTED });
  });

  it('masks secrets written into text, as Ironic masks them in strings', () => {
    expect(maskText('ipmitool -U admin -P x password=abc retry')).toBe(`ipmitool -U admin -P x password=${REDACTED} retry`);
    expect(maskText(`{"ipmi_password": "abc", "user": "u"}`)).toBe(`{"ipmi_password": "${REDACTED}", "user": "u"}`);
    expect(maskText(`{'redfish_password': 'abc'}`)).toBe(`{'redfish_password': '${REDACTED}'}`);
    expect(maskText('login --password s3cr3t --user bob')).toBe(`login --password ${REDACTED} --user bob`);
    expect(maskText('token = "a b c"')).toBe(`token = "${REDACTED}"`);
    expect(maskText('nothing to see')).toBe('nothing to see');
  });

  it('masks known secret values wherever they show up, and leaves short ones to exact matches', () => {
    const known = new Set(['Sup3rS3cret', 'pw']);
    expect(maskText('Sup3rS3cret', known)).toBe(REDACTED);
    expect(maskText('was Sup3rS3cret before', known)).toBe(`was ${REDACTED} before`);
    expect(maskText('pw', known)).toBe(REDACTED);
    expect(maskText('upwards', known)).toBe('upwards');
  });

  it('hides instance_info’s config drive and image URL whatever they hold, as Ironic does', () => {
    expect(maskInstanceInfo({ configdrive: { user_data: 'x' }, image_url: 'http://swift/tempurl?sig=1', root_gb: 10 })).toEqual({ configdrive: REDACTED, image_url: REDACTED, root_gb: 10 });
    expect(maskInstanceInfo({ image_url: '' })).toEqual({ image_url: '' });
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

  it('masks every field of the data, not only driver_info: a password copied into extra is masked there too', () => {
    const copied: NodeUpdated = { ...updated, data: { changes: { extra: { c: { redfish_password: 'Sup3rS3cret', redfish_address: 'https://bmc' } } } } };
    expect(redactSecrets(copied).data.changes.extra).toEqual({ c: { redfish_password: REDACTED, redfish_address: 'https://bmc' } });
  });

  it('masks, in events already stored, a password once moved out of its secret key (known from the node’s own events)', () => {
    const moved: NodeUpdated = { ...updated, data: { changes: { driver_info: { ipmi_address: '10.1.7.3' }, extra: { m: SCRIPTED_PASSWORD } } } };
    const known = secretsOf([registered, moved]);
    expect(known).toEqual(new Set([SCRIPTED_PASSWORD]));
    expect(redactKnownSecrets(moved, known).data.changes.extra).toEqual({ m: REDACTED });
  });

  it('does not touch the event it is given (the store’s copy stays intact)', () => {
    const before = JSON.stringify(registered);
    redactSecrets(registered);
    expect(JSON.stringify(registered)).toBe(before);
  });

  it('returns events without anything to mask unchanged, the very same object', () => {
    const withoutSecrets: NodeEvent = { ...updated, data: { changes: { name: 'n2' } } };
    expect(redactSecrets(withoutSecrets)).toBe(withoutSecrets);
    const moved = events.find((e) => e.type === 'ProvisionStateChanged')!;
    expect(redactSecrets(moved)).toBe(moved);
  });

  it('can be mapped over a list of events', () => {
    expect(events.map(redactSecrets)).toHaveLength(events.length);
  });

  it('leaves no secret anywhere in the scripted lifecycle', () => {
    const served = JSON.stringify(events.map(redactSecrets));
    expect(served).not.toContain(SCRIPTED_PASSWORD);
    expect(JSON.stringify(events)).toContain(SCRIPTED_PASSWORD);
  });
});

describe('redactSecrets of other resources', () => {
  const meta = { at: '2026-11-21T12:00:00.000Z', actor: 'op', requestId: 'r', correlationId: 'r', causationId: 'r' };

  it('masks secrets in deploy step arguments and everywhere else in a template’s data', () => {
    const step = { interface: 'bios' as const, step: 'apply_configuration', args: { settings: [{ name: 'x', value: 'y' }], admin_password: 'p', nested: { token: 't' } }, priority: 10 };
    const created: DeployTemplateCreated = { type: 'DeployTemplateCreated', data: { name: 'CUSTOM_T', steps: [step], extra: { password: 'x' } }, meta: { ...meta, templateId: 't1' } };
    expect(redactSecrets(created).data).toEqual({
      name: 'CUSTOM_T',
      steps: [{ ...step, args: { settings: [{ name: 'x', value: 'y' }], admin_password: REDACTED, nested: { token: REDACTED } } }],
      extra: { password: REDACTED },
    });
    expect(JSON.stringify(created)).toContain('"admin_password":"p"');
  });

  it('masks a volume target’s properties, nested objects and text included', () => {
    const target = { uuid: 't', volume_type: 'iscsi', boot_index: 0, volume_id: 'v', extra: {}, properties: { auth_password: 'pw', nested: { password: 'p2' }, conn: 'user=a password=hunter2', lun: 1 } };
    const added: VolumeTargetAdded = { type: 'VolumeTargetAdded', data: target, meta: { ...meta, nodeId: 'n' } as EventMeta };
    expect(redactSecrets(added).data.properties).toEqual({ auth_password: REDACTED, nested: { password: REDACTED }, conn: `user=a password=${REDACTED}`, lun: 1 });
    expect(added.data.properties.auth_password).toBe('pw');
  });
});
