/**
 * Every route the gateway serves, read from its controllers' metadata (so that a route added
 * later is covered by the tests that walk them all), and raw HTTP requests that send a path
 * exactly as written (fetch would normalise it).
 */
import 'reflect-metadata';
import { request as httpRequest } from 'node:http';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod, type Type } from '@nestjs/common';
import { GatewayModule, type GatewayDependencies } from '../../apps/gateway/src/app.module.js';

export interface Route {
  readonly method: string;
  /** The registered pattern, e.g. `/v1/nodes/:ident`. */
  readonly path: string;
}

/** The routes of every controller of the gateway module. */
export function gatewayRoutes(): Route[] {
  // Only the controller list is read: the dependencies are never used.
  const controllers = (GatewayModule.forRoot({ config: { inspector: {} } } as unknown as GatewayDependencies).controllers ?? []) as Type[];
  const routes: Route[] = [];
  for (const controller of controllers) {
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || name === 'constructor') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      // A handler may serve several paths, and `@All` every method.
      const paths = [Reflect.getMetadata(PATH_METADATA, handler) ?? ''].flat() as string[];
      const methods = method === RequestMethod.ALL ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [RequestMethod[method]];
      for (const path of paths) {
        const pattern = `/${[prefix, path].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        for (const each of methods) routes.push({ method: each, path: pattern });
      }
    }
  }
  return routes;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request with the path sent byte for byte as given. */
export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, method, path, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Spellings of `path` that a router decodes back to it: percent-encoded letters of the version
 * segment and of the resource name, a trailing slash, and for a `/v1` path the path without its
 * prefix (Ironic routes `/nodes` as `/v1/nodes`), plain and with its first letter encoded.
 */
export function encodedVariants(path: string): string[] {
  const percent = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const variants = new Set<string>([path, `${path}/`]);
  if (path.startsWith('/v1')) {
    const rest = path.slice(3);
    variants.add(`/${percent('v')}1${rest}`);
    variants.add(`/v${percent('1')}${rest}`);
    variants.add(`/${percent('v')}${percent('1')}${rest}`);
    variants.add(`/${percent('v').toLowerCase()}${percent('1')}${rest}/`);
    if (rest.length > 1) {
      variants.add(rest);
      variants.add(`/${percent(rest[1]!)}${rest.slice(2)}`);
    }
  }
  const segments = path.split('/');
  const last = segments.length - 1;
  if (segments[last] && /^[a-z]/.test(segments[last]!)) {
    variants.add([...segments.slice(0, last), `${percent(segments[last]![0]!)}${segments[last]!.slice(1)}`].join('/'));
  }
  return [...variants];
}
