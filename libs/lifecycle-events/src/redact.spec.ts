import { describe, expect, it } from '@jest/globals';
import {
  type AgentTokenIssued,
  type BootConfigRecorded,
  type DeployStep,
  type DeployTemplateCreated,
  type DeployTemplateUpdated,
  type EventMeta,
  type NodeEvent,
  type NodeRegistered,
  type NodeUpdated,
  type ProvisionStateChanged,
  type VolumeTargetAdded,
  type VolumeTargetMovedIn,
  type VolumeTargetUpdated,
} from '@ironledger/domain';
import { maskDeploySteps, maskEverywhere, maskInstanceInfo, redactNode, redactSecrets, REDACTED } from './redact.js';
import { scriptedEvents, SCRIPTED_PASSWORD } from './testing/scripted.js';

describe('maskInstanceInfo', () => {
  it('masks as Ironic 21.4 showed these instance_info (fake-hardware nodes, 1.82)', () => {
    const cases: [object, object][] = [
      [
        { configdrive: 'abc', image_url: 'http://swift/temp?sig=1', image_source: 'http://img', root_gb: 10, password_thing: 'x', nested: { admin_pass: 'y' }, note: 'password=zz' },
        { configdrive: REDACTED, image_url: REDACTED, image_source: 'http://img', root_gb: 10, password_thing: REDACTED, nested: { admin_pass: REDACTED }, note: `password=${REDACTED}` },
      ],
      [{ configdrive: { user_data: 'x', meta_data: { a: 1 } }, image_url: '' }, { configdrive: REDACTED, image_url: '' }],
      [{ configdrive: {}, image_url: null }, { configdrive: {}, image_url: null }],
      [{ configdrive: '', image_url: 0 }, { configdrive: REDACTED, image_url: 0 }],
      [{ configdrive: null, image_url: { a: 1 } }, { configdrive: REDACTED, image_url: REDACTED }],
      [{ configdrive: 0, image_url: {} }, { configdrive: REDACTED, image_url: {} }],
      [{ configdrive: [], image_url: false }, { configdrive: REDACTED, image_url: false }],
      [{ configdrive: [1], image_url: [] }, { configdrive: REDACTED, image_url: [] }],
      [{ image_url: 'token=abc' }, { image_url: REDACTED }],
    ];
    for (const [stored, shown] of cases) expect([stored, maskInstanceInfo(stored as never)]).toEqual([stored, shown]);
  });
});

describe('maskDeploySteps', () => {
  it('masks each step’s args as Ironic 21.4 showed this template’s, and nothing else', () => {
    const steps: DeployStep[] = [
      { interface: 'bios', step: 'apply_configuration', args: { settings: [{ name: 'x', value: 'password=1' }], admin_password: 'p', nested: { token: 't' }, key1: 'v', note: 'token=abc' }, priority: 10 },
      { interface: 'raid', step: 'delete_configuration', args: {}, priority: 5 },
    ];
    expect(maskDeploySteps(steps)).toEqual([
      { ...steps[0], args: { settings: [{ name: 'x', value: 'password=1' }], admin_password: REDACTED, nested: { token: REDACTED }, key1: 'v', note: `token=${REDACTED}` } },
      steps[1],
    ]);
    expect(maskDeploySteps([steps[1]!])).toEqual([steps[1]]);
  });
});

describe('redactSecrets', () => {
  const { events } = scriptedEvents();
  const registered = events.find((e): e is NodeRegistered => e.type === 'NodeRegistered')!;
  const updated = events.find((e): e is NodeUpdated => e.type === 'NodeUpdated')!;
  const meta = { ...registered.meta };

  it('masks driver_info of a registration and leaves the rest of the event as it was', () => {
    const safe = redactSecrets(registered);
    expect(safe.data.driver_info).toEqual({ ipmi_address: '10.1.7.3', ipmi_username: 'admin', ipmi_password: REDACTED });
    expect({ ...safe, data: { ...safe.data, driver_info: registered.data.driver_info } }).toEqual(registered);
  });

  it('masks an update’s driver_info and instance_info as the view shows them, and serves extra and properties as stored', () => {
    const changes = {
      driver_info: { redfish_password: 'pw', redfish_address: 'https://bmc' },
      instance_info: { configdrive: { meta_data: { uuid: 'u' } }, image_source: 'http://img' },
      extra: { key1: 'value1', password: 'not masked here', nested: { token: 't' } },
      properties: { cpus: 4, secret: 's' },
    };
    const safe = redactSecrets<NodeUpdated>({ ...updated, data: { changes } });
    expect(safe.data.changes).toEqual({
      driver_info: { redfish_password: REDACTED, redfish_address: 'https://bmc' },
      instance_info: { configdrive: REDACTED, image_source: 'http://img' },
      extra: changes.extra,
      properties: changes.properties,
    });
  });

  it('serves, as Ironic would, a password an earlier API let a client move into extra: never masked by its value', () => {
    const moved: NodeUpdated = { ...updated, data: { changes: { driver_info: { ipmi_address: '10.1.7.3' }, extra: { m: SCRIPTED_PASSWORD, c: { ipmi_password: SCRIPTED_PASSWORD } } } } };
    expect(redactSecrets(moved)).toBe(moved);
  });

  it('masks the config drive and the rescue password a provision move carries (they become instance_info’s)', () => {
    const deployed: ProvisionStateChanged = {
      type: 'ProvisionStateChanged',
      data: { from: 'available', to: 'deploying', event: 'deploy', verb: 'active', target: 'active', reservation: null, last_error: null, configdrive: { meta_data: { uuid: 'x' } } },
      meta,
    };
    expect(redactSecrets(deployed).data).toEqual({ ...deployed.data, configdrive: REDACTED });
    const rescued: ProvisionStateChanged = { ...deployed, data: { ...deployed.data, configdrive: undefined, rescue_password: 'r3scue' } };
    expect(redactSecrets(rescued).data).toMatchObject({ rescue_password: REDACTED });
    const plain: ProvisionStateChanged = { ...deployed, data: { from: 'available', to: 'deploying', event: 'deploy', verb: 'active', target: 'active', reservation: null, last_error: 'password=abc in an error' } };
    expect(redactSecrets(plain)).toBe(plain);
  });

  it('masks the agent’s token and what copies driver_info text into driver_internal_info', () => {
    const issued: AgentTokenIssued = { type: 'AgentTokenIssued', data: { token: 'a'.repeat(43) }, meta };
    expect(redactSecrets(issued).data).toEqual({ token: REDACTED });
    const boot: BootConfigRecorded = { type: 'BootConfigRecorded', data: { config: { kernel: 'k', kernel_params: 'nofb password=x ipa-api-url=http://api' } }, meta };
    expect(redactSecrets(boot).data.config).toEqual({ kernel: 'k', kernel_params: `nofb password=${REDACTED} ipa-api-url=http://api` });
  });

  it('does not touch the event it is given (the store’s copy stays intact)', () => {
    const before = JSON.stringify(registered);
    redactSecrets(registered);
    expect(JSON.stringify(registered)).toBe(before);
  });

  it('returns events without anything to mask unchanged, the very same object', () => {
    const withoutSecrets: NodeEvent = { ...updated, data: { changes: { name: 'n2', extra: { key1: 'value1' } } } };
    expect(redactSecrets(withoutSecrets)).toBe(withoutSecrets);
    for (const event of events.filter((e) => e.type !== 'NodeRegistered' && e.type !== 'NodeUpdated')) expect(redactSecrets(event)).toBe(event);
  });

  it('leaves no BMC password anywhere in the scripted lifecycle', () => {
    const served = JSON.stringify(events.map(redactSecrets));
    expect(served).not.toContain(SCRIPTED_PASSWORD);
    expect(JSON.stringify(events)).toContain(SCRIPTED_PASSWORD);
  });
});

describe('redactSecrets of sub-resources and other resources', () => {
  const meta = { at: '2026-11-21T12:00:00.000Z', actor: 'op', requestId: 'r', correlationId: 'r', causationId: 'r' };
  const target = { uuid: 't', volume_type: 'iscsi', boot_index: 0, volume_id: 'v', extra: { key1: 'value1', password: 'pw' }, properties: { auth_password: 'pw', nested: { password: 'p2', x: [{ token: 't' }] }, conn: 'user=a password=hunter2', lun: 1 } };
  const maskedProperties = { auth_password: REDACTED, nested: { password: REDACTED, x: [{ token: 't' }] }, conn: `user=a password=${REDACTED}`, lun: 1 };

  it('masks a volume target’s properties as Ironic 21.4 showed them, and serves its extra as stored', () => {
    const added: VolumeTargetAdded = { type: 'VolumeTargetAdded', data: target, meta: { ...meta, nodeId: 'n' } as EventMeta };
    expect(redactSecrets(added).data).toEqual({ ...target, properties: maskedProperties });
    expect(added.data.properties.auth_password).toBe('pw');
    const changed: VolumeTargetUpdated = { type: 'VolumeTargetUpdated', data: { uuid: 't', changes: { properties: target.properties } }, meta: added.meta };
    expect(redactSecrets(changed).data.changes.properties).toEqual(maskedProperties);
    const extraOnly: VolumeTargetUpdated = { ...changed, data: { uuid: 't', changes: { extra: { password: 'x' } } } };
    expect(redactSecrets(extraOnly)).toBe(extraOnly);
    const moved: VolumeTargetMovedIn = { type: 'VolumeTargetMovedIn', data: { target: { ...target, created_at: 'c', updated_at: null }, from_node: 'm' }, meta: added.meta };
    expect(redactSecrets(moved).data.target.properties).toEqual(maskedProperties);
  });

  it('masks deploy step arguments, and serves a template’s extra as stored', () => {
    const step = { interface: 'bios' as const, step: 'apply_configuration', args: { settings: [{ name: 'x', value: 'y' }], admin_password: 'p', nested: { token: 't' } }, priority: 10 };
    const created: DeployTemplateCreated = { type: 'DeployTemplateCreated', data: { name: 'CUSTOM_T', steps: [step], extra: { password: 'x' } }, meta: { ...meta, templateId: 't1' } };
    expect(redactSecrets(created).data).toEqual({ name: 'CUSTOM_T', steps: [{ ...step, args: { settings: [{ name: 'x', value: 'y' }], admin_password: REDACTED, nested: { token: REDACTED } } }], extra: { password: 'x' } });
    expect(JSON.stringify(created)).toContain('"admin_password":"p"');
    const renamed: DeployTemplateUpdated = { type: 'DeployTemplateUpdated', data: { changes: { name: 'CUSTOM_U', extra: { token: 't' } } }, meta: created.meta };
    expect(redactSecrets(renamed)).toBe(renamed);
  });
});

describe('redactNode', () => {
  it('masks the fields Ironic masks and keeps every other as it is', () => {
    const { states } = scriptedEvents();
    const node = { ...states.at(-1)!, extra: { key1: 'value1', password: 'p' }, agent: { token: 't'.repeat(43), url: 'http://10.0.0.5:9999', version: '9', last_heartbeat: null } };
    const safe = redactNode(node);
    expect(safe).toEqual({ ...node, driver_info: { ...node.driver_info, ipmi_password: REDACTED }, agent: { ...node.agent, token: REDACTED } });
  });
});

describe('maskEverywhere (error texts, never views)', () => {
  it('masks secret keys at any depth, in lists too, and text', () => {
    expect(maskEverywhere({ a: [{ password: 'p' }, 'token=t'], password: { a: 1 }, key1: 'v' })).toEqual({ a: [{ password: REDACTED }, `token=${REDACTED}`], password: REDACTED, key1: 'v' });
  });
});
