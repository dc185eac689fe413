import { type ResourceKind, resourceStreamId } from '@ironledger/contracts';
import {
  type Allocation,
  type AllocationCommand,
  type AllocationEvent,
  type Chassis,
  type ChassisCommand,
  type ChassisEvent,
  decide,
  decideAllocation,
  decideChassis,
  decideDeployTemplate,
  type DeployTemplate,
  type DeployTemplateCommand,
  type DeployTemplateEvent,
  DomainError,
  evolve,
  evolveAllocation,
  evolveChassis,
  evolveDeployTemplate,
  type InterfaceCheck,
  LruMap,
  NamedError,
  type Node,
  type NodeCommand,
  type NodeEvent,
} from '@ironledger/domain';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '@ironledger/event-store';
import { allocationEventOf, chassisEventOf, deployTemplateEventOf, eventsOf, type StorableEvent, toEventData, toNodeEvent } from './codec.js';

/**
 * What the command handler needs to know of an aggregate: its stream, its decider, and how its
 * events are stored. The domain stays unaware of streams.
 */
export interface Aggregate<C extends { readonly type: string }, E, S> {
  readonly kind: ResourceKind;
  idOf(command: C): string;
  decide(command: C, state: S | null): E[];
  evolve(state: S | null, event: E): S | null;
  /** The domain event a stored event of this aggregate's stream holds. */
  fromRecorded(recorded: RecordedEvent): E | undefined;
  /** Commands that create their aggregate: decided on nothing, without reading (see `handle`). */
  readonly creates: ReadonlySet<C['type']>;
  /**
   * Commands that record what the hardware reported: a no-op decided on a cached state stands,
   * since a cache behind the stream only delays the record to the next report (see `handle`).
   */
  readonly observations?: ReadonlySet<C['type']>;
}

export const NODE_AGGREGATE: Aggregate<NodeCommand, NodeEvent, Node> = {
  kind: 'node',
  idOf: (command) => command.nodeId,
  decide,
  evolve,
  fromRecorded: toNodeEvent,
  creates: new Set(['RegisterNode', 'DiscoverNode']),
  observations: new Set(['CacheBootMode', 'CacheBiosSettings']),
};

export const CHASSIS_AGGREGATE: Aggregate<ChassisCommand, ChassisEvent, Chassis> = {
  kind: 'chassis',
  idOf: (command) => command.chassisId,
  decide: decideChassis,
  evolve: evolveChassis,
  fromRecorded: chassisEventOf,
  creates: new Set(['CreateChassis']),
};

export const ALLOCATION_AGGREGATE: Aggregate<AllocationCommand, AllocationEvent, Allocation> = {
  kind: 'allocation',
  idOf: (command) => command.allocationId,
  decide: decideAllocation,
  evolve: evolveAllocation,
  fromRecorded: allocationEventOf,
  creates: new Set(['CreateAllocation']),
};

export const DEPLOY_TEMPLATE_AGGREGATE: Aggregate<DeployTemplateCommand, DeployTemplateEvent, DeployTemplate> = {
  kind: 'deploy_template',
  idOf: (command) => command.templateId,
  decide: decideDeployTemplate,
  evolve: evolveDeployTemplate,
  fromRecorded: deployTemplateEventOf,
  creates: new Set(['CreateDeployTemplate']),
};

export interface HandleOptions {
  /**
   * The global position of the read model the command was worked out on (a PATCH's new values are
   * computed from the resource as it stood there): the command stands only while its aggregate has
   * no later event.
   */
  readonly basis?: number;
}

/** An aggregate as this process last saw it in its stream. */
interface Loaded<S> {
  readonly state: S | null;
  /** Stream revision of the last event folded in; -1 when the stream does not exist. */
  readonly revision: number;
  /** Global position of that event; 0 when none. */
  readonly position: number;
}

export interface Handled<E, S> {
  readonly events: E[];
  /** The state the command was decided on. */
  readonly previous: S | null;
  readonly state: S | null;
  /** Position of the last appended event, or of the aggregate's last event when nothing was appended. */
  readonly position: number;
}

/**
 * Carries out an aggregate's commands: load its stream, let the domain decide, append the
 * decision with the revision it was based on. A concurrent writer makes the append fail with
 * `ConcurrencyError`; the command is then decided again on the fresh stream (where, typically,
 * the other writer now holds the aggregate and the domain refuses). States stay cached between
 * commands; the expected-revision check keeps the cache honest for what is appended, and a
 * refusal or a no-op decided on a cached state is decided again on the stream (but for the
 * no-op of an observation, which conductors send at every verification and cleaning).
 *
 * A command worked out on a read model (`basis`) is decided only on the state it was worked out
 * on: when the aggregate has a later event, it is refused with `StaleBasisError`.
 *
 * A command that creates its aggregate is decided, uncached, on nothing at all without reading:
 * its stream is new unless the client reused a UUID, and then the `no_stream` append fails and
 * the command is decided again on the stream, as for a stale cache.
 */
export class CommandHandler<C extends { readonly type: string }, E extends StorableEvent, S> {
  /** The states of the aggregates commanded most recently; a miss costs one stream read. */
  private readonly cache: LruMap<string, Loaded<S>>;

  constructor(
    private readonly store: EventStore,
    private readonly aggregate: Aggregate<C, E, S>,
    private readonly maxAttempts = 5,
    cacheSize = DEFAULT_CACHE_SIZE,
  ) {
    this.cache = new LruMap(cacheSize);
  }

  async handle(command: C, { basis }: HandleOptions = {}): Promise<Handled<E, S>> {
    const id = this.aggregate.idOf(command);
    for (let attempt = 1; ; attempt++) {
      const cached = this.cache.get(id) ?? (attempt === 1 && this.aggregate.creates.has(command.type) ? NOTHING : undefined);
      const loaded: Loaded<S> = cached ?? (await this.load(id));
      // A cache is never ahead of its stream: a later event there means the stream has one too.
      if (basis !== undefined && loaded.position > basis) throw new StaleBasisError(id, basis, loaded.position);
      let events: E[];
      try {
        events = this.aggregate.decide(command, loaded.state);
      } catch (error) {
        // A refusal (or, below, a no-op) decided on a cached state may be an artefact of the cache
        // being behind another conductor's commits: only the stream's word counts.
        if (cached && error instanceof DomainError) {
          this.cache.delete(id);
          continue;
        }
        throw error;
      }
      if (events.length === 0 && cached && !this.aggregate.observations?.has(command.type)) {
        this.cache.delete(id);
        continue;
      }
      if (events.length === 0) return { events, previous: loaded.state, state: loaded.state, position: loaded.position };
      try {
        const result = await this.store.append(resourceStreamId(this.aggregate.kind, id), events.map(toEventData), {
          expectedRevision: loaded.revision < 0 ? 'no_stream' : loaded.revision,
        });
        const state = events.reduce(this.aggregate.evolve, loaded.state);
        this.cache.set(id, { state, revision: result.nextRevision, position: result.position });
        return { events, previous: loaded.state, state, position: result.position };
      } catch (error) {
        this.cache.delete(id);
        if (!(error instanceof ConcurrencyError) || attempt >= this.maxAttempts) throw error;
      }
    }
  }

  /** The aggregate as its stream says now (bypassing the cache). */
  async load(id: string): Promise<Loaded<S>> {
    const recorded = await this.store.readStream(resourceStreamId(this.aggregate.kind, id));
    const state = [...eventsOf(recorded, this.aggregate.fromRecorded)].reduce(this.aggregate.evolve, null);
    const last = recorded.at(-1);
    const loaded = { state, revision: last?.revision ?? -1, position: last?.position ?? 0 };
    this.cache.set(id, loaded);
    return loaded;
  }
}

const NOTHING: Loaded<never> = { state: null, revision: -1, position: 0 };

/**
 * A command worked out on a read model at `basis` (see `HandleOptions`) whose aggregate has
 * changed since, at `position`: it is to be worked out again on a model that has reached it.
 */
export class StaleBasisError extends NamedError {
  readonly type = 'stale' as const;

  constructor(
    readonly id: string,
    readonly basis: number,
    readonly position: number,
  ) {
    super(`${id} was changed by another request while this one was being worked out; please retry.`);
  }
}

/**
 * States kept per handler: enough for every node a busy conductor works on at once, far
 * fewer than a fleet (the conductor's projection holds the whole fleet already).
 */
export const DEFAULT_CACHE_SIZE = 2048;

/**
 * Node commands: the command handler of the node aggregate. `check`: the drivers' judgement of a
 * node's interfaces, which the decider asks for on the state it decides on (see `decide`).
 */
export class NodeCommandHandler extends CommandHandler<NodeCommand, NodeEvent, Node> {
  constructor(store: EventStore, maxAttempts?: number, cacheSize?: number, check?: InterfaceCheck) {
    super(store, check ? { ...NODE_AGGREGATE, decide: (command, node) => decide(command, node, check) } : NODE_AGGREGATE, maxAttempts, cacheSize);
  }
}

/** Chassis commands. */
export class ChassisCommandHandler extends CommandHandler<ChassisCommand, ChassisEvent, Chassis> {
  constructor(store: EventStore, maxAttempts?: number) {
    super(store, CHASSIS_AGGREGATE, maxAttempts);
  }
}

/** Allocation commands. */
export class AllocationCommandHandler extends CommandHandler<AllocationCommand, AllocationEvent, Allocation> {
  constructor(store: EventStore, maxAttempts?: number) {
    super(store, ALLOCATION_AGGREGATE, maxAttempts);
  }
}

/** Deploy template commands. */
export class DeployTemplateCommandHandler extends CommandHandler<DeployTemplateCommand, DeployTemplateEvent, DeployTemplate> {
  constructor(store: EventStore, maxAttempts?: number) {
    super(store, DEPLOY_TEMPLATE_AGGREGATE, maxAttempts);
  }
}
