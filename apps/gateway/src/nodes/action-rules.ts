/**
 * The API-level rules Ironic applies to provision, power and heartbeat requests before any
 * conductor sees them, in Ironic's order: the arguments' types, which microversion allows what,
 * the state machine as the API reads the node, and which arguments go with which target. What
 * the conductor decides (maintenance for each verb, protection, the drivers' validation) the
 * domain decides, on the node as it is when the command is appended.
 */
import {
  configDriveRefusal,
  given,
  isProvisionVerb,
  type Json,
  type JsonObject,
  type MachineEvent,
  MACHINE_EVENTS,
  type Node,
  NodeLockedError,
  type PowerTarget,
  isPowerTarget,
  pythonStr,
  stepsRefusal,
  transition,
  VERBS,
} from '@ironledger/domain';
import { type Heartbeat } from '../agent/agent.dto.js';
import { RAMDISK_NOT_FOUND } from '../agent/lookup.js';
import { type ArgSpec, checkArgs } from '../http/args.js';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { type Microversion, Versions } from '../http/microversion.js';

/**
 * The first microversion of each verb Ironic gates (`MIN_VERB_VERSIONS`), keyed as Ironic keys
 * it: by the verb's event, which is the target's own name only for some. So `delete` needs 1.73
 * while `undeploy` (event `delete`) and `deleted` need none, and `deploy` needs 1.73 while `active` does not.
 */
export const VERB_MIN_VERSION: Readonly<Record<string, number>> = {
  manage: Versions.MANAGEABLE_STATE,
  provide: Versions.MANAGEABLE_STATE,
  inspect: Versions.INSPECT_STATE,
  abort: Versions.ABORT_VERB,
  clean: Versions.MANUAL_CLEAN,
  adopt: Versions.ADOPT_VERB,
  rescue: Versions.RESCUE,
  unrescue: Versions.RESCUE,
  deploy: Versions.DEPLOY_UNDEPLOY_VERBS,
  delete: Versions.DEPLOY_UNDEPLOY_VERBS,
};

/** `PUT …/states/provision`'s arguments, in the order Ironic's handler declares (and checks) them. */
const PROVISION_ARGS: ArgSpec = {
  target: { kind: 'string', required: true },
  configdrive: { kind: 'dict_or_string' },
  clean_steps: { kind: 'list' },
  deploy_steps: { kind: 'list' },
  rescue_password: { kind: 'string' },
  disable_ramdisk: { kind: 'boolean' },
};

/** `PUT …/states/power`'s arguments. */
const POWER_ARGS: ArgSpec = { target: { kind: 'string', required: true }, timeout: { kind: 'integer' } };

/** A provision request's arguments once their types are checked (`null`: given without a value). */
export interface ProvisionArgs {
  readonly target: string | null;
  readonly configdrive?: JsonObject | string | null;
  readonly clean_steps?: Json[] | null;
  readonly deploy_steps?: Json[] | null;
  readonly rescue_password?: string | null;
  readonly disable_ramdisk?: boolean | null;
}

/** A power request's arguments once their types are checked. */
export interface PowerArgs {
  readonly target: string | null;
  readonly timeout?: number | null;
}

/** Ironic's `args.validate` of a provision request's body: unknown, missing and mistyped arguments (400), before the node is looked up. */
export function checkProvisionArgs(body: unknown): ProvisionArgs {
  return checkArgs(body, PROVISION_ARGS) as unknown as ProvisionArgs;
}

/** The same for a power request. */
export function checkPowerArgs(body: unknown): PowerArgs {
  return checkArgs(body, POWER_ARGS) as unknown as PowerArgs;
}

const SOFT_POWER_TARGETS: readonly string[] = ['soft rebooting', 'soft power off'];
const DEPLOY_TARGETS: readonly string[] = ['active', 'rebuild', 'deploy'];

/**
 * Checks `PUT …/states/provision` against the node as Ironic's API does, in its order: the
 * verb's microversion (406), maintenance for a deployment, the state machine (409 while another
 * operation holds the node, else 400), then each argument against the target and the version.
 */
export function checkProvisionRequest(args: ProvisionArgs, version: Microversion, node: Node): void {
  const target = args.target ?? 'None';
  const since = VERB_MIN_VERSION[target];
  if (since !== undefined && !version.atLeast(since)) throw notAcceptable();
  if ((target === 'active' || target === 'rebuild') && node.maintenance) {
    throw badRequest(`The provisioning operation can't be performed on node ${node.uuid} because it's in maintenance mode.`);
  }
  const event = isProvisionVerb(target) ? VERBS[target] : target;
  if (!isMachineEvent(event) || !transition(node.provision_state, event)) {
    if (node.reservation !== null) throw new NodeLockedError(node.uuid, node.reservation);
    throw badRequest(`The requested action "${target}" can not be performed on node "${node.uuid}" while it is in state "${node.provision_state}".`);
  }
  checkConfigDrive(target, args.configdrive, version);
  if (args.disable_ramdisk !== undefined && args.disable_ramdisk !== null) {
    if (!version.atLeast(Versions.CLEAN_DISABLE_RAMDISK)) throw notAcceptable('disable_ramdisk is not acceptable in this API version');
    // Ironic answers this one with 500 (its `BadRequest` carries no status): a client's mistake is a 400 here.
    if (target !== 'clean') throw badRequest('disable_ramdisk is supported only with manual cleaning');
  }
  if (given(args.clean_steps) && target !== 'clean') throw badRequest('"clean_steps" is only valid when setting target provision state to clean');
  if (given(args.deploy_steps)) {
    if (!version.atLeast(Versions.DEPLOY_STEPS_PARAM)) throw notAcceptable(`Request not acceptable. The minimal required API version should be 1.${Versions.DEPLOY_STEPS_PARAM}`);
    if (target !== 'active' && target !== 'rebuild') throw badRequest('"deploy_steps" is only valid when setting target provision state to active or rebuild');
  }
  if (args.rescue_password !== undefined && args.rescue_password !== null && target !== 'rescue') {
    throw badRequest('"rescue_password" is only valid when setting target provision state to rescue');
  }
  if (node.provision_state === 'inspect wait' && target === 'abort' && !version.atLeast(Versions.INSPECT_ABORT)) throw notAcceptable();
  checkVerbArguments(target, args);
}

/** What Ironic's API checks last, as it hands each verb to its conductor (`_do_provision_action`). */
function checkVerbArguments(target: string, args: ProvisionArgs): void {
  if (DEPLOY_TARGETS.includes(target)) {
    const refusal = given(args.deploy_steps) ? stepsRefusal('deploy', args.deploy_steps) : undefined;
    if (refusal) throw badRequest(refusal);
  } else if (target === 'rescue') {
    if (!args.rescue_password?.trim()) throw badRequest('A non-empty "rescue_password" is required when setting target provision state to rescue');
  } else if (target === 'clean') {
    if (!given(args.clean_steps)) throw badRequest('"clean_steps" is required when setting target provision state to clean');
    const refusal = stepsRefusal('clean', args.clean_steps);
    if (refusal) throw badRequest(refusal);
  } else if (!['unrescue', 'deleted', 'undeploy', 'inspect', 'manage', 'provide', 'abort', 'adopt'].includes(target)) {
    // An event of the state machine that is no verb (`delete`, `fail`, …), where the machine has it.
    throw badRequest(`The requested action "${target}" could not be understood.`);
  }
}

/**
 * Ironic's `check_allow_configdrive`: an empty config drive is none; otherwise only a deployment
 * (`active`, and from 1.35 `rebuild`; not `deploy`) takes one, an object from 1.56, with
 * `vendor_data` from 1.59, and it must be base64 text, a URL or an object of the known parts.
 */
function checkConfigDrive(target: string, configdrive: ProvisionArgs['configdrive'], version: Microversion): void {
  if (!given(configdrive)) return;
  const allowed = version.atLeast(Versions.REBUILD_CONFIG_DRIVE) ? ['active', 'rebuild'] : ['active'];
  if (!allowed.includes(target)) throw badRequest(`Adding a config drive is only supported when setting provision state to ${allowed.join(', ')}`);
  const refusal = configDriveRefusal(configdrive);
  if (refusal) throw badRequest(refusal);
  if (typeof configdrive === 'object' && configdrive !== null) {
    if (!version.atLeast(Versions.BUILD_CONFIG_DRIVE)) {
      throw badRequest(`Providing a JSON object for configdrive is only supported starting with API version 1.${Versions.BUILD_CONFIG_DRIVE}`);
    }
    if ('vendor_data' in configdrive && !version.atLeast(Versions.CONFIG_DRIVE_VENDOR_DATA)) {
      throw badRequest(`Providing vendor_data in configdrive is only supported starting with API version 1.${Versions.CONFIG_DRIVE_VENDOR_DATA}`);
    }
  }
}

function isMachineEvent(name: string): name is MachineEvent {
  return (MACHINE_EVENTS as readonly string[]).includes(name);
}

/**
 * Checks `PUT …/states/power` against the node as Ironic's API does: soft targets and timeouts
 * from 1.27 (406), a timeout of at least a second, a known target, and no power change while the
 * node is cleaned. Texts name the node as the client gave it (`ident`).
 */
export function checkPowerRequest(args: PowerArgs, version: Microversion, node: Node, ident: string): PowerTarget {
  const target = args.target ?? 'None';
  const timeout = args.timeout ?? null;
  // Ironic asks whether a timeout was given by its truth: 0 is none here, and refused next.
  if ((SOFT_POWER_TARGETS.includes(target) || (timeout !== null && timeout !== 0)) && !version.atLeast(Versions.SOFT_POWER)) throw notAcceptable();
  if (timeout !== null && timeout < 1) throw badRequest('timeout has to be positive integer');
  if (!isPowerTarget(target)) throw badRequest(invalidPowerAction(target, ident, node.power_state));
  if (node.provision_state === 'cleaning' || node.provision_state === 'clean wait') throw badRequest(invalidPowerAction(target, ident, node.provision_state));
  return target;
}

const invalidPowerAction = (target: string, ident: string, state: string | null) =>
  `The requested action "${target}" can not be performed on node "${ident}" while it is in state "${pythonStr(state)}".`;

/** Checks `POST /v1/heartbeat/{node}`: a ramdisk endpoint (hidden below 1.22) whose fields came in later versions. */
export function checkHeartbeatRequest(body: Heartbeat, version: Microversion): void {
  if (!version.atLeast(Versions.RAMDISK_ENDPOINTS)) throw new ApiError(404, RAMDISK_NOT_FOUND);
  if (body.agent_version && !version.atLeast(Versions.AGENT_VERSION)) throw badRequest('Field "agent_version" not recognised');
  if ((body.agent_status || body.agent_status_message) && !version.atLeast(Versions.HEARTBEAT_STATUS)) {
    throw badRequest('Fields "agent_status" and "agent_status_message" not recognised.');
  }
  if (body.agent_verify_ca != null && !version.atLeast(Versions.HEARTBEAT_VERIFY_CA)) throw badRequest('Field "agent_verify_ca" not recognised in this version');
}
