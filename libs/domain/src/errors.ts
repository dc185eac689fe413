import { NamedError } from './named-error.js';

/**
 * The domain's refusals. Every one names the node; adapters map each `type` once to an RPC
 * error and once to an HTTP status with Ironic's error body.
 */
export abstract class DomainError extends NamedError {
  abstract readonly type: DomainErrorType;
}

export type DomainErrorType = 'invalid_state' | 'locked' | 'not_found' | 'conflict' | 'invalid_parameter' | 'forbidden' | 'instance_failure';

/** The requested verb is not allowed in the node's current state (Ironic: 400). */
export class InvalidStateError extends DomainError {
  readonly type = 'invalid_state' as const;
  constructor(readonly nodeId: string, readonly state: string | null, readonly verb: string, message?: string) {
    super(message ?? `The requested action "${verb}" can not be performed on node "${nodeId}" while it is in state "${state ?? 'None'}".`);
  }
}

/** The event is not allowed in the node's introspection state (the inspector's `NodeStateInvalidEvent`; 400). */
export class IntrospectionStateError extends InvalidStateError {
  constructor(nodeId: string, readonly introspectionState: string, readonly event: string) {
    super(nodeId, introspectionState, event, introspectionEventRefusal(introspectionState, event));
  }
}

/** The inspector's words for an event its table does not allow. */
export const introspectionEventRefusal = (state: string, event: string): string =>
  `Invalid event: Can not transition from state '${state}' on event '${event}' (no defined transition)`;

/** Something the request names does not exist (Ironic: 404). */
export class NotFoundError extends DomainError {
  readonly type = 'not_found' as const;
}

/** The request contradicts what exists, e.g. a taken name (Ironic: 409). */
export class ResourceConflictError extends DomainError {
  readonly type = 'conflict' as const;
}

/** A value that is not acceptable, whatever the state (Ironic: 400). */
export class InvalidInputError extends DomainError {
  readonly type = 'invalid_parameter' as const;
}

/** The request is understood but not allowed for this resource, whatever its state (Ironic: 403). */
export class ForbiddenError extends DomainError {
  readonly type = 'forbidden' as const;
}

/** A protected node is never undeployed, rebuilt or deleted (Ironic's `NodeProtected`, 403). */
export class NodeProtectedError extends ForbiddenError {
  constructor(readonly nodeId: string) {
    super(`Node ${nodeId} is protected and cannot be undeployed, rebuilt or deleted`);
  }
}

/**
 * The node's drivers cannot do what was asked of its instance: Ironic's `InstanceDeployFailure`,
 * `InstanceRescueFailure` and `InstanceUnrescueFailure`, which its API answers with 500.
 */
export class InstanceFailureError extends DomainError {
  readonly type = 'instance_failure' as const;
  constructor(readonly nodeId: string, message: string) {
    super(message);
  }
}

/** (Ironic: 404) */
export class PortNotFoundError extends NotFoundError {
  constructor(readonly portId: string) {
    super(`Port ${portId} could not be found.`);
  }
}

/** (Ironic: 404) */
export class PortgroupNotFoundError extends NotFoundError {
  constructor(readonly portgroupId: string) {
    super(`Portgroup ${portgroupId} could not be found.`);
  }
}

/** (Ironic: 404) */
export class VolumeConnectorNotFoundError extends NotFoundError {
  constructor(readonly connectorId: string) {
    super(`Volume connector ${connectorId} could not be found.`);
  }
}

/** (Ironic: 404) */
export class VolumeTargetNotFoundError extends NotFoundError {
  constructor(readonly targetId: string) {
    super(`Volume target ${targetId} could not be found.`);
  }
}

/** Another conductor holds the node (Ironic: 409). */
export class NodeLockedError extends DomainError {
  readonly type = 'locked' as const;
  constructor(readonly nodeId: string, readonly holder: string) {
    super(`Node ${nodeId} is locked by host ${holder}, please retry after the current operation is completed.`);
  }
}

/** (Ironic: 404) */
export class NodeNotFoundError extends NotFoundError {
  constructor(readonly nodeId: string) {
    super(`Node ${nodeId} could not be found.`);
  }
}

/** The request contradicts the node's current data, e.g. it already exists (Ironic: 409). */
export class NodeConflictError extends ResourceConflictError {
  constructor(readonly nodeId: string, message: string) {
    super(message);
  }
}

/** Ironic's words for a value that must be unique across the fleet and is taken. */
export const ALREADY_EXISTS = {
  name: (name: string) => `A node with name ${name} already exists.`,
  mac: (mac: string) => `A port with MAC address ${mac} already exists.`,
  port: (uuid: string) => `A port with UUID ${uuid} already exists.`,
  node: (uuid: string) => `A node with UUID ${uuid} already exists.`,
  instance: (instance: string, node: string) => `Instance ${instance} is already associated with a node, it cannot be associated with this other node ${node}`,
  portgroup: (uuid: string) => `A portgroup with UUID ${uuid} already exists.`,
  portgroupName: (name: string) => `A portgroup with name ${name} already exists.`,
  portgroupMac: (mac: string) => `A portgroup with MAC address ${mac} already exists.`,
  volumeConnector: (uuid: string) => `A volume connector with UUID ${uuid} already exists.`,
  connectorId: (type: string, connectorId: string) => `A volume connector with type ${type} and connector ID ${connectorId} already exists.`,
  volumeTarget: (uuid: string) => `A volume target with UUID ${uuid} already exists.`,
  bootIndex: (bootIndex: number) => `A volume target with boot index '${bootIndex}' for the same node already exists.`,
} as const;

/** A malformed value in an otherwise allowed request (Ironic: 400). */
export class InvalidParameterError extends InvalidInputError {
  constructor(readonly nodeId: string, message: string) {
    super(message);
  }
}
