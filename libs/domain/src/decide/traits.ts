/** A node's traits (`/v1/nodes/{id}/traits`): allowed in any provision state, not while the node is locked. */
import { type AddNodeTrait, type RemoveNodeTrait, type SetNodeTraits } from '../commands.js';
import { InvalidParameterError, NotFoundError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type Node } from '../node.js';
import { isValidTrait, MAX_TRAITS_PER_NODE, sortedTraits } from '../traits.js';
import { ensureNotLocked, eventMeta } from './shared.js';

export function setTraits(command: SetNodeTraits, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  command.data.traits.forEach((trait) => checkTrait(node, trait));
  const traits = sortedTraits(command.data.traits);
  checkCount(node, traits.length);
  if (JSON.stringify(traits) === JSON.stringify(node.traits)) return [];
  return [{ type: 'NodeTraitsSet', data: { traits }, meta: eventMeta(command) }];
}

export function addTrait(command: AddNodeTrait, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const { trait } = command.data;
  checkTrait(node, trait);
  if (node.traits.includes(trait)) return [];
  checkCount(node, node.traits.length + 1);
  return [{ type: 'NodeTraitAdded', data: { trait }, meta: eventMeta(command) }];
}

export function removeTrait(command: RemoveNodeTrait, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const { trait } = command.data;
  if (!node.traits.includes(trait)) throw new NotFoundError(`Node ${node.uuid} doesn't have a trait '${trait}'`);
  return [{ type: 'NodeTraitRemoved', data: { trait }, meta: eventMeta(command) }];
}

function checkTrait(node: Node, trait: string): void {
  if (!isValidTrait(trait)) throw new InvalidParameterError(node.uuid, `Invalid trait ${JSON.stringify(trait)}: a trait is a standard name or CUSTOM_ followed by A-Z, 0-9 and _.`);
}

/**
 * Ironic names the node by its internal database id here; ironledger has none, so the node's
 * UUID takes its place.
 */
function checkCount(node: Node, count: number): void {
  if (count > MAX_TRAITS_PER_NODE) {
    throw new InvalidParameterError(node.uuid, `Could not modify traits for node ${node.uuid} as it would exceed the maximum number of traits per node (${count} vs. ${MAX_TRAITS_PER_NODE})`);
  }
}
