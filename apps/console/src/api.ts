/**
 * The gateway's API as the console calls it: same origin (so the browser's HTTP basic
 * credentials go along), the Keystone token when the operator signed in with one, the newest
 * microversion, and Ironic's errors read back as their words.
 */
import { type FleetSummary } from '@ironledger/contracts';
import { keystone } from './keystone-session.js';

/** Ironic's microversion header, at the newest version the gateway serves. */
export const API_HEADERS: Readonly<Record<string, string>> = { 'X-OpenStack-Ironic-API-Version': '1.82' };

/** A refused or failed request, with what Ironic said. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What an Ironic error response says: the `faultstring` of the JSON document in its
 * `error_message` (or a version error's `description`), else the body or the status itself.
 */
export function ironicFault(status: number, body: string): string {
  try {
    const message = (JSON.parse(body) as { error_message?: unknown }).error_message;
    const fault = (typeof message === 'string' ? JSON.parse(message) : message) as { faultstring?: unknown; description?: unknown } | null;
    const words = fault?.faultstring ?? fault?.description;
    if (typeof words === 'string' && words !== '') return words;
  } catch {
    // Not Ironic's error body (a proxy's page, say): said below as it is.
  }
  return body.trim() === '' ? `HTTP ${status}` : `HTTP ${status}: ${body.trim().slice(0, 200)}`;
}

/**
 * `fetch` of a gateway path with the microversion and, once the operator signed in, the Keystone
 * token; an answer asking for a Keystone token brings the sign-in back (see `keystone-session.ts`).
 */
export async function callGateway(path: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {}): Promise<Response> {
  const token = keystone.token;
  const response = await fetch(path, { ...init, headers: { ...API_HEADERS, ...(token !== null && { 'X-Auth-Token': token }), ...init.headers } });
  keystone.answered(token, response.status, response.headers.get('WWW-Authenticate'));
  return response;
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await callGateway(path, {
    method,
    headers: { Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, ironicFault(response.status, text));
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The node fields the console shows (a list asks for these only). */
export interface NodeRow {
  readonly uuid: string;
  readonly name: string | null;
  readonly provision_state: string;
  readonly target_provision_state: string | null;
  readonly power_state: string | null;
  readonly target_power_state: string | null;
  readonly maintenance: boolean;
  readonly maintenance_reason: string | null;
  readonly fault: string | null;
  readonly driver: string;
  readonly last_error: string | null;
}

export const NODE_FIELDS: readonly (keyof NodeRow)[] = [
  'uuid', 'name', 'provision_state', 'target_provision_state', 'power_state', 'target_power_state', 'maintenance', 'maintenance_reason', 'fault', 'driver', 'last_error',
];

/** One event of a node's log (`GET /v1/nodes/{id}/events`) or of the live stream (`GET /v1/events`). */
export interface LoggedEvent {
  readonly position: number;
  readonly kind?: string;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly meta: { readonly at: string; readonly actor: string; readonly requestId: string; readonly nodeId?: string } & Readonly<Record<string, unknown>>;
}

/** `?at=` for a past instant, or nothing for now. */
const atQuery = (at: string | null, separator = '?') => (at === null ? '' : `${separator}at=${encodeURIComponent(at)}`);

const node = (id: string) => `/v1/nodes/${encodeURIComponent(id)}`;

export interface DriverDetail {
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface PortRow {
  readonly uuid: string;
  readonly address: string;
  readonly pxe_enabled: boolean;
}

export const api = {
  fleet: (at: string | null) => request<FleetSummary>('GET', `/v1/fleet${atQuery(at)}`),
  nodes: (query: string) => request<{ nodes: NodeRow[]; next?: string }>('GET', `/v1/nodes?${query}`),
  node: (uuid: string, at: string | null) => request<NodeRow>('GET', `/v1/nodes/${encodeURIComponent(uuid)}?fields=${NODE_FIELDS.join(',')}${atQuery(at, '&')}`),
  nodeEvents: (uuid: string, after: number) => request<{ events: LoggedEvent[]; next?: string }>('GET', `/v1/nodes/${encodeURIComponent(uuid)}/events?after=${after}`),
  /** A provision verb, with its arguments (`clean_steps`, `rescue_password`, …) when it takes some. */
  provision: (uuid: string, target: string, args: Record<string, unknown> = {}) => request<void>('PUT', `/v1/nodes/${encodeURIComponent(uuid)}/states/provision`, { target, ...args }),
  power: (uuid: string, target: string) => request<void>('PUT', `/v1/nodes/${encodeURIComponent(uuid)}/states/power`, { target }),
  drivers: () => request<{ drivers: { name: string }[] }>('GET', '/v1/drivers?type=dynamic'),
  driver: (name: string) => request<DriverDetail>('GET', `/v1/drivers/${encodeURIComponent(name)}`),
  driverProperties: (name: string) => request<Record<string, string>>('GET', `/v1/drivers/${encodeURIComponent(name)}/properties`),
  /** The whole node, as the edit form and the details read it. */
  nodeDetail: (uuid: string) => request<Record<string, unknown> & { driver: string; driver_info: Record<string, unknown> }>('GET', node(uuid)),
  createNode: (body: Record<string, unknown>) => request<{ uuid: string }>('POST', '/v1/nodes', body),
  patchNode: (uuid: string, ops: readonly unknown[]) => request<unknown>('PATCH', node(uuid), ops),
  ports: (uuid: string) => request<{ ports: PortRow[] }>('GET', `/v1/ports?node_uuid=${encodeURIComponent(uuid)}&fields=uuid,address,pxe_enabled`),
  createPort: (uuid: string, address: string) => request<PortRow>('POST', '/v1/ports', { node_uuid: uuid, address }),
  /** Deploys with a config drive (a JSON object or the drive's text as Ironic takes it), if one is given. */
  deploy: (uuid: string, configdrive?: unknown) => request<void>('PUT', `${node(uuid)}/states/provision`, { target: 'active', ...(configdrive !== undefined && { configdrive }) }),
  deleteNode: (uuid: string) => request<void>('DELETE', `/v1/nodes/${encodeURIComponent(uuid)}`),
  /** Every node the filters match, by UUID alone, a page of 1,000 (Ironic's largest) at a time. */
  allMatching: async (query: string): Promise<string[]> => {
    const uuids: string[] = [];
    for (let marker: string | undefined, more = true; more; ) {
      const page = await request<{ nodes: { uuid: string }[]; next?: string }>('GET', `/v1/nodes?${query}&fields=uuid&limit=1000${marker ? `&marker=${marker}` : ''}`);
      uuids.push(...page.nodes.map((node) => node.uuid));
      marker = page.nodes.at(-1)?.uuid;
      more = page.next !== undefined && marker !== undefined;
    }
    return uuids;
  },
  maintenance: (uuid: string, on: boolean, reason?: string) =>
    on ? request<void>('PUT', `/v1/nodes/${encodeURIComponent(uuid)}/maintenance`, reason ? { reason } : {}) : request<void>('DELETE', `/v1/nodes/${encodeURIComponent(uuid)}/maintenance`),
};
