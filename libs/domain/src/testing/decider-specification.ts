/**
 * Given/when/then for the node decider, after emmett's `DeciderSpecification`: given a node (or
 * the events that made it), when a command arrives, then these events, or this refusal with
 * nothing appended. The one helper every decider spec uses.
 */
import { expect } from '@jest/globals';
import { type CommandMeta, type NodeCommand } from '../commands.js';
import { decide, evolve, replay } from '../decider.js';
import { type NodeEvent } from '../events.js';
import { type InterfaceCheck } from '../hardware-types.js';
import { type Node } from '../node.js';
import { meta, NODE_ID } from './fixtures.js';

/** A command as a spec writes it: the node id comes from the given node, the metadata from the fixtures unless it is set. */
export type Command = Omit<NodeCommand, 'nodeId' | 'meta'> & { meta?: CommandMeta };

/** What the request carries besides the command: its time, the conductor executing it, and the drivers' validation. */
export interface WhenOptions {
  readonly at?: string;
  /** The conductor executing the command; `null` for a request no conductor executes. */
  readonly conductor?: string | null;
  readonly check?: InterfaceCheck;
}

/** What the decider decided: the events, their types, and the node they make of the given one. */
export interface Decided {
  readonly events: NodeEvent[];
  readonly types: NodeEvent['type'][];
  /** The node after the events; null at run time when the events delete it (specs of deletions check `toBeNull()`). */
  readonly node: Node;
}

/** Given `node` (null: no such node), when `command` arrives, the events decided and the node they make; throws the decider's refusal. */
export function when(node: Node | null, command: Command, options: WhenOptions = {}): Decided {
  const { at, conductor, check } = options;
  const metadata = meta({ ...(at !== undefined && { at }), ...(conductor !== undefined && { conductor: conductor ?? undefined }) });
  const full = { nodeId: node?.uuid ?? NODE_ID, meta: metadata, ...command } as NodeCommand;
  const events = decide(full, node, check);
  return { events, types: events.map((event) => event.type), node: events.reduce<Node | null>(evolve, node) as Node };
}

/**
 * The fluent form: `given(node or events).when(command).then(events)` or `.thenThrows(error)`.
 * A refusal must leave nothing appended, which a thrown decision guarantees.
 */
export function given(state: Node | null | readonly NodeEvent[]) {
  const node = Array.isArray(state) ? replay(state as readonly NodeEvent[]) : (state as Node | null);
  return {
    when: (command: Command, options: WhenOptions = {}) => ({
      /** The events decided, compared field by field (`expect.objectContaining` and the like allowed). */
      then: (expected: readonly unknown[]): Decided => {
        const decided = when(node, command, options);
        expect(decided.events).toEqual(expected);
        return decided;
      },
      /**
       * The decider refuses, as jest's `toThrow` matches: an error of this class, equal to this
       * error, matching this shape (`expect.objectContaining({ type, message })`), or whose message
       * contains this text or matches this pattern.
       */
      thenThrows: (error: string | object): void => {
        expect(() => when(node, command, options)).toThrow(error as Parameters<ReturnType<typeof expect>['toThrow']>[0]);
      },
    }),
  };
}
