/**
 * The domain's refusals. Every one names the node; adapters map each `type` once to an RPC
 * error and once to an HTTP status with Ironic's error body.
 */
export abstract class DomainError extends Error {
  abstract readonly type: DomainErrorType;
}

export type DomainErrorType = 'invalid_state' | 'locked' | 'not_found' | 'conflict' | 'invalid_parameter';

/** The requested verb is not allowed in the node's current state (Ironic: 400). */
export class InvalidStateError extends DomainError {
  readonly type = 'invalid_state' as const;
  constructor(readonly nodeId: string, readonly state: string | null, readonly verb: string, message?: string) {
    super(message ?? `The requested action "${verb}" can not be performed on node "${nodeId}" while it is in state "${state ?? 'None'}".`);
    this.name = 'InvalidStateError';
  }
}

/** The event is not allowed in the node's introspection state (the inspector's `NodeStateInvalidEvent`; 400). */
export class IntrospectionStateError extends InvalidStateError {
  constructor(nodeId: string, readonly introspectionState: string, readonly event: string) {
    super(nodeId, introspectionState, event, introspectionEventRefusal(introspectionState, event));
    this.name = 'IntrospectionStateError';
  }
}

/** The inspector's words for an event its table does not allow. */
export const introspectionEventRefusal = (state: string, event: string): string =>
  `Invalid event: Can not transition from state '${state}' on event '${event}' (no defined transition)`;

/** (Ironic: 404) */
export class PortNotFoundError extends DomainError {
  readonly type = 'not_found' as const;
  constructor(readonly portId: string) {
    super(`Port ${portId} could not be found.`);
    this.name = 'PortNotFoundError';
  }
}

/** Another conductor holds the node (Ironic: 409). */
export class NodeLockedError extends DomainError {
  readonly type = 'locked' as const;
  constructor(readonly nodeId: string, readonly holder: string) {
    super(`Node ${nodeId} is locked by host ${holder}, please retry after the current operation is completed.`);
    this.name = 'NodeLockedError';
  }
}

/** (Ironic: 404) */
export class NodeNotFoundError extends DomainError {
  readonly type = 'not_found' as const;
  constructor(readonly nodeId: string) {
    super(`Node ${nodeId} could not be found.`);
    this.name = 'NodeNotFoundError';
  }
}

/** The request contradicts the node's current data, e.g. it already exists (Ironic: 409). */
export class NodeConflictError extends DomainError {
  readonly type = 'conflict' as const;
  constructor(readonly nodeId: string, message: string) {
    super(message);
    this.name = 'NodeConflictError';
  }
}

/** A malformed value in an otherwise allowed request (Ironic: 400). */
export class InvalidParameterError extends DomainError {
  readonly type = 'invalid_parameter' as const;
  constructor(readonly nodeId: string, message: string) {
    super(message);
    this.name = 'InvalidParameterError';
  }
}
