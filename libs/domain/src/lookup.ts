/**
 * Finding the node a booted ramdisk belongs to from what it reports about itself (its MACs,
 * its BMC address), the way ironic-inspector's `find_node` scores its cache: every node under
 * introspection gets one point per kind of attribute that matches, the highest score wins, and
 * a tie at the top is an error rather than a guess.
 */
import { introspectionActive, nodeBmcHost } from './introspection.js';
import { type Node } from './node.js';

/** What a ramdisk reports for look-up; each list may be empty. */
export interface LookupAttributes {
  /** BMC host names (see `bmcHost`). */
  readonly bmc_address: readonly string[];
  /** MAC addresses, lower case. */
  readonly mac: readonly string[];
}

export type LookupResult =
  | { readonly kind: 'found'; readonly node: Node; readonly score: number }
  /** Several nodes share the best score: their UUIDs, sorted. */
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[]; readonly score: number }
  | { readonly kind: 'not_found' };

/** The look-up attributes a node offers while under introspection: its BMC host and its ports' MACs. */
export function nodeAttributes(node: Node): LookupAttributes {
  const bmc = nodeBmcHost(node.driver_info);
  return { bmc_address: bmc ? [bmc] : [], mac: node.ports.map((port) => port.address) };
}

/**
 * The best match among the nodes under introspection (a record that has not finished).
 * A node scores one point for each attribute kind (`bmc_address`, `mac`) with at least one
 * value in common with `attributes`; nodes without a point are not candidates.
 */
export function lookUpNode(nodes: Iterable<Node>, attributes: LookupAttributes): LookupResult {
  const wanted = { bmc_address: new Set(attributes.bmc_address), mac: new Set(attributes.mac) };
  let best = 0;
  let leaders: Node[] = [];
  for (const node of nodes) {
    if (!introspectionActive(node.introspection)) continue;
    const own = nodeAttributes(node);
    const score = (own.bmc_address.some((v) => wanted.bmc_address.has(v)) ? 1 : 0) + (own.mac.some((v) => wanted.mac.has(v)) ? 1 : 0);
    if (score === 0 || score < best) continue;
    if (score > best) {
      best = score;
      leaders = [];
    }
    leaders.push(node);
  }
  if (leaders.length === 0) return { kind: 'not_found' };
  if (leaders.length > 1) return { kind: 'ambiguous', candidates: leaders.map((node) => node.uuid).sort(), score: best };
  return { kind: 'found', node: leaders[0], score: best };
}

/**
 * The node that owns a port with one of `macs`, whatever its introspection: to tell a ramdisk
 * of a known machine that is not under introspection why it is refused (MACs are unique, so
 * unlike a BMC host, which a simulator shares between many machines, one match identifies it).
 * `undefined` when no node, or more than one, owns them.
 */
export function nodeOwningMacs(nodes: Iterable<Node>, macs: readonly string[]): Node | undefined {
  const wanted = new Set(macs);
  const owners = new Map<string, Node>();
  for (const node of nodes) {
    if (node.ports.some((port) => wanted.has(port.address))) owners.set(node.uuid, node);
  }
  return owners.size === 1 ? [...owners.values()][0] : undefined;
}
