/**
 * What Ironic's conductor checks before it takes a verb or a power action, as the decider
 * decides it: given a node in some condition, when the verb comes, then Ironic's refusal (its
 * type, which is the HTTP status, and text) with nothing appended, or the move.
 *
 * Expectations marked `anchor` were taken from Ironic 21.4.4, the same request sent to a
 * fake-hardware node (its API checks the state machine first, as the decider does); those marked
 * `code` come from Ironic 21.4's conductor (`manager.py`), for drivers whose validation fails,
 * which fake hardware never does.
 */
import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from '../commands.js';
import { type DomainErrorType } from '../errors.js';
import { type CheckedInterface, type InterfaceCheck } from '../hardware-types.js';
import { type Node } from '../node.js';
import { type ProvisionState } from '../states.js';
import { NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

const STEPS = [{ interface: 'deploy', step: 'erase_devices' }];
const provision = (target: string, extra: object = {}) => ({ type: 'RequestProvisionAction' as const, data: { target, ...extra } });
const power = (target: string, extra: object = {}) => ({ type: 'RequestPowerAction' as const, data: { target, ...extra } });
/** Drivers that find `name` unable to work, with this reason (fake hardware never fails a validation). */
const failing = (name: CheckedInterface, reason = 'Missing the following Redfish properties in node driver_info') =>
  ((_node, asked) => (asked === name ? reason : undefined)) satisfies InterfaceCheck;

type Row = [label: string, state: ProvisionState, node: Partial<Node>, command: Omit<NodeCommand, 'nodeId' | 'meta'>, refusal: [DomainErrorType, string], check?: InterfaceCheck];

const UNSUPPORTED = (name: string) => `Driver fake-hardware does not support ${name} (disabled or not implemented).`;
const MAINTENANCE = (operation: string) => `The ${operation} operation can't be performed on node ${NODE_ID} because it's in maintenance mode.`;

describe('verbs Ironic refuses before the node moves', () => {
  it.each<Row>([
    // anchor
    ['rescue without a rescue interface', 'active', { rescue_interface: 'no-rescue' }, provision('rescue', { rescue_password: 'pw' }), ['instance_failure', `Failed to rescue instance None for node ${NODE_ID}: Validation failed: ${UNSUPPORTED('rescue')}`]],
    ['rescue of an instance without a rescue interface', 'active', { rescue_interface: 'no-rescue', instance_uuid: 'inst-1' }, provision('rescue', { rescue_password: 'pw' }), ['instance_failure', `Failed to rescue instance inst-1 for node ${NODE_ID}: Validation failed: ${UNSUPPORTED('rescue')}`]],
    ['rescue in maintenance', 'active', { maintenance: true }, provision('rescue', { rescue_password: 'pw' }), ['invalid_parameter', MAINTENANCE('rescuing')]],
    ['unrescue in maintenance', 'rescue', { maintenance: true }, provision('unrescue'), ['invalid_parameter', MAINTENANCE('unrescuing')]],
    ['rescue with a blank password', 'active', {}, provision('rescue', { rescue_password: '   ' }), ['invalid_parameter', 'A non-empty "rescue_password" is required when setting target provision state to rescue']],
    ['manual cleaning in maintenance', 'manageable', { maintenance: true }, provision('clean', { clean_steps: STEPS }), ['invalid_parameter', MAINTENANCE('cleaning')]],
    ['inspection without an inspect interface', 'manageable', { inspect_interface: 'no-inspect' }, provision('inspect'), ['invalid_parameter', UNSUPPORTED('inspect')]],
    ['rescue without a rescue interface where rescue is no move', 'available', { rescue_interface: 'no-rescue' }, provision('rescue', { rescue_password: 'pw' }), ['invalid_state', `The requested action "rescue" can not be performed on node "${NODE_ID}" while it is in state "available".`]],
    ['cleaning without steps where cleaning is no move', 'available', {}, provision('clean'), ['invalid_state', `The requested action "clean" can not be performed on node "${NODE_ID}" while it is in state "available".`]],
    ['a deployment of a config drive of the wrong type', 'available', {}, provision('active', { configdrive: 5 }), ['invalid_parameter', "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: 5"]],
    ['a deployment of a config drive that is neither base64 nor a URL', 'available', {}, provision('active', { configdrive: 'not base64 !!' }), ['invalid_parameter', 'Invalid configdrive format: it is neither a JSON, nor a URL, nor a base64 string']],
    ['a rebuild with a config drive of unknown parts', 'active', {}, provision('rebuild', { configdrive: { foo: 1 } }), ['invalid_parameter', expect.stringContaining("Invalid configdrive format: Additional properties are not allowed ('foo' was unexpected)") as unknown as string]],
    ['manual cleaning with malformed steps', 'manageable', {}, provision('clean', { clean_steps: [{ interface: 'deploy' }] }), ['invalid_parameter', expect.stringContaining("Invalid clean_steps: 'step' is a required property") as unknown as string]],
    ['manual cleaning with no steps', 'manageable', {}, provision('clean', { clean_steps: [] }), ['invalid_parameter', '"clean_steps" is required when setting target provision state to clean']],
    ['a rebuild of a protected node', 'active', { protected: true }, provision('rebuild'), ['forbidden', `Node ${NODE_ID} is protected and cannot be undeployed, rebuilt or deleted`]],
    ['a deployment in maintenance, whatever the state', 'enroll', { maintenance: true }, provision('active'), ['invalid_parameter', MAINTENANCE('provisioning')]],
    ['a retired node provided', 'manageable', { retired: true }, provision('provide'), ['invalid_parameter', `The providing operation can't be performed on node ${NODE_ID} because it is retired.`]],
    // code: the drivers' validation fails
    ['a deployment whose power interface cannot work', 'available', {}, provision('active'), ['invalid_parameter', `Failed to validate deploy or power info for node ${NODE_ID}: no BMC`], failing('power', 'no BMC')],
    ['a tear-down whose power interface cannot work', 'active', {}, provision('deleted'), ['instance_failure', 'Failed to validate power driver interface. Can not delete instance. Error: no BMC'], failing('power', 'no BMC')],
    ['an unrescue whose power interface cannot work', 'rescue', {}, provision('unrescue'), ['instance_failure', `Failed to unrescue instance None for node ${NODE_ID}: Validation failed: no BMC`], failing('power', 'no BMC')],
    ['a manual cleaning whose network interface cannot work', 'manageable', {}, provision('clean', { clean_steps: STEPS }), ['invalid_parameter', `Validation of node ${NODE_ID} for cleaning failed: no network`], failing('network', 'no network')],
    ['an inspection whose power interface cannot work', 'manageable', {}, provision('inspect'), ['invalid_parameter', 'no BMC'], failing('power', 'no BMC')],
    ['a power action whose power interface cannot work', 'active', {}, power('power off'), ['invalid_parameter', 'no BMC'], failing('power', 'no BMC')],
    // anchor
    ['a power action during cleaning', 'clean wait', {}, power('power off'), ['invalid_state', `The requested action "power off" can not be performed on node "${NODE_ID}" while it is in state "clean wait".`]],
    ['a power action with a timeout under a second', 'active', {}, power('soft power off', { timeout: 0 }), ['invalid_parameter', 'timeout has to be positive integer']],
  ])('refuses %s', (...[, state, overrides, command, [type, message], check]: Row) => {
    // (A rest parameter: with six named ones jest would take the sixth, absent from most rows, for `done`.)
    const node = nodeIn(state, { reservation: null, ...overrides });
    given(node).when(command, { check }).thenThrows(expect.objectContaining({ type, message }));
  });

  it.each<[string, ProvisionState, Partial<Node>, Omit<NodeCommand, 'nodeId' | 'meta'>, ProvisionState]>([
    // anchor: Ironic takes these
    ['providing in maintenance', 'manageable', { maintenance: true }, provision('provide'), 'cleaning'],
    ['verifying in maintenance', 'enroll', { maintenance: true }, provision('manage'), 'verifying'],
    ['inspecting in maintenance', 'manageable', { maintenance: true }, provision('inspect'), 'inspecting'],
    ['adopting in maintenance', 'manageable', { maintenance: true }, provision('adopt'), 'adopting'],
    ['tearing down in maintenance', 'active', { maintenance: true }, provision('deleted'), 'deleting'],
    ['aborting a cleaning in maintenance', 'clean wait', { maintenance: true }, provision('abort'), 'clean failed'],
    ['rescuing a protected node', 'active', { protected: true }, provision('rescue', { rescue_password: 'pw' }), 'rescuing'],
    ['a deployment with a file URL as config drive', 'available', {}, provision('active', { configdrive: 'file:///etc/passwd' }), 'deploying'],
    ['a deployment with an empty config drive', 'available', {}, provision('active', { configdrive: '' }), 'deploying'],
  ])('takes %s', (_label, state, overrides, command, to) => {
    expect(when(nodeIn(state, { reservation: null, ...overrides }), command).node.provision_state).toBe(to);
  });

  it('takes power actions in maintenance, on protected nodes and in wait states other than cleaning’s (anchor)', () => {
    for (const [state, overrides] of [['active', { maintenance: true }], ['active', { protected: true }], ['inspect wait', {}], ['rescue wait', {}], ['wait call-back', {}], ['clean failed', {}], ['enroll', {}]] as const) {
      expect(when(nodeIn(state, { reservation: null, ...overrides }), power('power off')).node.target_power_state).toBe('power off');
    }
  });

  it('answers a node held by other work with 409 only once the request itself is acceptable', () => {
    const held = nodeIn('deploying', { reservation: 'conductor-b' });
    given(held).when(power('power off')).thenThrows(expect.objectContaining({ type: 'locked' }));
    given(held).when(power('power off', { timeout: 0 })).thenThrows(expect.objectContaining({ type: 'invalid_parameter' }));
    given(nodeIn('cleaning')).when(power('power off')).thenThrows(expect.objectContaining({ type: 'invalid_state' }));
  });
});
