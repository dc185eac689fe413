/**
 * Paths without the version prefix, routed as Ironic 21.4 routes them. Ironic's root controller
 * hands every path but `/` to its v1 controller, so `/nodes/n1` is `/v1/nodes/n1`, and `/nope`
 * is v1's 404, version negotiation included; clients that build such URLs still exist.
 *
 * The gateway rewrites the URL before routing: a path whose first segment is not one the gateway
 * serves at its root (`/`, `/v1`, the probes, the metrics, the console) is routed as `/v1` and
 * the path. Links and `Location` headers keep their `/v1` form, as Ironic's do. Two things
 * differ from the prefixed spelling:
 * - a public route is public only when spelled with `/v1`: Ironic matches its
 *   `acl_public_routes` on the path as sent, so `/lookup` and `/heartbeat/{node}` need credentials;
 * - ironledger's own `/v1` routes have no un-prefixed spelling (Ironic has none of them): 404.
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { API_REFERENCE_PATH, OPENAPI_PATH } from '../openapi/api-reference.js';

const PREFIX = '/v1';

/**
 * The `/v1` routes (registered patterns) that are ironledger's and not Ironic's: the event log
 * and audit, the console's summary, the read model's rebuild, the API document, and
 * ironic-inspector's API (a service of its own in OpenStack, never reached through Ironic's).
 */
export const IRONLEDGER_V1_ROUTES: ReadonlySet<string> = new Set([
  '/v1/events',
  '/v1/nodes/:ident/events',
  '/v1/:collection/:uuid/events',
  '/v1/fleet',
  '/v1/admin/rebuild',
  OPENAPI_PATH,
  API_REFERENCE_PATH,
  `${API_REFERENCE_PATH}/*`,
  '/v1/continue',
  '/v1/introspection',
  '/v1/introspection/:ident',
  '/v1/introspection/:ident/abort',
]);

/**
 * The rewrite of un-prefixed paths (Fastify's `rewriteUrl` option), which learns the gateway's
 * root-level paths from the routes as they are registered (`observeRoutes`).
 */
export class UnprefixedPaths {
  private readonly rootSegments = new Set<string>();

  /** Records the first segment of every route registered outside `/v1`. */
  observeRoutes(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      this.rootSegments.add(route.url.split('/')[1] ?? '');
    });
  }

  /** The URL to route: `/v1` and `url` for an un-prefixed path, else `url` unchanged. */
  readonly rewriteUrl = (request: { url?: string }): string => {
    const url = request.url ?? '/';
    const segment = firstSegment(url);
    return segment === undefined || this.rootSegments.has(segment) ? url : `${PREFIX}${url}`;
  };
}

/** Whether the request was sent without the `/v1` prefix and routed below it. */
export function isUnprefixed(request: FastifyRequest): boolean {
  return request.originalUrl !== request.url;
}

/** The percent-decoded first segment of the path (as the router reads it), or undefined when it cannot be decoded. */
function firstSegment(url: string): string | undefined {
  const raw = url.split(/[/?#]/, 2)[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
