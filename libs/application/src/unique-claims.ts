import { claimStreamId, type ClaimKind, type ResourceKind } from '@ironledger/contracts';
import { ALREADY_EXISTS, type Allocation, type DeployTemplate, type Node, NodeConflictError, type Port, type Portgroup, type VolumeConnector, type VolumeTarget } from '@ironledger/domain';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '@ironledger/event-store';

export { claimStreamId } from '@ironledger/contracts';

interface ClaimRecording {
  /** The kind of resource that holds values of this kind. */
  readonly owner: ResourceKind;
  readonly claimed: string;
  readonly released: string;
  /** The refusal when another node holds the value (Ironic's words), to the node `claimant`. */
  readonly taken: (value: string, claimant: string) => string;
  /** Whether the holder (a resource of kind `owner`) has the value now. */
  readonly heldBy: (holder: never, value: string) => boolean;
}

/** What must be unique across the fleet, and how claims on it are recorded. */
export const CLAIM_KINDS: Readonly<Record<ClaimKind, ClaimRecording>> = {
  name: { owner: 'node', claimed: 'NodeNameClaimed', released: 'NodeNameReleased', taken: ALREADY_EXISTS.name, heldBy: (node: Node, name) => node.name === name },
  mac: { owner: 'node', claimed: 'PortAddressClaimed', released: 'PortAddressReleased', taken: ALREADY_EXISTS.mac, heldBy: (node: Node, mac) => node.ports.some((port) => port.address === mac) },
  port: { owner: 'node', claimed: 'PortUuidClaimed', released: 'PortUuidReleased', taken: ALREADY_EXISTS.port, heldBy: (node: Node, uuid) => node.ports.some((port) => port.uuid === uuid) },
  portgroup: {
    owner: 'node',
    claimed: 'PortgroupUuidClaimed',
    released: 'PortgroupUuidReleased',
    taken: ALREADY_EXISTS.portgroup,
    heldBy: (node: Node, uuid) => node.portgroups.some((group) => group.uuid === uuid),
  },
  portgroup_name: {
    owner: 'node',
    claimed: 'PortgroupNameClaimed',
    released: 'PortgroupNameReleased',
    taken: ALREADY_EXISTS.portgroupName,
    heldBy: (node: Node, name) => node.portgroups.some((group) => group.name === name),
  },
  portgroup_mac: {
    owner: 'node',
    claimed: 'PortgroupAddressClaimed',
    released: 'PortgroupAddressReleased',
    taken: ALREADY_EXISTS.portgroupMac,
    heldBy: (node: Node, mac) => node.portgroups.some((group) => group.address === mac),
  },
  volume_connector: {
    owner: 'node',
    claimed: 'VolumeConnectorUuidClaimed',
    released: 'VolumeConnectorUuidReleased',
    taken: ALREADY_EXISTS.volumeConnector,
    heldBy: (node: Node, uuid) => node.volume_connectors.some((connector) => connector.uuid === uuid),
  },
  connector_id: {
    owner: 'node',
    claimed: 'VolumeConnectorIdClaimed',
    released: 'VolumeConnectorIdReleased',
    taken: (key) => ALREADY_EXISTS.connectorId(...connectorOfKey(key)),
    heldBy: (node: Node, key) => node.volume_connectors.some((connector) => connectorKey(connector) === key),
  },
  volume_target: {
    owner: 'node',
    claimed: 'VolumeTargetUuidClaimed',
    released: 'VolumeTargetUuidReleased',
    taken: ALREADY_EXISTS.volumeTarget,
    heldBy: (node: Node, uuid) => node.volume_targets.some((target) => target.uuid === uuid),
  },
  instance: { owner: 'node', claimed: 'InstanceClaimed', released: 'InstanceReleased', taken: ALREADY_EXISTS.instance, heldBy: (node: Node, uuid) => node.instance_uuid === uuid },
  allocation_name: {
    owner: 'allocation',
    claimed: 'AllocationNameClaimed',
    released: 'AllocationNameReleased',
    taken: (name) => `An allocation with name ${name} already exists.`,
    heldBy: (allocation: Allocation, name) => allocation.name === name,
  },
  template_name: {
    owner: 'deploy_template',
    claimed: 'DeployTemplateNameClaimed',
    released: 'DeployTemplateNameReleased',
    taken: (name) => `A deploy template with name ${name} already exists.`,
    heldBy: (template: DeployTemplate, name) => template.name === name,
  },
};

/** The claim value of a volume connector's (type, connector ID) pair: the type (URI-encoded, so it holds no `:`), `:`, the ID. */
export const connectorKey = ({ type, connector_id }: Pick<VolumeConnector, 'type' | 'connector_id'>): string => `${encodeURIComponent(type)}:${connector_id}`;

function connectorOfKey(key: string): [type: string, connectorId: string] {
  const colon = key.indexOf(':');
  return [decodeURIComponent(key.slice(0, colon)), key.slice(colon + 1)];
}

/** A value no two resources may have at once: a node name, a port's MAC address or a port UUID, an instance, … (see `CLAIM_KINDS`). */
export interface Claim {
  readonly kind: ClaimKind;
  readonly value: string;
}

/** Another node holds the value: Ironic's 409. */
export class ClaimConflictError extends NodeConflictError {
  constructor(
    nodeId: string,
    readonly claim: Claim,
    /** The node holding the value. */
    readonly holder: string,
  ) {
    super(nodeId, CLAIM_KINDS[claim.kind].taken(claim.value, nodeId));
  }
}

/** A claim as one string, to compare sets of claims. */
export const claimKey = ({ kind, value }: Claim): string => `${kind} ${value}`;

/** Everything `node` has that no other node may have. */
export function claimsHeldBy(node: Node | null): Claim[] {
  if (!node) return [];
  return [
    ...(node.name ? [{ kind: 'name', value: node.name } as const] : []),
    ...(node.instance_uuid ? [{ kind: 'instance', value: node.instance_uuid } as const] : []),
    ...node.ports.flatMap(portClaims),
    ...node.portgroups.flatMap(portgroupClaims),
    ...node.volume_connectors.flatMap(connectorClaims),
    ...node.volume_targets.flatMap(targetClaims),
  ];
}

/** What a port holds: its MAC address and UUID. */
export const portClaims = (port: Pick<Port, 'uuid' | 'address'>): Claim[] => [
  { kind: 'mac', value: port.address },
  { kind: 'port', value: port.uuid },
];

/** What a port group holds: its UUID, and its name and MAC address when it has them. */
export const portgroupClaims = (group: Pick<Portgroup, 'uuid' | 'name' | 'address'>): Claim[] => [
  { kind: 'portgroup', value: group.uuid },
  ...(group.name !== null ? [{ kind: 'portgroup_name', value: group.name } as const] : []),
  ...(group.address !== null ? [{ kind: 'portgroup_mac', value: group.address } as const] : []),
];

/** What a volume connector holds: its UUID and its (type, connector ID) pair. */
export const connectorClaims = (connector: Pick<VolumeConnector, 'uuid' | 'type' | 'connector_id'>): Claim[] => [
  { kind: 'volume_connector', value: connector.uuid },
  { kind: 'connector_id', value: connectorKey(connector) },
];

/** What a volume target holds: its UUID (its boot index is unique within its node only). */
export const targetClaims = (target: Pick<VolumeTarget, 'uuid'>): Claim[] => [{ kind: 'volume_target', value: target.uuid }];

export interface UniqueClaimsOptions {
  /** A resource as its own stream says now (the read model may lag): the holder of a claim. */
  readonly currentState: (kind: ResourceKind, id: string) => Promise<unknown>;
  /**
   * A claim younger than this stands even when its node does not (yet) have the value: the
   * command that claimed it may still be on the way. Older, it is void unless its node has the
   * value (the node gave it up, was deleted or never got it, without the claim being released).
   */
  readonly graceMs?: number;
  readonly now?: () => number;
}

/**
 * Names, MAC addresses and port UUIDs are unique, and the read model cannot promise that (it
 * lags the store): two commands taking one value at the same moment would both pass a check
 * against it. So a node claims the value in the store before it takes it, in a stream per value
 * whose last event says who holds it, and the store's expected-revision check lets only one
 * claim through.
 */
export class UniqueClaims {
  private readonly graceMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: EventStore,
    private readonly options: UniqueClaimsOptions,
  ) {
    this.graceMs = options.graceMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Claims the value for `nodeId`: `true` when this call claimed it, `false` when the node held
   * it already; `ClaimConflictError` when another node holds it. A claim of `takeOverFrom` is
   * handed over in the same append (a port moving between nodes keeps its MAC all along).
   */
  async claim(claim: Claim, nodeId: string, metadata: Record<string, unknown> = {}, { takeOverFrom, maxAttempts = 5 }: { takeOverFrom?: string; maxAttempts?: number } = {}): Promise<boolean> {
    const kind = CLAIM_KINDS[claim.kind];
    const claimed = [{ type: kind.claimed, data: { nodeId }, metadata }];
    // A value nobody ever had (the usual case) is claimed in one append, without reading.
    let last: RecordedEvent | undefined | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (last !== null) {
        const holder = last?.type === kind.claimed ? (last.data as { nodeId: string }).nodeId : undefined;
        if (holder === nodeId) return false;
        if (holder !== undefined && holder !== takeOverFrom && (await this.stands(last!, holder, claim))) throw new ClaimConflictError(nodeId, claim, holder);
      }
      try {
        await this.store.append(claimStreamId(claim), claimed, { expectedRevision: last ? last.revision : 'no_stream' });
        return true;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        last = (await this.store.readStream(claimStreamId(claim))).at(-1);
      }
    }
    // Still contended after several attempts: as good as taken.
    throw new NodeConflictError(nodeId, CLAIM_KINDS[claim.kind].taken(claim.value, nodeId));
  }

  /**
   * Refuses (`ClaimConflictError`) when another node holds the value now, without claiming it: a
   * command that needs several values checks them all first, so that a refusal for the second
   * appends no claim of the first (a race between the check and the claims is still settled by
   * the claims).
   */
  async ensureFree(claim: Claim, nodeId: string, { takeOverFrom }: { takeOverFrom?: string } = {}): Promise<void> {
    const last = (await this.store.readStream(claimStreamId(claim))).at(-1);
    const holder = last?.type === CLAIM_KINDS[claim.kind].claimed ? (last.data as { nodeId: string }).nodeId : undefined;
    if (holder !== undefined && holder !== nodeId && holder !== takeOverFrom && (await this.stands(last!, holder, claim))) throw new ClaimConflictError(nodeId, claim, holder);
  }

  /** Gives up `nodeId`'s claim, if it still holds it. */
  async release(claim: Claim, nodeId: string, metadata: Record<string, unknown> = {}): Promise<void> {
    const kind = CLAIM_KINDS[claim.kind];
    const last = (await this.store.readStream(claimStreamId(claim))).at(-1);
    if (last?.type !== kind.claimed || (last.data as { nodeId: string }).nodeId !== nodeId) return;
    try {
      await this.store.append(claimStreamId(claim), [{ type: kind.released, data: { nodeId }, metadata }], { expectedRevision: last.revision });
    } catch (error) {
      // Claimed again meanwhile: the value is no longer ours to release.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  /**
   * Gives up what a node held before a commit and no longer holds after it (a tear-down that
   * wiped its instance, say), so the value is free at once rather than after the grace period.
   */
  async releaseGivenUp(nodeId: string, before: Node | null, after: Node | null, metadata: Record<string, unknown> = {}): Promise<void> {
    const kept = new Set(claimsHeldBy(after).map(claimKey));
    for (const claim of claimsHeldBy(before)) if (!kept.has(claimKey(claim))) await this.release(claim, nodeId, metadata);
  }

  private async stands(claimed: RecordedEvent, holder: string, claim: Claim): Promise<boolean> {
    if (this.now() - Date.parse(claimed.recordedAt) < this.graceMs) return true;
    const kind = CLAIM_KINDS[claim.kind];
    const state = await this.options.currentState(kind.owner, holder);
    return state !== null && state !== undefined && kind.heldBy(state as never, claim.value);
  }
}
