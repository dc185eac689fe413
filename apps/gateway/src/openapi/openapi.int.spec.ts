/**
 * The OpenAPI document as the gateway module serves it, run in this process on Fastify: it
 * names every route Fastify registered, with its methods and nothing more; it is well-formed
 * OpenAPI 3.1; and it says what some resources are known to need and take.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LiveProjection } from '@ironledger/application';
import { InMemoryEventStore } from '@ironledger/event-store';
import { serviceRegistry } from '@ironledger/observability';
import { GatewayModule } from '../app.module.js';
import { loadConfig } from '../config.js';
import { ConductorLink } from '../conductor-link.js';
import { serverOptions } from '../http/server-options.js';
import { gatewayLogger } from '../observability/gateway-logger.js';
import { GatewayMetrics } from '../observability/gateway-metrics.js';
import { type OpenApiDocument } from './document.js';

const natsUrl = process.env.NATS_URL ?? '';
if (!natsUrl) throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');

type Json = Record<string, unknown>;

/** The methods Ironic's clients send; Fastify also registers HEAD for every GET, and `@All` routes for every method it knows. */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

const registered = new Set<string>();
let app: NestFastifyApplication;
let conductors: ConductorLink;
let document: OpenApiDocument;

beforeAll(async () => {
  const config = loadConfig({ NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: `openapi-${randomUUID()}` });
  const store = new InMemoryEventStore();
  const projection = new LiveProjection(store);
  const metrics = new GatewayMetrics(serviceRegistry('gateway', 'openapi-test'), store, projection);
  conductors = await ConductorLink.connect({ ...config, roundTrip: metrics.conductorRoundTrip });
  const adapter = new FastifyAdapter(serverOptions(config.http));
  adapter.getInstance().addHook('onRoute', ({ method, url }) => {
    for (const each of [method].flat()) if (METHODS.includes(each)) registered.add(`${each} ${url}`);
  });
  const logger = gatewayLogger({ LOG_LEVEL: 'silent' });
  app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot({ config, store, projection, conductors, logger, metrics }), adapter, { logger: false, bodyParser: false });
  await app.listen(0, '127.0.0.1');
  const response = await fetch(`${await app.getUrl()}/v1/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});

afterAll(async () => {
  await app?.close();
  await conductors?.close();
});

const operations = () => Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

/** What a `$ref` (a JSON pointer into the document) points at, or `undefined`. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, token) => (node !== null && typeof node === 'object' ? (node as Json)[token] : undefined), document);
}

/** Every `$ref` in the document. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [child] : refs(child)));
}

/** The schema of an operation's JSON body, followed through its `$ref`. */
function bodySchema(path: string, method: string): Json {
  const content = (document.paths[path]?.[method]?.requestBody as { content: Record<string, { schema: { $ref: string } }> }).content;
  return resolve(content['application/json']!.schema.$ref) as Json;
}

describe('GET /v1/openapi.json', () => {
  it('names every route Fastify registered, with its methods, and nothing else', () => {
    expect(registered.size).toBeGreaterThan(150);
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    expect(new Set(documented)).toEqual(registered);
    expect(documented).toHaveLength(registered.size);
  });

  it('is well-formed OpenAPI 3.1: info, operations with responses and unique ids, path parameters, tags, and every $ref resolves', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const tags = new Set(document.tags.map(({ name }) => name));
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      expect(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']).toContain(method);
      expect(path).toMatch(/^\//);
      const responses = Object.keys(operation.responses as Json);
      expect(responses.length).toBeGreaterThan(0);
      for (const status of responses) expect(status).toMatch(/^([1-5]\d\d|default)$/);
      for (const tag of operation.tags as string[]) expect(tags).toContain(tag);
      const parameters = (operation.parameters as Json[]).map((parameter) => (parameter.$ref ? (resolve(parameter.$ref as string) as Json) : parameter));
      const inPath = parameters.filter((parameter) => parameter.in === 'path');
      expect(inPath.map(({ name }) => name).sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort());
      for (const parameter of inPath) expect(parameter.required).toBe(true);
      for (const requirement of (operation.security ?? document.security) as Json[]) for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes).toHaveProperty(scheme);
    }
    const all = refs(document);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((ref) => resolve(ref) === undefined)).toEqual([]);
  });

  it('notes the microversion a resource needs, as the root document lists it', () => {
    const since = (path: string, method = 'get') => document.paths[path]?.[method]?.['x-min-microversion'];
    expect(since('/v1/nodes')).toBe('1.1');
    expect(since('/v1/allocations', 'post')).toBe('1.52');
    expect(since('/v1/nodes/{ident}/allocation')).toBe('1.52');
    expect(since('/v1/deploy_templates/{ident}', 'patch')).toBe('1.55');
    expect(since('/v1/nodes/{ident}/history')).toBe('1.78');
    expect(since('/v1/shards')).toBe('1.82');
    expect(since('/v1/nodes/{ident}/traits', 'put')).toBe('1.37');
    expect(since('/healthz')).toBeUndefined();
    expect(document.paths['/v1/allocations']?.get?.description).toContain('1.52');
    expect(document.paths['/v1/nodes']?.get?.description).toBeUndefined();
    expect(document.tags.find(({ name }) => name === 'deploy_templates')?.description).toContain('1.55');
  });

  it('takes the microversion header on /v1 only, and asks no credentials of the public routes', () => {
    const microversion = { $ref: '#/components/parameters/Microversion' };
    expect(resolve(microversion.$ref)).toMatchObject({ name: 'X-OpenStack-Ironic-API-Version', in: 'header' });
    expect(document.paths['/v1/nodes/{ident}']?.get?.parameters).toContainEqual(microversion);
    expect(document.paths['/healthz']?.get?.parameters).not.toContainEqual(microversion);
    expect(document.security).toEqual([{ http_basic: [] }]);
    expect(document.components.securitySchemes).toMatchObject({ http_basic: { type: 'http', scheme: 'basic' } });
    expect(document.paths['/v1']?.get?.security).toEqual([]);
    expect(document.paths['/v1/heartbeat/{ident}']?.post?.security).toEqual([]);
    expect(document.paths['/v1/nodes']?.get?.security).toBeUndefined();
    expect(document.paths['/v1/openapi.json']?.get?.security).toBeUndefined();
  });

  it('gives the body schemas the gateway validates with: Ironic’s node schema, JSON Patch, and the DTOs of actions', () => {
    const node = bodySchema('/v1/nodes', 'post');
    expect(node).toMatchObject({ type: 'object', required: ['driver'], additionalProperties: false });
    expect(refs(node).length).toBeGreaterThan(0);
    const patch = bodySchema('/v1/nodes/{ident}', 'patch');
    expect(patch).toMatchObject({ type: 'array', items: { required: ['op', 'path'], properties: { op: { enum: ['add', 'replace', 'remove'] } } } });
    expect(bodySchema('/v1/nodes/{ident}/states/provision', 'put')).toEqual({
      type: 'object',
      properties: {
        target: { type: 'string' },
        clean_steps: { type: ['array', 'null'], items: { type: 'object' } },
        deploy_steps: { type: ['array', 'null'], items: { type: 'object' } },
        configdrive: {},
        rescue_password: { type: ['string', 'null'] },
        // A boolean or one of oslo's words for one, checked by the action's rules.
        disable_ramdisk: {},
      },
      required: ['target'],
      additionalProperties: false,
    });
    expect(bodySchema('/v1/nodes/{ident}/states/power', 'put')).toMatchObject({ required: ['target'], properties: { timeout: { type: ['integer', 'null'], minimum: 1 } } });
    expect(document.paths['/v1/nodes/{ident}/states/power']?.put?.responses).toHaveProperty('202');
  });
});
