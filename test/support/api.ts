/** Ironic API calls over real HTTP for end-to-end tests, and Ironic's error bodies read back. */

export type Json = Record<string, unknown>;

export const LATEST = { 'X-OpenStack-Ironic-API-Version': 'latest' } as const;

/** The headers asking for one microversion. */
export const at = (version: string) => ({ 'X-OpenStack-Ironic-API-Version': version });

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body as JSON (`undefined` when empty). */
  readonly json: Json;
}

export interface CallOptions {
  readonly body?: unknown;
  /** Request headers (default: the latest microversion). */
  readonly headers?: Record<string, string>;
  /** A body sent as it is, not as JSON of `body`. */
  readonly raw?: string;
}

/** Calls of the API at `baseUrl` (read when called, so it may be set after the client is made). */
export function apiClient(baseUrl: () => string) {
  return async function call(method: string, path: string, { body, headers = LATEST, raw }: CallOptions = {}): Promise<ApiResponse> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: (text ? JSON.parse(text) : undefined) as Json };
  };
}

/** The faultstring of an Ironic error body. */
export function fault(body: Json): string {
  return (JSON.parse(body.error_message as string) as { faultstring: string }).faultstring;
}
