import { statSync } from 'node:fs';
import { type Json, type Node } from '@ironledger/domain';
import { RedfishError } from './errors.js';

/** How the driver authenticates, as Ironic's `redfish_auth_type` names it. */
export const REDFISH_AUTH_TYPES = ['basic', 'session', 'auto'] as const;
export type RedfishAuthType = (typeof REDFISH_AUTH_TYPES)[number];

/**
 * How to talk to a node's BMC: where it is and how to authenticate. Everything here decides
 * which client (connections, session) a node uses; see `RedfishConnections`.
 */
export interface RedfishBmcInfo {
  /** `scheme://host:port` of the BMC. */
  readonly origin: string;
  /** Path in front of `/redfish/v1` ('' for a plain BMC, `/bmc/7` for a simulated one). */
  readonly prefix: string;
  /** Path of the service root: `{prefix}/redfish/v1`. */
  readonly rootPath: string;
  readonly username: string;
  readonly password: string;
  /** Verify the BMC's certificate against the system CAs (`true`), not at all, or against a CA file/directory. */
  readonly verifyCa: boolean | string;
  readonly authType: RedfishAuthType;
}

/** A node's `driver_info`, checked and normalised: its BMC, and which of the BMC's systems is the node. */
export interface RedfishDriverInfo extends RedfishBmcInfo {
  /** Path of the ComputerSystem on the BMC, or `null` for the BMC's only one. */
  readonly systemId: string | null;
}

/** The keys a node must set; Ironic itself requires only the address, but a BMC without credentials is rare enough to refuse. */
const REQUIRED = ['redfish_address', 'redfish_username', 'redfish_password'] as const;

/**
 * Reads a node's Redfish `driver_info` as Ironic does: a bare host means https; the address may
 * carry a path, either a prefix in front of `/redfish/v1` or the service root itself; the
 * system id is a path on the BMC. Throws `RedfishError` (`invalid-config`) with Ironic's wording.
 */
export function parseDriverInfo(node: Pick<Node, 'uuid' | 'driver_info'>, defaultAuthType: RedfishAuthType = 'auto'): RedfishDriverInfo {
  const info = node.driver_info ?? {};
  const missing = REQUIRED.filter((key) => typeof info[key] !== 'string' || info[key] === '');
  if (missing.length > 0) throw invalid(`Missing the following Redfish properties in node ${node.uuid} driver_info: [${missing.map((key) => `'${key}'`).join(', ')}]`);

  const { origin, prefix, rootPath } = parseAddress(node.uuid, info.redfish_address as string);
  return {
    origin,
    prefix,
    rootPath,
    systemId: parseSystemId(node.uuid, info.redfish_system_id, origin, prefix),
    username: info.redfish_username as string,
    password: info.redfish_password as string,
    verifyCa: parseVerifyCa(node.uuid, info.redfish_verify_ca),
    authType: parseAuthType(node.uuid, info.redfish_auth_type, defaultAuthType),
  };
}

function parseAddress(uuid: string, address: string): { origin: string; prefix: string; rootPath: string } {
  // An address with `@` may carry credentials: it is then not echoed.
  const shown = address.includes('@') ? '' : `${address} `;
  const bad = (why: string) => invalid(`Invalid Redfish address ${shown}set in driver_info/redfish_address on node ${uuid}: ${why}`);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`);
  } catch {
    throw bad('not a URL');
  }
  if (url.username || url.password) throw bad('it must not carry credentials; set redfish_username and redfish_password instead');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad('the scheme must be http or https');
  if (!url.hostname) throw bad('no host');
  if (url.search || url.hash) throw bad('no query or fragment allowed');
  const path = url.pathname.replace(/\/+$/, '');
  const rootPath = /\/redfish\/v1$/.test(path) ? path : `${path}/redfish/v1`;
  return { origin: url.origin, prefix: rootPath.slice(0, -'/redfish/v1'.length), rootPath };
}

function parseSystemId(uuid: string, value: Json | undefined, origin: string, prefix: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const bad = () =>
    invalid(
      `Invalid value "${String(value)}" set in driver_info/redfish_system_id on node ${uuid}. The value should be a path (string) to the ` +
        'resource that the driver will interact with. For example: /redfish/v1/Systems/1',
    );
  if (typeof value !== 'string') throw bad();
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || url.origin !== origin) throw bad();
    path = url.pathname;
  }
  if (!path.startsWith('/')) throw bad();
  path = path.replace(/\/+$/, '');
  // A path given relative to the BMC's prefix (`/redfish/v1/Systems/1` at `…/bmc/7`) lives under it.
  return prefix && !path.startsWith(`${prefix}/`) ? `${prefix}${path}` : path;
}

const TRUE_WORDS = new Set(['1', 't', 'true', 'on', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'f', 'false', 'off', 'n', 'no']);

function parseVerifyCa(uuid: string, value: Json | undefined): boolean | string {
  if (value === undefined || value === null) return true;
  if (typeof value === 'boolean') return value;
  const bad = () =>
    invalid(`Invalid value type set in driver_info/redfish_verify_ca on node ${uuid}. The value should be a Boolean or the path to a file/directory, not "${String(value)}"`);
  if (typeof value !== 'string') throw bad();
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  const stat = statSync(value, { throwIfNoEntry: false });
  if (stat?.isFile() || stat?.isDirectory()) return value;
  throw bad();
}

function parseAuthType(uuid: string, value: Json | undefined, fallback: RedfishAuthType): RedfishAuthType {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && (REDFISH_AUTH_TYPES as readonly string[]).includes(value)) return value as RedfishAuthType;
  throw invalid(`Invalid value "${String(value)}" set in driver_info/redfish_auth_type on node ${uuid}. The value should be one of "basic", "session" or "auto".`);
}

function invalid(message: string): RedfishError {
  return new RedfishError('invalid-config', message);
}
