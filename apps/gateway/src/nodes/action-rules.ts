/**
 * The API-level rules Ironic applies to provision, power and heartbeat requests before any
 * conductor sees them: which microversion allows what, and which arguments go with which
 * target. The state machine's own rules stay in the domain.
 */
import { interfaceOf, isPowerTarget, isProvisionVerb, type Node, type PowerTarget, pythonStr, transition, VERBS } from '@ironledger/domain';
import { type RamdiskImageDefaults, validateNode } from '@ironledger/drivers';
import { type Heartbeat } from '../agent/dto.js';
import { RAMDISK_NOT_FOUND } from '../agent/lookup.js';
import { type PowerActionDto, type ProvisionActionDto } from './dto.js';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { booleanArg } from '../http/ironic-args.js';
import { type Microversion, Versions } from '../http/microversion.js';

/** The first microversion that accepts each provision verb; the others exist since 1.1. */
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
  undeploy: Versions.DEPLOY_UNDEPLOY_VERBS,
};

const SOFT_POWER_TARGETS: readonly string[] = ['soft rebooting', 'soft power off'];

/**
 * Checks `PUT …/states/provision` (406 for what the version lacks, 400 for arguments that do not
 * fit the target); resolves `disable_ramdisk` to a boolean.
 */
export function checkProvisionRequest(body: ProvisionActionDto, version: Microversion): { disableRamdisk: boolean } {
  const { target } = body;
  const given = body.disable_ramdisk;
  const disableRamdisk = given === undefined || given === null ? null : booleanArg('disable_ramdisk', typeof given === 'boolean' ? given : pythonStr(given));
  if (!version.atLeast(VERB_MIN_VERSION[target] ?? 1)) throw notAcceptable();
  const deploying = target === 'active' || target === 'deploy' || target === 'rebuild';
  if (body.configdrive !== undefined && body.configdrive !== null && !deploying) {
    throw badRequest('Adding a config drive is only supported when setting provision state to active or rebuild');
  }
  if (disableRamdisk !== null) {
    if (!version.atLeast(Versions.CLEAN_DISABLE_RAMDISK)) throw notAcceptable('disable_ramdisk is not acceptable in this API version');
    if (target !== 'clean') throw badRequest('disable_ramdisk is supported only with manual cleaning');
  }
  if (body.clean_steps !== undefined && target !== 'clean') throw badRequest('"clean_steps" is only valid when setting target provision state to clean');
  if (target === 'clean' && (body.clean_steps === undefined || body.clean_steps === null)) throw badRequest('"clean_steps" is required when setting target provision state to clean');
  if (body.deploy_steps !== undefined) {
    if (!version.atLeast(Versions.DEPLOY_STEPS_PARAM)) throw notAcceptable();
    if (!deploying) throw badRequest('"deploy_steps" is only valid when setting target provision state to active or rebuild');
  }
  if (target === 'rescue' && !body.rescue_password) throw badRequest('A non-empty "rescue_password" is required when setting target provision state to rescue');
  if (target !== 'rescue' && body.rescue_password !== undefined) throw badRequest('"rescue_password" is only valid when setting target provision state to rescue');
  return { disableRamdisk: disableRamdisk === true };
}

/**
 * What Ironic's conductor checks before a deployment moves the node: the power and deploy
 * interfaces must have what they need (the instance's traits on the node; for `direct`, the
 * image and its checksum, for `ramdisk` its ramdisk; the boot interface's ramdisk). A refusal is
 * a 400 and the node stays where it is. Checked only where the state machine lets the
 * deployment start; elsewhere the state refusal is the answer.
 */
export function checkDeployInputs(node: Node, target: string, images: RamdiskImageDefaults): void {
  const event = deploymentEvent(target);
  if (!event || node.maintenance || !transition(node.provision_state, event)) return;
  const { power, deploy } = validateNode(node, images);
  const refusal = !power.result ? power : !deploy.result ? deploy : undefined;
  if (refusal && !refusal.result) throw badRequest(`Failed to validate deploy or power info for node ${node.uuid}: ${refusal.reason}`);
}

/** The machine event of a provision target that deploys (`deploy` for `active`/`deploy`, `rebuild`), if it is one. */
export function deploymentEvent(target: string): 'deploy' | 'rebuild' | undefined {
  const event = isProvisionVerb(target) ? VERBS[target] : undefined;
  return event === 'deploy' || event === 'rebuild' ? event : undefined;
}

/** Whether the node deploys through the ramdisk agent (`direct`, chosen on the node or for this instance). */
export function usesAgent(node: Node): boolean {
  return interfaceOf(node, 'deploy') === 'direct';
}

/**
 * Checks `PUT …/states/power`. An unknown target is refused here with Ironic's text, which
 * names the node as the client gave it and its power state.
 */
export function checkPowerRequest(body: PowerActionDto, version: Microversion, node: { ident: string; powerState: string | null }): PowerTarget {
  const { target } = body;
  if ((SOFT_POWER_TARGETS.includes(target) || body.timeout !== undefined) && !version.atLeast(Versions.SOFT_POWER)) throw notAcceptable();
  if (!isPowerTarget(target)) {
    throw badRequest(`The requested action "${target}" can not be performed on node "${node.ident}" while it is in state "${node.powerState ?? 'None'}".`);
  }
  return target;
}

/** Checks `POST /v1/heartbeat/{node}`: a ramdisk endpoint (hidden below 1.22) whose fields came in later versions. */
export function checkHeartbeatRequest(body: Heartbeat, version: Microversion): void {
  if (!version.atLeast(Versions.RAMDISK_ENDPOINTS)) throw new ApiError(404, RAMDISK_NOT_FOUND);
  if (body.agent_version && !version.atLeast(Versions.AGENT_VERSION)) throw badRequest('Field "agent_version" not recognised');
  if ((body.agent_status || body.agent_status_message) && !version.atLeast(Versions.HEARTBEAT_STATUS)) {
    throw badRequest('Fields "agent_status" and "agent_status_message" not recognised.');
  }
  if (body.agent_verify_ca != null && !version.atLeast(Versions.HEARTBEAT_VERIFY_CA)) throw badRequest('Field "agent_verify_ca" not recognised in this version');
}
