/**
 * Finding a node by what an operator has in hand: its name, its UUID, its instance's UUID or a
 * MAC address of one of its ports. Ironic's list has no text search, so each kind of term is
 * looked up where Ironic keeps it: a name or UUID as the node's identifier, an instance UUID
 * with the list's `instance_uuid` filter, a MAC with the ports' `address` filter.
 */

export type SearchTerm =
  | { readonly kind: 'uuid'; readonly value: string }
  | { readonly kind: 'mac'; readonly value: string }
  | { readonly kind: 'name'; readonly value: string };

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Six octets, separated by colons or dashes (as operators copy them from a BMC or a switch). */
const MAC = /^[0-9a-f]{2}([:-])[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/i;

/** What kind of term `text` is; `null` for blank. A UUID is both a node's and an instance's: both are looked for. */
export function searchTerm(text: string): SearchTerm | null {
  const value = text.trim();
  if (value === '') return null;
  if (UUID.test(value)) return { kind: 'uuid', value: value.toLowerCase() };
  if (MAC.test(value)) return { kind: 'mac', value: value.toLowerCase().replaceAll('-', ':') };
  return { kind: 'name', value };
}
