/**
 * When each node's ramdisk agent last heartbeat, as the gateways heard it. A heartbeat that tells
 * the node nothing new appends no event (`recordAgentHeartbeat`), so its time lives here instead,
 * in every gateway's memory: the gateway that took it publishes it on the bus (`ConductorLink`)
 * and each keeps the latest per node. Nothing of it is persisted: a gateway that starts knows the
 * last recorded heartbeat (the projection's) until the agent beats again, as Ironic's API knows
 * only what its database last got.
 */
import { type Node } from '@ironledger/domain';

/** A heartbeat as the gateways tell each other of it. */
export interface HeardHeartbeat {
  readonly node: string;
  /** ISO 8601 UTC, as `toISOString` writes it (the heartbeat command's time). */
  readonly at: string;
}

/** How many heard nodes are kept beyond those last found running an agent before they are checked again. */
const SLACK = 1000;

export class AgentLiveness {
  private readonly heard = new Map<string, string>();
  private checkedSize = 0;

  /** `current(id)`: the node as the read model holds it now, to forget agents that stopped running. */
  constructor(private readonly current: (nodeId: string) => Node | undefined) {}

  /** Notes a heartbeat, keeping the later time per node. */
  note({ node, at }: HeardHeartbeat): void {
    const known = this.heard.get(node);
    if (known !== undefined && known >= at) return;
    this.heard.set(node, at);
    if (this.heard.size > 2 * this.checkedSize + SLACK) this.forgetStopped();
  }

  /**
   * The last heartbeat of the node's agent: the later of the recorded one and the heard one.
   * None while the node records no heartbeat of its agent (a new boot's first heartbeat is always
   * recorded), so a time heard from an agent that is gone never shows for the next one.
   */
  lastHeartbeat(node: Pick<Node, 'uuid' | 'agent'>): string | null {
    const recorded = node.agent?.last_heartbeat ?? null;
    const heard = this.heard.get(node.uuid);
    if (recorded === null || heard === undefined) return recorded;
    return heard > recorded ? heard : recorded;
  }

  /** How many nodes' heartbeats are kept. */
  get size(): number {
    return this.heard.size;
  }

  /** Forgets the nodes that run no agent any more (or are gone), so the map stays as big as the agents running. */
  private forgetStopped(): void {
    for (const nodeId of this.heard.keys()) if (!this.current(nodeId)?.agent?.last_heartbeat) this.heard.delete(nodeId);
    this.checkedSize = this.heard.size;
  }
}

/** A heard heartbeat from a bus message, or `undefined` for anything else. */
export function parseHeardHeartbeat(text: string): HeardHeartbeat | undefined {
  try {
    const value = JSON.parse(text) as Partial<HeardHeartbeat> | null;
    return typeof value?.node === 'string' && typeof value.at === 'string' && !Number.isNaN(Date.parse(value.at)) ? { node: value.node, at: value.at } : undefined;
  } catch {
    return undefined;
  }
}
