/**
 * The node decider: `decide(command, node) → events`, `evolve(node, event) → node` and the
 * initial state. Each command family decides in its own module under `decide/`.
 */
import { type NodeCommand } from './commands.js';
import { type InterfaceCheck, unsupportedInterface } from './hardware-types.js';
import { NodeNotFoundError } from './errors.js';
import { type NodeEvent } from './events.js';
import { type Node } from './node.js';
import { issueAgentToken, recordAgentHeartbeat } from './decide/agent.js';
import { recordRaidTasks } from './decide/raid-tasks.js';
import { discover, expireIntrospection, processInventory, recordInspectedHardware, startIntrospection } from './decide/introspection.js';
import { allocateNode, deallocateNode } from './decide/allocation.js';
import { addPortgroup, receivePortgroup, removePortgroup, updatePortgroup } from './decide/portgroups.js';
import { addPort, receivePort, removePort, updatePort } from './decide/ports.js';
import {
  cacheBiosSettings,
  cacheBootMode,
  callVendorMethod,
  injectNmi,
  recordManagementOutcome,
  setBootDevice,
  setBootMode,
  setConsoleMode,
  setIndicatorState,
  setSecureBoot,
  setTargetRaidConfig,
} from './decide/management.js';
import { clearMaintenance, recordPowerOutcome, recordPowerSync, requestPowerAction, setMaintenance } from './decide/power.js';
import { recordProvisionOutcome, recover, requestProvisionAction } from './decide/provision.js';
import { register, remove, update } from './decide/registration.js';
import { addTrait, removeTrait, setTraits } from './decide/traits.js';
import { returnHome } from './decide/moves.js';
import { attachVif, detachVif } from './decide/vifs.js';
import {
  addVolumeConnector,
  addVolumeTarget,
  receiveVolumeConnector,
  receiveVolumeTarget,
  removeVolumeConnector,
  removeVolumeTarget,
  updateVolumeConnector,
  updateVolumeTarget,
} from './decide/volume.js';
import { assertNever } from './assert-never.js';

export { evolve, initialState, replay } from './evolve.js';
export { agentBootsFromVirtualMedia, bootsFromVirtualMedia, pregeneratedTokenDue } from './decide/agent.js';
export { ABORTED_BY_OPERATOR } from './decide/introspection.js';
export { TAKEOVER_ERROR } from './decide/provision.js';
export { attachedVifs } from './decide/vifs.js';
export { handBack, handOver, type MoveCommand, moveDestination, type ReceiveCommand } from './decide/moves.js';
export { differentNodeGroup } from './decide/ports.js';
export { tenantVif } from './decide/ports.js';

/**
 * Decides what happens when `command` meets `node`: the events to append, or a `DomainError`.
 * Pure: no I/O, no clock, the same answer for the same input. `check` judges whether the
 * node's interfaces can work, as the drivers see it (without drivers: only `no-…` ones cannot).
 */
export function decide(command: NodeCommand, node: Node | null, check: InterfaceCheck = unsupportedInterface): NodeEvent[] {
  if (command.type === 'RegisterNode') return register(command, node);
  if (command.type === 'DiscoverNode') return discover(command, node);
  if (!node) throw new NodeNotFoundError(command.nodeId);
  switch (command.type) {
    case 'UpdateNode':
      return update(command, node);
    case 'DeleteNode':
      return remove(command, node);
    case 'RequestProvisionAction':
      return requestProvisionAction(command, node, check);
    case 'RecordProvisionOutcome':
      return recordProvisionOutcome(command, node);
    case 'IssueAgentToken':
      return issueAgentToken(command, node);
    case 'RecordAgentHeartbeat':
      return recordAgentHeartbeat(command, node);
    case 'RecordRaidTasks':
      return recordRaidTasks(command, node);
    case 'RecoverNode':
      return recover(command, node);
    case 'RequestPowerAction':
      return requestPowerAction(command, node, check);
    case 'RecordPowerOutcome':
      return recordPowerOutcome(command, node);
    case 'RecordPowerSync':
      return recordPowerSync(command, node);
    case 'SetMaintenance':
      return setMaintenance(command, node);
    case 'ClearMaintenance':
      return clearMaintenance(command, node);
    case 'StartIntrospection':
      return startIntrospection(command, node);
    case 'ProcessInventory':
      return processInventory(command, node);
    case 'RecordInspectedHardware':
      return recordInspectedHardware(command, node);
    case 'AddPort':
      return addPort(command, node);
    case 'RemovePort':
      return removePort(command, node);
    case 'ExpireIntrospection':
      return expireIntrospection(command, node);
    case 'SetNodeTraits':
      return setTraits(command, node);
    case 'AddNodeTrait':
      return addTrait(command, node);
    case 'RemoveNodeTrait':
      return removeTrait(command, node);
    case 'AllocateNode':
      return allocateNode(command, node);
    case 'DeallocateNode':
      return deallocateNode(command, node);
    case 'UpdatePort':
      return updatePort(command, node);
    case 'ReceivePort':
      return command.data.returning ? returnHome(command) : receivePort(command, node);
    case 'AddPortgroup':
      return addPortgroup(command, node);
    case 'UpdatePortgroup':
      return updatePortgroup(command, node);
    case 'ReceivePortgroup':
      return command.data.returning ? returnHome(command) : receivePortgroup(command, node);
    case 'RemovePortgroup':
      return removePortgroup(command, node);
    case 'AddVolumeConnector':
      return addVolumeConnector(command, node);
    case 'UpdateVolumeConnector':
      return updateVolumeConnector(command, node);
    case 'ReceiveVolumeConnector':
      return command.data.returning ? returnHome(command) : receiveVolumeConnector(command, node);
    case 'RemoveVolumeConnector':
      return removeVolumeConnector(command, node);
    case 'AddVolumeTarget':
      return addVolumeTarget(command, node);
    case 'UpdateVolumeTarget':
      return updateVolumeTarget(command, node);
    case 'ReceiveVolumeTarget':
      return command.data.returning ? returnHome(command) : receiveVolumeTarget(command, node);
    case 'RemoveVolumeTarget':
      return removeVolumeTarget(command, node);
    case 'AttachVif':
      return attachVif(command, node);
    case 'DetachVif':
      return detachVif(command, node);
    case 'SetBootDevice':
      return setBootDevice(command, node);
    case 'InjectNmi':
      return injectNmi(command, node);
    case 'SetIndicatorState':
      return setIndicatorState(command, node);
    case 'SetBootMode':
      return setBootMode(command, node);
    case 'SetSecureBoot':
      return setSecureBoot(command, node);
    case 'SetConsoleMode':
      return setConsoleMode(command, node);
    case 'CallVendorMethod':
      return callVendorMethod(command, node);
    case 'RecordManagementOutcome':
      return recordManagementOutcome(command, node);
    case 'SetTargetRaidConfig':
      return setTargetRaidConfig(command, node);
    case 'CacheBiosSettings':
      return cacheBiosSettings(command, node);
    case 'CacheBootMode':
      return cacheBootMode(command, node);
    default:
      return assertNever(command);
  }
}
