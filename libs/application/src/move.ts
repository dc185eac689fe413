import { decide, handBack, handOver, InvalidInputError, type MoveCommand, type Node, type NodeEvent, NodeNotFoundError } from '@ironledger/domain';
import { type Handled, type HandleOptions } from './command-handler.js';
import { claimAudit, type NodeClaimParts, receivedClaims, releaseClaims } from './node-claims.js';
import { type Claim, claimKey, type UniqueClaims } from './unique-claims.js';

/**
 * Moves a port, port group, volume connector or target to another node: both halves are
 * decided (the destination's rules first, as Ironic checks the node the item goes to) before
 * either is appended; the values the item holds are handed to the destination in their claim
 * streams, then it leaves its node and arrives at the other. Should the destination refuse it
 * after all (it changed in between), the item returns and so do its claims. Answers with the
 * destination node.
 */
export async function moveItem(parts: NodeClaimParts, command: MoveCommand, destination: string, options: HandleOptions): Promise<Handled<NodeEvent, Node>> {
  const { claims, nodes } = parts;
  const audit = claimAudit(command.meta, parts.conductorId);
  const source = (await nodes.load(command.nodeId)).state;
  if (!source) throw new NodeNotFoundError(command.nodeId);
  let receive = handOver(command, source, destination);
  const target = (await nodes.load(destination)).state;
  if (!target) throw new InvalidInputError(new NodeNotFoundError(destination).message);
  decide(receive, target);
  decide(command, source);
  const held = new Set(receivedClaims(handBack(receive)).map(claimKey));
  const wanted = receivedClaims(receive);
  const handedOver: Claim[] = [];
  const claimedNow: Claim[] = [];
  try {
    await Promise.all(wanted.map((claim) => claims.ensureFree(claim, destination, { takeOverFrom: source.uuid })));
    for (const claim of wanted) {
      if (held.has(claimKey(claim))) {
        await claims.claim(claim, destination, audit, { takeOverFrom: source.uuid });
        handedOver.push(claim);
      } else if (await claims.claim(claim, destination, audit)) {
        claimedNow.push(claim);
      }
    }
    // The item as it left (a concurrent change to it made the append decide again on it).
    receive = handOver(command, (await nodes.handle(command, options)).previous!, destination);
  } catch (error) {
    await restoreClaims(claims, handedOver, claimedNow, source.uuid, destination, audit);
    throw error;
  }
  let arrived: Handled<NodeEvent, Node>;
  try {
    arrived = await nodes.handle(receive);
  } catch (error) {
    await nodes.handle(handBack(receive));
    await restoreClaims(claims, handedOver, claimedNow, source.uuid, destination, audit);
    throw error;
  }
  // What the item gave up on the way (an old MAC address, name, …) is free again.
  const kept = new Set(wanted.map(claimKey));
  await releaseClaims(claims, receivedClaims(handBack(receive)).filter((claim) => !kept.has(claimKey(claim))), source.uuid, audit);
  return arrived;
}

/** Claims handed to the destination of a failed move go back to the source; those claimed for it are given up. */
async function restoreClaims(
  claims: UniqueClaims,
  handedOver: readonly Claim[],
  claimedNow: readonly Claim[],
  source: string,
  destination: string,
  audit: Record<string, unknown>,
): Promise<void> {
  for (const claim of handedOver) await claims.claim(claim, source, audit, { takeOverFrom: destination }).catch(() => undefined);
  await releaseClaims(claims, claimedNow, destination, audit);
}
