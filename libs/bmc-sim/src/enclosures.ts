/**
 * Blade enclosures: one Redfish service (one service root, one account, its own sessions) over
 * several systems, as a blade chassis' management module is. Enclosure e of size k manages
 * systems (e-1)·k+1 … e·k; each system keeps its own power, boot, BIOS, manager and virtual
 * media, whichever service it is reached through. Pure: no I/O, no clock.
 */
import { basicAuthHeader, DEFAULT_PASSWORD, DEFAULT_USERNAME } from './model.js';

/** One blade enclosure: its number, the systems it manages and its account. */
export interface Enclosure {
  /** 1-based; the enclosure answers under `/enclosure/{index}`. */
  readonly index: number;
  /** The first and last system it manages (inclusive). */
  readonly first: number;
  readonly last: number;
  username: string;
  password: string;
  basicAuth: string;
}

/** What the control API may change on an enclosure. Absent fields stay as they are. */
export interface EnclosureControl {
  /** Back to the default account first. */
  reset?: boolean;
  username?: string;
  password?: string;
  /** Ends the enclosure's open sessions; their tokens then get 401. */
  dropSessions?: boolean;
}

export interface EnclosureDefaults {
  readonly username?: string;
  readonly password?: string;
}

/** The enclosures of `size` systems each that `systems` systems fill (none when `size` is 0); systems left over belong to none. */
export function createEnclosures(systems: number, size: number, defaults: EnclosureDefaults = {}): Enclosure[] {
  const enclosures: Enclosure[] = [];
  if (size <= 0) return enclosures;
  const username = defaults.username ?? DEFAULT_USERNAME;
  const password = defaults.password ?? DEFAULT_PASSWORD;
  for (let index = 1; index * size <= systems; index++) {
    enclosures.push({ index, first: (index - 1) * size + 1, last: index * size, username, password, basicAuth: basicAuthHeader(username, password) });
  }
  return enclosures;
}

/** Applies a control request; says whether the account changed (its sessions then end). */
export function applyEnclosureControl(enclosure: Enclosure, control: EnclosureControl, defaults: EnclosureDefaults = {}): { readonly credentialsChanged: boolean } {
  const before = enclosure.basicAuth;
  if (control.reset) {
    enclosure.username = defaults.username ?? DEFAULT_USERNAME;
    enclosure.password = defaults.password ?? DEFAULT_PASSWORD;
  }
  if (control.username !== undefined) enclosure.username = control.username;
  if (control.password !== undefined) enclosure.password = control.password;
  enclosure.basicAuth = basicAuthHeader(enclosure.username, enclosure.password);
  return { credentialsChanged: enclosure.basicAuth !== before };
}

/** The control API's view of an enclosure (never the password). */
export function describeEnclosure(enclosure: Enclosure) {
  const systems: number[] = [];
  for (let n = enclosure.first; n <= enclosure.last; n++) systems.push(n);
  return { index: enclosure.index, systems, username: enclosure.username };
}

/** The session owner of enclosure e (BMC n owns sessions as n, the root service as 0). */
export const enclosureOwner = (index: number): number => -index;

/** A stable UUID per enclosure's service root, distinct from systems', chassis' and managers'. */
export function enclosureUuid(index: number): string {
  return `5eb1f0c0-0000-4000-b000-${index.toString(16).padStart(12, '0')}`;
}
