import { decide, DomainError, evolve, type Node, type NodeCommand, type NodeEvent } from '@ironledger/domain';
import { ConcurrencyError, type EventStore } from '@ironledger/event-store';
import { nodeStreamId, toEventData, toNodeEvent } from '@ironledger/contracts';

/** A node as this process last saw it in its stream. */
interface Loaded {
  readonly node: Node | null;
  /** Stream revision of the last event folded in; -1 when the stream does not exist. */
  readonly revision: number;
  /** Global position of that event; 0 when none. */
  readonly position: number;
}

export interface HandledCommand {
  readonly events: NodeEvent[];
  /** The node the command was decided on. */
  readonly previous: Node | null;
  readonly node: Node | null;
  /** Position of the last appended event, or of the node's last event when nothing was appended. */
  readonly position: number;
}

/** Commands that create their node; any other command needs the node to exist. */
const CREATES_NODE: ReadonlySet<NodeCommand['type']> = new Set(['RegisterNode', 'DiscoverNode']);
const NO_NODE: Loaded = { node: null, revision: -1, position: 0 };

/**
 * Carries out node commands: load the node's stream, let the domain decide, append the
 * decision with the revision it was based on. A concurrent writer makes the append fail with
 * `ConcurrencyError`; the command is then decided again on the fresh stream (where, typically,
 * the other writer now holds the node and the domain refuses). Nodes stay cached between
 * commands; the expected-revision check keeps the cache honest for what is appended, and a
 * refusal or a no-op decided on a cached node is decided again on the stream.
 *
 * A command that creates a node is decided, uncached, on no node at all without reading: its
 * stream is new unless the client reused a UUID, and then the `no_stream` append fails and
 * the command is decided again on the stream, as for a stale cache.
 */
export class NodeCommandHandler {
  private readonly cache = new Map<string, Loaded>();

  constructor(
    private readonly store: EventStore,
    private readonly maxAttempts = 5,
  ) {}

  async handle(command: NodeCommand): Promise<HandledCommand> {
    for (let attempt = 1; ; attempt++) {
      const cached = this.cache.get(command.nodeId) ?? (attempt === 1 && CREATES_NODE.has(command.type) ? NO_NODE : undefined);
      const loaded = cached ?? (await this.load(command.nodeId));
      let events: NodeEvent[];
      try {
        events = decide(command, loaded.node);
      } catch (error) {
        // A refusal (or, below, a no-op) decided on a cached node may be an artefact of the cache
        // being behind another conductor's commits: only the stream's word counts.
        if (cached && error instanceof DomainError) {
          this.cache.delete(command.nodeId);
          continue;
        }
        throw error;
      }
      if (events.length === 0 && cached) {
        this.cache.delete(command.nodeId);
        continue;
      }
      if (events.length === 0) return { events, previous: loaded.node, node: loaded.node, position: loaded.position };
      try {
        const result = await this.store.append(nodeStreamId(command.nodeId), events.map(toEventData), {
          expectedRevision: loaded.revision < 0 ? 'no_stream' : loaded.revision,
        });
        const node = events.reduce(evolve, loaded.node);
        this.cache.set(command.nodeId, { node, revision: result.nextRevision, position: result.position });
        return { events, previous: loaded.node, node, position: result.position };
      } catch (error) {
        this.cache.delete(command.nodeId);
        if (!(error instanceof ConcurrencyError) || attempt >= this.maxAttempts) throw error;
      }
    }
  }

  /** The node as its stream says now (bypassing the cache). */
  async load(nodeId: string): Promise<Loaded> {
    const recorded = await this.store.readStream(nodeStreamId(nodeId));
    let node: Node | null = null;
    for (const event of recorded) {
      const nodeEvent = toNodeEvent(event);
      if (nodeEvent) node = evolve(node, nodeEvent);
    }
    const last = recorded.at(-1);
    const loaded = { node, revision: last?.revision ?? -1, position: last?.position ?? 0 };
    this.cache.set(nodeId, loaded);
    return loaded;
  }
}
