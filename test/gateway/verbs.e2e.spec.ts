/**
 * Provision and power verbs through the gateway answer as Ironic 21.4 does before anything
 * moves: what it refuses up front is refused here with its status and words, appends nothing and
 * leaves the node where it was; what it takes is taken. The expected answers were taken from
 * Ironic 21.4.4, the same requests sent to fake-hardware nodes in the same states (but the redfish
 * node's, which come from Ironic's conductor code: its fake hardware never lacks credentials).
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { enroll, provision, storedEvents, until } from '../support/nodes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);

const CLEAN_STEPS = [{ interface: 'deploy', step: 'erase_devices' }];

/** A fake-hardware node at rest in `state` (through the API, as an operator gets it there). */
async function nodeIn(state: 'enroll' | 'manageable' | 'available' | 'active' | 'rescue', fields: Json = {}): Promise<string> {
  const uuid = await enroll(call, fields);
  const path: [string, string][] = [['manage', 'manageable'], ['provide', 'available'], ['active', 'active']];
  for (const [target, reached] of path.slice(0, ['enroll', 'manageable', 'available', 'active', 'rescue'].indexOf(state))) await provision(call, uuid, target, reached);
  if (state === 'rescue') {
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'rescue', rescue_password: 'pw' } })).status).toBe(202);
    await until(call, uuid, (node) => node.provision_state === 'rescue' && node.target_provision_state === null, 'rescue');
  }
  return uuid;
}

/** Sends the request; expects Ironic's answer, and for a refusal that nothing was appended and the node did not move. */
async function expectAnswer(uuid: string, path: 'provision' | 'power', body: unknown, answer: 202 | [number, string], version = 'latest'): Promise<void> {
  const before = await storedEvents(system);
  const node = (await call('GET', `/v1/nodes/${uuid}`)).json;
  const response = await call('PUT', `/v1/nodes/${uuid}/states/${path}`, { body, headers: at(version) });
  if (answer === 202) {
    expect([response.status, response.text]).toEqual([202, '']);
    return;
  }
  expect([response.status, fault(response.json)]).toEqual(answer);
  expect(JSON.parse(response.json.error_message as string)).toMatchObject({ faultcode: answer[0] < 500 ? 'Client' : 'Server', debuginfo: null });
  expect(await storedEvents(system)).toBe(before);
  expect((await call('GET', `/v1/nodes/${uuid}`)).json).toMatchObject({ provision_state: node.provision_state, target_provision_state: node.target_provision_state, power_state: node.power_state, updated_at: node.updated_at });
}

describe('rescue of a node without a rescue interface', () => {
  it('answers as Ironic (500, its words) before anything moves: the node stays active, nothing is appended', async () => {
    const uuid = await nodeIn('active', { rescue_interface: 'no-rescue' });
    const reason = 'Driver fake-hardware does not support rescue (disabled or not implemented).';
    await expectAnswer(uuid, 'provision', { target: 'rescue', rescue_password: 'pw' }, [500, `Failed to rescue instance None for node ${uuid}: Validation failed: ${reason}`]);
    expect((await call('GET', `/v1/nodes/${uuid}`)).json).toMatchObject({ provision_state: 'active', last_error: null, instance_info: {} });
  });
});

describe('config drives', () => {
  const TYPES = "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive";
  it.each<[string, unknown, string, [number, string]]>([
    ['a number', 5, 'latest', [400, `${TYPES}: 5`]],
    ['a list', [1], 'latest', [400, `${TYPES}: [1]`]],
    ['true', true, 'latest', [400, `${TYPES}: True`]],
    ['an unknown part', { foo: 1 }, 'latest', [400, expect.stringMatching(/^Invalid configdrive format: Additional properties are not allowed \('foo' was unexpected\)\n\nFailed validating 'additionalProperties' in schema\[0\]:\n/) as unknown as string]],
    ['meta_data that is no object', { meta_data: 'x' }, 'latest', [400, "Invalid configdrive format: 'x' is not of type 'object'\n\nFailed validating 'type' in schema[0]['properties']['meta_data']:\n    {'type': 'object'}\n\nOn instance['meta_data']:\n    'x'"]],
    ['text that is neither base64 nor a URL', 'not base64 !!', 'latest', [400, 'Invalid configdrive format: it is neither a JSON, nor a URL, nor a base64 string']],
    ['an object before 1.56', { meta_data: {} }, '1.55', [400, 'Providing a JSON object for configdrive is only supported starting with API version 1.56']],
    ['vendor_data before 1.59', { vendor_data: {} }, '1.58', [400, 'Providing vendor_data in configdrive is only supported starting with API version 1.59']],
  ])('refuses %s, appending nothing', async (_what, configdrive, version, answer) => {
    const uuid = await nodeIn('available');
    await expectAnswer(uuid, 'provision', { target: 'active', configdrive }, answer, version);
  });

  it('refuses one with a verb that takes none, and takes an empty one there as none', async () => {
    const uuid = await nodeIn('enroll');
    await expectAnswer(uuid, 'provision', { target: 'manage', configdrive: 'aGVsbG8=' }, [400, 'Adding a config drive is only supported when setting provision state to active, rebuild']);
    await expectAnswer(uuid, 'provision', { target: 'manage', configdrive: 'aGVsbG8=' }, [400, 'Adding a config drive is only supported when setting provision state to active'], '1.34');
    const available = await nodeIn('available');
    await expectAnswer(available, 'provision', { target: 'deploy', configdrive: 'aGVsbG8=' }, [400, 'Adding a config drive is only supported when setting provision state to active, rebuild']);
    await expectAnswer(uuid, 'provision', { target: 'manage', configdrive: '' }, 202);
  });

  it('takes base64 text, a URL of any scheme and an object, and keeps them masked in instance_info', async () => {
    for (const configdrive of ['H4sIAAAA\nAAAA', 'file:///etc/passwd', { meta_data: { uuid: 'x' }, user_data: '#cloud-config\n' }]) {
      const uuid = await nodeIn('available');
      await expectAnswer(uuid, 'provision', { target: 'active', configdrive }, 202);
      const node = await until(call, uuid, (n) => n.provision_state === 'active' && n.target_provision_state === null, 'active');
      expect((node.instance_info as Json).configdrive).toBe('******');
    }
  });
});

describe('the size of a config drive', () => {
  const LIMIT = 480 * 1024;
  const body = (bytes: number) => ({ target: 'active', configdrive: 'A'.repeat(bytes - JSON.stringify({ target: 'active', configdrive: '' }).length) });

  it('takes one far larger than other bodies may be (Ironic sets no limit), as long as its events and replies fit the bus', async () => {
    const uuid = await nodeIn('available');
    expect(JSON.stringify(body(LIMIT)).length).toBe(LIMIT);
    await expectAnswer(uuid, 'provision', body(LIMIT), 202);
    await until(call, uuid, (node) => node.provision_state === 'active' && node.target_provision_state === null, 'active');
  });

  it('refuses a larger body with 413, appending nothing', async () => {
    const uuid = await nodeIn('available');
    await expectAnswer(uuid, 'provision', body(LIMIT + 1), [413, 'Request body is too large']);
  });
});

describe('verbs Ironic refuses up front, and some it takes', () => {
  it('refuses cleaning, rescue and unrescue in maintenance, but not providing', async () => {
    const manageable = await nodeIn('manageable');
    await call('PUT', `/v1/nodes/${manageable}/maintenance`, { body: { reason: 'probe' } });
    await expectAnswer(manageable, 'provision', { target: 'clean', clean_steps: CLEAN_STEPS }, [400, `The cleaning operation can't be performed on node ${manageable} because it's in maintenance mode.`]);
    await expectAnswer(manageable, 'provision', { target: 'provide' }, 202);
    const rescued = await nodeIn('rescue');
    await call('PUT', `/v1/nodes/${rescued}/maintenance`, { body: { reason: 'probe' } });
    await expectAnswer(rescued, 'provision', { target: 'unrescue' }, [400, `The unrescuing operation can't be performed on node ${rescued} because it's in maintenance mode.`]);
    const active = await nodeIn('active');
    await call('PUT', `/v1/nodes/${active}/maintenance`, { body: { reason: 'probe' } });
    await expectAnswer(active, 'provision', { target: 'rescue', rescue_password: 'pw' }, [400, `The rescuing operation can't be performed on node ${active} because it's in maintenance mode.`]);
  });

  it('refuses inspection without an inspect interface, and malformed clean steps', async () => {
    const uuid = await nodeIn('manageable', { inspect_interface: 'no-inspect' });
    await expectAnswer(uuid, 'provision', { target: 'inspect' }, [400, 'Driver fake-hardware does not support inspect (disabled or not implemented).']);
    await expectAnswer(uuid, 'provision', { target: 'clean', clean_steps: [{ interface: 'deploy', step: '' }] }, [
      400,
      "Invalid clean_steps: '' is too short\n\nFailed validating 'minLength' in schema['items']['properties']['step']:\n    {'description': 'name of clean step', 'minLength': 1, 'type': 'string'}\n\nOn instance[0]['step']:\n    ''",
    ]);
    await expectAnswer(uuid, 'provision', { target: 'provide', foo: 1 }, [400, 'Unexpected arguments: foo']);
  });

  it('answers in Ironic’s order: the state machine before the arguments', async () => {
    const uuid = await nodeIn('available');
    await expectAnswer(uuid, 'provision', { target: 'clean' }, [400, `The requested action "clean" can not be performed on node "${uuid}" while it is in state "available".`]);
    await expectAnswer(uuid, 'provision', { target: 'rescue' }, [400, `The requested action "rescue" can not be performed on node "${uuid}" while it is in state "available".`]);
  });

  it('takes what Ironic takes: empty steps with another verb, undeploy before 1.73; refuses an event that is no verb', async () => {
    const manageable = await nodeIn('manageable');
    await expectAnswer(manageable, 'provision', { target: 'provide', clean_steps: [] }, 202);
    const active = await nodeIn('active');
    await expectAnswer(active, 'provision', { target: 'delete' }, [400, 'The requested action "delete" could not be understood.']);
    await expectAnswer(active, 'provision', { target: 'undeploy' }, 202, '1.72');
    await until(call, active, (node) => node.provision_state === 'available' && node.target_provision_state === null, 'available');
  });

  it('refuses power changes while cleaning and timeouts under a second; takes a timeout in a string', async () => {
    const uuid = await enroll(call, { driver_info: { fake_wait: 'clean' } });
    await provision(call, uuid, 'manage', 'manageable');
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'provide' } })).status).toBe(202);
    await until(call, uuid, (node) => node.provision_state === 'clean wait', 'clean wait');
    await expectAnswer(uuid, 'power', { target: 'power off' }, [400, `The requested action "power off" can not be performed on node "${uuid}" while it is in state "clean wait".`]);
    const active = await nodeIn('active');
    await expectAnswer(active, 'power', { target: 'soft power off', timeout: 0 }, [400, 'timeout has to be positive integer']);
    await expectAnswer(active, 'power', { target: 'soft power off', timeout: 'abc' }, [400, 'Expected an integer for timeout: abc']);
    await expectAnswer(active, 'power', { target: 'soft power off', timeout: '5' }, 202);
  });

  it('refuses a power change the driver cannot make (no BMC address), as Ironic’s conductor does, appending nothing', async () => {
    const uuid = await enroll(call, { driver: 'redfish' });
    await expectAnswer(uuid, 'power', { target: 'power on' }, [400, `Missing the following Redfish properties in node ${uuid} driver_info: ['redfish_address', 'redfish_username', 'redfish_password']`]);
  });
});
