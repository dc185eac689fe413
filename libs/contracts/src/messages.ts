import { type AllocationCommand, type ChassisCommand, type CommandMeta, type DeployTemplateCommand, type DomainErrorType, type Node, type NodeCommand, type NodeEvent } from '@ironledger/domain';

/**
 * Why a command was not carried out: a domain refusal, trouble on the way, (`driver_failed`) the
 * hardware failing a call the conductor made for it, or (`stale`) a resource that changed after
 * the request was worked out on it (see `CommandRequest`).
 */
export type CommandErrorType = DomainErrorType | 'invalid_command' | 'unavailable' | 'internal' | 'driver_failed' | 'stale';

export interface CommandError {
  readonly type: CommandErrorType;
  readonly message: string;
  /**
   * A position to read up to before going on: where the failure was recorded (read-your-writes
   * waits for it), or, for `stale`, the resource's latest event.
   */
  readonly position?: number;
}

/** What a hardware query asks a node's driver. */
export type HardwareQuestion =
  | { readonly what: 'boot_device' }
  | { readonly what: 'supported_boot_devices' }
  | { readonly what: 'indicators' }
  | { readonly what: 'indicator_state'; readonly component: string; readonly indicator: string }
  | { readonly what: 'console' }
  /** `GET /v1/nodes/{id}/validate`: each interface's readiness, judged from the node and the conductor's settings (no BMC is contacted). */
  | { readonly what: 'validate' };

/** A question to a node's hardware, answered by a conductor through the node's driver; it appends nothing. */
export interface HardwareQuery {
  readonly type: 'QueryHardware';
  readonly nodeId: string;
  readonly data: HardwareQuestion;
  readonly meta: CommandMeta;
}

/** The conductor's answer to a hardware query. */
export type QueryReply<R = unknown> = { readonly ok: true; readonly result: R } | { readonly ok: false; readonly error: CommandError };

/** What the conductors carry out: a command to any resource that is an aggregate of its own. */
export type Command = NodeCommand | ChassisCommand | AllocationCommand | DeployTemplateCommand;

/**
 * A command as a gateway sends it. `basis`: the global position of the read model it was worked out
 * on (a PATCH's new values are computed from the resource as it stood there); it stands only while
 * its resource has no later event, and is refused as `stale` otherwise.
 */
export type CommandRequest = Command & { readonly basis?: number };

/** The conductor's answer to a command (`S`, `E`: the state and events of the resource it went to). */
export type CommandReply<S = Node, E = NodeEvent> =
  | {
      readonly ok: true;
      /** Events appended (empty when the command changed nothing). */
      readonly events: E[];
      /** Global position of the last appended event (or of the resource's last event): read-your-writes waits for it. */
      readonly position: number;
      /** The resource after the command (`null`: it does not exist, or no longer). */
      readonly state: S | null;
      /** What a synchronous vendor method returned (`null` for Python's `None`); absent for every other command. */
      readonly result?: unknown;
    }
  | { readonly ok: false; readonly error: CommandError };

/**
 * A conductor in the gateway's own process (the all-in-one process): commands and queries reach it
 * by a call instead of a NATS round trip, as Ironic's single-process service calls its conductor
 * without an RPC transport. The replies are those a conductor sends over the bus.
 */
export interface LocalConductor {
  execute(request: HardwareQuery): Promise<QueryReply>;
  execute(request: CommandRequest): Promise<CommandReply<unknown, unknown>>;
}
