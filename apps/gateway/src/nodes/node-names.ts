/**
 * Node names and identifiers as Ironic reads them: which names a node may take at a
 * microversion, and how `/v1/nodes/{ident}` tells a UUID from a name.
 */
import { ApiError, badRequest, notAcceptable, routerError } from '../http/errors.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { isLogicalName, isUuidLike } from '../http/ironic-args.js';

/** Path words of `/v1/nodes/…` that cannot be node names, in the order Ironic lists them. */
const RESERVED_NODE_NAMES = ['maintenance', 'management', 'states', 'vendor_passthru', 'detail', 'validate'] as const;

/** The hostname rule names followed before 1.10 (lower case, no `_`). */
const HOSTNAME_SAFE = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9\-_]{0,62}[a-z0-9])*\.?$/;

/** A logical name at `version` (at most 255 characters; RFC 3986 unreserved ones from 1.10). */
function isNameAt(name: string, version?: Microversion): boolean {
  if (version && !version.atLeast(Versions.UNRESTRICTED_NODE_NAME)) return name.length <= 255 && HOSTNAME_SAFE.test(name);
  return isLogicalName(name);
}

/** A name a node may take at `version`: a logical name that does not look like a UUID. */
export function isValidNodeName(name: string, version: Microversion): boolean {
  return isNameAt(name, version) && !isUuidLike(name);
}

/**
 * Ironic's check of names a request gives nodes: none before 1.5 (406), a valid name (400 with
 * `invalid`'s words) that is not a reserved word (400).
 */
export function checkNodeNames(names: readonly string[], version: Microversion, invalid: (name: string) => string): void {
  if (!version.atLeast(Versions.NODE_NAME)) throw notAcceptable();
  for (const name of names) {
    if (!isValidNodeName(name, version)) throw badRequest(invalid(name));
    if ((RESERVED_NODE_NAMES as readonly string[]).includes(name)) {
      throw badRequest(`The word "${name}" is reserved and can not be used as a node name. Reserved words are: ${RESERVED_NODE_NAMES.join(', ')}.`);
    }
  }
}

/**
 * The identifier in `/v1/nodes/{ident}/…` checked as Ironic's router does before any handler:
 * a UUID or a logical name, else 400 in the router's body. `argument` names it as handlers do
 * that check it themselves (`/states`, `/vendor_passthru`, `/management`: `node_ident`, in the
 * usual body).
 */
export function checkNodeIdent(ident: string, { argument }: { argument?: 'node_ident' } = {}): void {
  if (isUuidLike(ident) || isNameAt(ident)) return;
  if (argument) throw badRequest(`Expected UUID or name for ${argument}: ${ident}`);
  throw routerError(400, `Expected UUID or name for node: ${ident}`);
}

/**
 * How Ironic looks a node up (`get_rpc_node`): by UUID when it looks like one; by name from 1.5
 * when it is a logical name at the version (400 otherwise); before 1.5 a name finds nothing.
 * `find` looks up by UUID or name (`undefined`: no such node).
 */
export function lookUpNode<N>(ident: string, version: Microversion, find: (ident: string) => N | undefined, notFound: (ident: string) => Error): N {
  if (!isUuidLike(ident)) {
    if (!version.atLeast(Versions.NODE_NAME)) throw notFound(ident);
    if (!isNameAt(ident, version)) throw new ApiError(400, `Expected a logical name or UUID but received ${ident}.`);
  }
  const found = find(ident);
  if (found === undefined) throw notFound(ident);
  return found;
}
