import { describe, expect, it } from '@jest/globals';
import { type Node, type ProvisionState } from '@ironledger/domain';
import { checkHeartbeatRequest, checkPowerArgs, checkPowerRequest, checkProvisionArgs, checkProvisionRequest } from './action-rules.js';
import { Microversion } from '../http/microversion.js';
import { aNode, NODE_UUID } from '../testing/nodes.js';

// The expected answers were taken from Ironic 21.4.4: the same request sent to a fake-hardware node
// in the same state, its status and `faultstring` copied (`accepted`: 202, its conductor took it).

const at = (minor: number) => new Microversion(minor);
type Answer = 'accepted' | [status: number, faultstring: string];

/** What the API answers a provision request on `node`, before any conductor. */
function provisionAnswer(body: unknown, version: number, node: Node): Answer {
  try {
    checkProvisionRequest(checkProvisionArgs(body), at(version), node);
    return 'accepted';
  } catch (error) {
    return [(error as { status?: number }).status ?? statusOf(error), (error as Error).message];
  }
}

function powerAnswer(body: unknown, version: number, node: Node): Answer {
  try {
    checkPowerRequest(checkPowerArgs(body), at(version), node, node.uuid);
    return 'accepted';
  } catch (error) {
    return [(error as { status?: number }).status ?? statusOf(error), (error as Error).message];
  }
}

/** The status of a domain refusal thrown by the rules (the node held: 409). */
const statusOf = (error: unknown) => ((error as { type?: string }).type === 'locked' ? 409 : 500);

const nodeIn = (state: ProvisionState, overrides: Partial<Node> = {}) => aNode({ provision_state: state, reservation: null, ...overrides });
const STEPS = [{ interface: 'deploy', step: 'erase_devices' }];
const DEPLOY_STEP = { interface: 'deploy', step: 'x', args: {}, priority: 1 };
const invalidState = (target: string, state: string) => [400, `The requested action "${target}" can not be performed on node "${NODE_UUID}" while it is in state "${state}".`] as Answer;
const TYPES = (name: string, types: string, value: string) => [400, `Expected types <class 'NoneType'>, ${types} for ${name}: ${value}`] as Answer;

describe('PUT …/states/provision before the conductor (Ironic 21.4.4’s API)', () => {
  it.each<[string, ProvisionState, unknown, number, Answer, Partial<Node>?]>([
    ['an unknown argument', 'manageable', { target: 'provide', foo: 1 }, 82, [400, 'Unexpected arguments: foo']],
    ['no target', 'manageable', {}, 82, [400, 'Missing mandatory parameter: target']],
    ['a target that is no string', 'manageable', { target: 5 }, 82, [400, 'Expected string for target: 5']],
    ['clean_steps that are no list', 'manageable', { target: 'clean', clean_steps: 'x' }, 82, TYPES('clean_steps', "<class 'list'>", 'x')],
    ['deploy_steps that are no list', 'available', { target: 'active', deploy_steps: 'x' }, 82, TYPES('deploy_steps', "<class 'list'>", 'x')],
    ['a config drive that is a number, even where the state refuses the verb', 'manageable', { target: 'active', configdrive: 5 }, 82, TYPES('configdrive', "<class 'dict'>, <class 'str'>", '5')],
    ['a rescue password that is no string', 'active', { target: 'rescue', rescue_password: 5 }, 82, [400, 'Expected string for rescue_password: 5']],
    ['an empty clean_steps list', 'manageable', { target: 'clean', clean_steps: [] }, 82, [400, '"clean_steps" is required when setting target provision state to clean']],
    ['clean without steps where cleaning is no move', 'available', { target: 'clean' }, 82, invalidState('clean', 'available')],
    ['an empty clean_steps list with another target', 'manageable', { target: 'provide', clean_steps: [] }, 82, 'accepted'],
    ['clean_steps with another target where that target is no move', 'available', { target: 'provide', clean_steps: STEPS }, 82, invalidState('provide', 'available')],
    ['an empty deploy_steps list with another target', 'enroll', { target: 'manage', deploy_steps: [] }, 82, 'accepted'],
    ['deploy_steps below 1.69', 'available', { target: 'active', deploy_steps: [DEPLOY_STEP] }, 68, [406, 'Request not acceptable. The minimal required API version should be 1.69']],
    ['deploy_steps with target deploy', 'available', { target: 'deploy', deploy_steps: [DEPLOY_STEP] }, 82, [400, '"deploy_steps" is only valid when setting target provision state to active or rebuild']],
    ['malformed deploy_steps', 'available', { target: 'active', deploy_steps: [{ ...DEPLOY_STEP, priority: -1 }] }, 82, [400, "Invalid deploy_steps: -1 is less than the minimum of 0\n\nFailed validating 'minimum' in schema[0]:\n    {'minimum': 0, 'type': 'integer'}\n\nOn instance:\n    -1"]],
    ['a null rescue password with another target', 'enroll', { target: 'manage', rescue_password: null }, 82, 'accepted'],
    ['a rescue without a password where rescue is no move', 'available', { target: 'rescue' }, 82, invalidState('rescue', 'available')],
    ['a rescue with a blank password', 'active', { target: 'rescue', rescue_password: '   ' }, 82, [400, 'A non-empty "rescue_password" is required when setting target provision state to rescue']],
    ['a config drive with another target', 'enroll', { target: 'manage', configdrive: 'abc' }, 82, [400, 'Adding a config drive is only supported when setting provision state to active, rebuild']],
    ['a config drive with another target before 1.35', 'enroll', { target: 'manage', configdrive: 'abc' }, 34, [400, 'Adding a config drive is only supported when setting provision state to active']],
    ['a config drive for a rebuild before 1.35', 'active', { target: 'rebuild', configdrive: 'abc' }, 34, [400, 'Adding a config drive is only supported when setting provision state to active']],
    ['a config drive for a rebuild from 1.35', 'active', { target: 'rebuild', configdrive: 'abc' }, 35, 'accepted'],
    ['a config drive with target deploy', 'available', { target: 'deploy', configdrive: 'abc' }, 82, [400, 'Adding a config drive is only supported when setting provision state to active, rebuild']],
    ['an empty config drive with another target', 'enroll', { target: 'manage', configdrive: '' }, 82, 'accepted'],
    ['an empty config drive object with another target', 'enroll', { target: 'manage', configdrive: {} }, 82, 'accepted'],
    ['a config drive object before 1.56', 'available', { target: 'active', configdrive: { meta_data: {} } }, 55, [400, 'Providing a JSON object for configdrive is only supported starting with API version 1.56']],
    ['vendor_data in a config drive before 1.59', 'available', { target: 'active', configdrive: { vendor_data: {} } }, 58, [400, 'Providing vendor_data in configdrive is only supported starting with API version 1.59']],
    ['vendor_data in a config drive from 1.59', 'available', { target: 'active', configdrive: { vendor_data: {} } }, 59, 'accepted'],
    ['a malformed config drive where the state refuses the verb', 'manageable', { target: 'active', configdrive: { foo: 1 } }, 82, invalidState('active', 'manageable')],
    ['a malformed config drive in maintenance', 'available', { target: 'active', configdrive: { foo: 1 } }, 82, [400, `The provisioning operation can't be performed on node ${NODE_UUID} because it's in maintenance mode.`], { maintenance: true }],
    ['a config drive that is neither base64 nor a URL', 'available', { target: 'active', configdrive: 'not base64 !!' }, 82, [400, 'Invalid configdrive format: it is neither a JSON, nor a URL, nor a base64 string']],
    ['a config drive of a file URL', 'available', { target: 'active', configdrive: 'file:///etc/passwd' }, 82, 'accepted'],
    ['an abort of an inspection below 1.41', 'inspect wait', { target: 'abort' }, 40, [406, 'Request not acceptable.']],
    ['undeploy below 1.73 (Ironic gates the event delete, not this target)', 'active', { target: 'undeploy' }, 72, 'accepted'],
    ['deploy below 1.73', 'available', { target: 'deploy' }, 72, [406, 'Request not acceptable.']],
    ['the machine event delete as a target', 'active', { target: 'delete' }, 82, [400, 'The requested action "delete" could not be understood.']],
    ['the machine event fail as a target where it is no move', 'active', { target: 'fail' }, 82, invalidState('fail', 'active')],
    ['a verb of a later Ironic', 'available', { target: 'service' }, 82, invalidState('service', 'available')],
    ['a verb where the node is held by another operation', 'deploying', { target: 'deleted' }, 82, [409, `Node ${NODE_UUID} is locked by host c-2, please retry after the current operation is completed.`], { reservation: 'c-2' }],
    ['disable_ramdisk below 1.70', 'manageable', { target: 'clean', clean_steps: STEPS, disable_ramdisk: true }, 69, [406, 'disable_ramdisk is not acceptable in this API version']],
    ['disable_ramdisk where cleaning is no move', 'available', { target: 'clean', clean_steps: STEPS, disable_ramdisk: true }, 82, invalidState('clean', 'available')],
    ['manual cleaning at 1.14', 'manageable', { target: 'clean', clean_steps: STEPS }, 14, [406, 'Request not acceptable.']],
  ])('answers %s as Ironic', (_label, state, body, version, answer, overrides = {}) => {
    expect(provisionAnswer(body, version, nodeIn(state, overrides))).toEqual(answer);
  });

  it('answers disable_ramdisk with another target 400 where Ironic answers 500 (its BadRequest has no status)', () => {
    expect(provisionAnswer({ target: 'manage', disable_ramdisk: true }, 82, nodeIn('enroll'))).toEqual([400, 'disable_ramdisk is supported only with manual cleaning']);
  });

  it('takes every verb where the machine moves, from the version that brought it', () => {
    const cases: [string, ProvisionState, number][] = [['manage', 'enroll', 4], ['provide', 'manageable', 4], ['inspect', 'manageable', 6], ['abort', 'clean wait', 13], ['adopt', 'manageable', 17], ['unrescue', 'rescue', 38], ['deploy', 'available', 73]];
    for (const [target, state, since] of cases) {
      expect(provisionAnswer({ target }, since - 1, nodeIn(state))).toEqual([406, 'Request not acceptable.']);
      expect(provisionAnswer({ target }, since, nodeIn(state))).toBe('accepted');
    }
    expect(provisionAnswer({ target: 'active' }, 1, nodeIn('available'))).toBe('accepted');
    expect(provisionAnswer({ target: 'rescue', rescue_password: 'x' }, 38, nodeIn('active'))).toBe('accepted');
  });
});

describe('PUT …/states/power before the conductor (Ironic 21.4.4’s API)', () => {
  it.each<[string, ProvisionState, unknown, number, Answer]>([
    ['a timeout of 0', 'active', { target: 'soft power off', timeout: 0 }, 82, [400, 'timeout has to be positive integer']],
    ['a negative timeout', 'active', { target: 'soft power off', timeout: -1 }, 82, [400, 'timeout has to be positive integer']],
    ['a timeout in a string', 'active', { target: 'soft power off', timeout: '5' }, 82, 'accepted'],
    ['a timeout with a fraction (truncated)', 'active', { target: 'soft power off', timeout: 1.5 }, 82, 'accepted'],
    ['a timeout under a second', 'active', { target: 'soft power off', timeout: 0.5 }, 82, [400, 'timeout has to be positive integer']],
    ['a timeout that is no number', 'active', { target: 'soft power off', timeout: 'abc' }, 82, [400, 'Expected an integer for timeout: abc']],
    ['a timeout of true', 'active', { target: 'soft power off', timeout: true }, 82, 'accepted'],
    ['a null timeout', 'active', { target: 'soft power off', timeout: null }, 82, 'accepted'],
    ['a timeout in a list', 'active', { target: 'soft power off', timeout: [1] }, 82, [400, 'Expected an integer for timeout: [1]']],
    ['a timeout before 1.27', 'active', { target: 'power on', timeout: 5 }, 26, [406, 'Request not acceptable.']],
    ['a timeout of 0 before 1.27', 'active', { target: 'power on', timeout: 0 }, 26, [400, 'timeout has to be positive integer']],
    ['a soft target before 1.27', 'active', { target: 'soft power off' }, 26, [406, 'Request not acceptable.']],
    ['an unknown target with a timeout of 0', 'active', { target: 'bogus', timeout: 0 }, 82, [400, 'timeout has to be positive integer']],
    ['an unknown argument', 'active', { target: 'power on', foo: 1 }, 82, [400, 'Unexpected arguments: foo']],
    ['no target', 'active', {}, 82, [400, 'Missing mandatory parameter: target']],
    ['a target that is no string', 'active', { target: 5 }, 82, [400, 'Expected string for target: 5']],
    ['a null target', 'active', { target: null }, 82, [400, `The requested action "None" can not be performed on node "${NODE_UUID}" while it is in state "power off".`]],
    ['a power change during cleaning', 'clean wait', { target: 'power off' }, 82, invalidState('power off', 'clean wait')],
    ['an unknown target during cleaning', 'clean wait', { target: 'bogus' }, 82, [400, `The requested action "bogus" can not be performed on node "${NODE_UUID}" while it is in state "power off".`]],
    ['a power change after a failed cleaning', 'clean failed', { target: 'power off' }, 82, 'accepted'],
  ])('answers %s as Ironic', (_label, state, body, version, answer) => {
    expect(powerAnswer(body, version, nodeIn(state))).toEqual(answer);
  });
});

describe('checkHeartbeatRequest', () => {
  const refused = (status: number) => expect.objectContaining({ status });

  it('is hidden below 1.22 and takes agent_version from 1.36', () => {
    expect(() => checkHeartbeatRequest({ callback_url: 'http://a' }, at(21))).toThrow(refused(404));
    expect(() => checkHeartbeatRequest({ callback_url: 'http://a', agent_version: '9' }, at(35))).toThrow(refused(400));
    expect(() => checkHeartbeatRequest({ callback_url: 'http://a', agent_version: '9' }, at(36))).not.toThrow();
  });
});
