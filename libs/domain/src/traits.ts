/**
 * Scheduling traits: what a node offers (`/v1/nodes/{id}/traits`), what an allocation asks for,
 * and the names of deploy templates. A trait is a standard os-traits name or a custom one.
 */
import { STANDARD_TRAITS } from './os-traits.js';

/** Custom traits: `CUSTOM_` and upper-case letters, digits and underscores. */
export const CUSTOM_TRAIT_PATTERN = '^CUSTOM_[A-Z0-9_]+$';
const CUSTOM_TRAIT = new RegExp(CUSTOM_TRAIT_PATTERN);
const STANDARD = new Set(STANDARD_TRAITS);

/** The longest trait name. */
export const MAX_TRAIT_LENGTH = 255;

/** At most this many traits per node (Ironic's `MAX_NODE_TRAITS`). */
export const MAX_TRAITS_PER_NODE = 50;

/** Whether `trait` is a valid trait: 1–255 characters, a standard name or `CUSTOM_[A-Z0-9_]+`. */
export function isValidTrait(trait: unknown): trait is string {
  return typeof trait === 'string' && trait.length >= 1 && trait.length <= MAX_TRAIT_LENGTH && (STANDARD.has(trait) || CUSTOM_TRAIT.test(trait));
}

/** Distinct traits in code-point order: how a node keeps (and Ironic lists) its traits. */
export function sortedTraits(traits: Iterable<string>): string[] {
  return [...new Set(traits)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
