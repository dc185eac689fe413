/**
 * The OpenAPI document as the gateway module serves it, run in this process on Fastify: it
 * names every route Fastify registered, with its methods and nothing more; it is well-formed
 * OpenAPI 3.1 that `@redocly/cli` lints without an error; it says what some resources are known
 * to need, take and answer; and the client types generated from it (`test/support/ironic-api.ts`)
 * are current.
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LiveProjection } from '@ironledger/application';
import { InMemoryEventStore } from '@ironledger/event-store';
import { createLogger, serviceRegistry } from '@ironledger/observability';
import { GatewayModule } from '../app.module.js';
import { loadConfig } from '../config.js';
import { AgentLiveness } from '../agent/agent-liveness.js';
import { ConductorLink } from '../conductor-link.js';
import { serverOptions } from '../http/server-options.js';
import { GatewayMetrics } from '../observability/gateway-metrics.js';
import { CLIENT_TYPES_FILE, clientTypes } from '../testing/client-types.js';
import { type OpenApiDocument } from './document.js';

const natsUrl = process.env.NATS_URL ?? '';
if (!natsUrl) throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');

type Json = Record<string, unknown>;

/** The methods Ironic's clients send; Fastify also registers HEAD for every GET, and `@All` routes for every method it knows. */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

const registered = new Set<string>();
let app: NestFastifyApplication;
let conductors: ConductorLink;
let document: OpenApiDocument & { servers: { url: string }[] };
let baseUrl: string;

beforeAll(async () => {
  const config = loadConfig({ NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: `openapi-${randomUUID()}` });
  const store = new InMemoryEventStore();
  const projection = new LiveProjection(store);
  const metrics = new GatewayMetrics(serviceRegistry('gateway'), store, projection);
  conductors = await ConductorLink.connect({ ...config, roundTrip: metrics.conductorRoundTrip, gateway: { id: 'openapi-test', readModel: projection, syncTimeoutMs: 1000 }, agents: new AgentLiveness((id) => projection.readModel.get(id)) });
  const adapter = new FastifyAdapter(serverOptions(config.http));
  adapter.getInstance().addHook('onRoute', ({ method, url }) => {
    for (const each of [method].flat()) if (METHODS.includes(each)) registered.add(`${each} ${url}`);
  });
  const logger = createLogger({ LOG_LEVEL: 'silent' });
  app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot({ config, store, projection, conductors, logger, metrics }), adapter, { logger: false, bodyParser: false });
  await app.listen(0, '127.0.0.1');
  baseUrl = await app.getUrl();
  const response = await fetch(`${baseUrl}/v1/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as typeof document;
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
    expect(all.length).toBeGreaterThan(90);
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
    expect(bodySchema('/v1/nodes/{ident}/states/provision', 'put')).toMatchObject({
      type: 'object',
      properties: {
        target: { type: 'string' },
        configdrive: { anyOf: [{ type: 'object', additionalProperties: false }, { type: ['string', 'null'] }] },
        clean_steps: { type: ['array', 'null'], items: { type: 'object', required: ['interface', 'step'] } },
        deploy_steps: { type: ['array', 'null'], items: { required: ['interface', 'step', 'args', 'priority'] } },
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

describe('what a client generator needs', () => {
  /** Every success response with a body, by `METHOD path`. */
  const bodies = () =>
    operations().flatMap(({ path, method, operation }) =>
      Object.entries(operation.responses as Record<string, Json>).flatMap(([status, response]) => (/^2\d\d$/.test(status) && response.content ? [{ key: `${method.toUpperCase()} ${path}`, content: response.content as Record<string, { schema: Json }> }] : [])),
    );
  const described = (content: Record<string, { schema: Json }>) => Object.values(content).every(({ schema }) => Object.keys(schema).length > 0);

  it('names the gateway, as the request reached it, as its server', () => {
    expect(document.servers).toEqual([{ url: baseUrl, description: expect.any(String) }]);
  });

  it('describes the bodies of nodes, ports and their lists (with `next`), states, validation and errors', () => {
    const schemaOf = (path: string, method: string, status: string) => {
      const content = (document.paths[path]?.[method]?.responses as Record<string, Json>)[status]!.content as Record<string, { schema: { $ref: string } }>;
      return resolve(content['application/json']!.schema.$ref) as Json;
    };
    expect(schemaOf('/v1/nodes', 'get', '200')).toMatchObject({ properties: { nodes: { items: { $ref: '#/components/schemas/Node' } }, next: { type: 'string' } }, required: ['nodes'] });
    expect(schemaOf('/v1/nodes', 'post', '201')).toBe(document.components.schemas.Node);
    expect(schemaOf('/v1/nodes/{ident}', 'get', '200')).toMatchObject({ properties: { provision_state: { enum: expect.arrayContaining(['active', 'manageable', null]) }, shard: { description: 'From microversion 1.82.' } }, additionalProperties: false });
    expect(schemaOf('/v1/nodes/{ident}', 'patch', '200')).toBe(document.components.schemas.Node);
    expect(schemaOf('/v1/nodes/{ident}/states', 'get', '200')).toMatchObject({ properties: { power_state: {}, provision_state: {} } });
    expect(schemaOf('/v1/nodes/{ident}/validate', 'get', '200')).toMatchObject({ type: 'object' });
    expect(schemaOf('/v1/ports', 'get', '200')).toMatchObject({ properties: { ports: { items: { $ref: '#/components/schemas/Port' } }, next: {} } });
    expect(schemaOf('/v1/ports/{uuid}', 'get', '200')).toMatchObject({ properties: { address: { type: 'string' }, node_uuid: { format: 'uuid' } } });
    expect(document.paths['/v1/nodes/{ident}/states/provision']?.put?.responses).toMatchObject({ '202': { description: 'Accepted' } });
    expect(document.paths['/v1/nodes/{ident}']?.delete?.responses).toMatchObject({ '204': { description: 'No Content' } });
    // Every success body has one media type and a schema; a route that only refuses has no success response.
    const all = bodies();
    expect(all.length).toBeGreaterThan(90);
    expect(all.filter(({ content }) => Object.keys(content).length !== 1)).toEqual([]);
    expect(all.filter(({ content }) => !described(content)).map(({ key }) => key)).toEqual([]);
    const refusing = operations().filter(({ operation }) => !Object.keys(operation.responses as Json).some((status) => /^2/.test(status)));
    expect(refusing.length).toBeGreaterThan(30);
    expect(refusing.filter(({ operation }) => !Object.keys(operation.responses as Json).some((status) => /^4/.test(status)))).toEqual([]);
    expect(document.paths['/v1/nodes/maintenance']?.get?.responses).toEqual({ '405': { $ref: '#/components/responses/MethodNotAllowed' }, '401': expect.any(Object), '406': expect.any(Object), default: expect.any(Object) });
  });

  it('gives the 4xx answers each operation may give, in Ironic’s error body', () => {
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses as Json);
    expect(statuses('/v1/nodes', 'get')).toEqual(['200', '400', '401', '403', '406', 'default']);
    expect(statuses('/v1/nodes/{ident}', 'patch')).toEqual(['200', '400', '401', '403', '404', '406', '409', 'default']);
    expect(statuses('/v1/shards', 'get')).toEqual(['200', '401', '403', '404', '406', 'default']);
    expect(statuses('/v1/lookup', 'get')).toEqual(['200', '400', '404', '406', 'default']);
    expect(resolve('#/components/responses/Conflict')).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    for (const { path, method, operation } of operations()) {
      const refusals = Object.keys(operation.responses as Json).filter((status) => /^4/.test(status));
      if (!['/', '/healthz', '/readyz'].includes(path)) expect([method, path, refusals.length > 0]).toEqual([method, path, true]);
    }
  });

  it('lists every query parameter of Ironic’s lists, with the microversion each needs', () => {
    const parameters = (path: string) => (document.paths[path]?.get?.parameters as Json[]).filter((parameter) => parameter.in === 'query');
    const since = (path: string) => Object.fromEntries(parameters(path).map(({ name, ...rest }) => [name, rest['x-min-microversion']]));
    expect(since('/v1/nodes')).toEqual({
      chassis_uuid: undefined, instance_uuid: undefined, associated: undefined, maintenance: undefined, retired: undefined,
      provision_state: '1.9', driver: '1.16', resource_class: '1.21', fault: '1.42', conductor_group: '1.46', conductor: '1.49',
      owner: '1.50', lessee: '1.65', project: undefined, description_contains: undefined, shard: '1.82', sharded: '1.82',
      marker: undefined, limit: undefined, sort_key: undefined, sort_dir: undefined, fields: '1.8', detail: '1.43', at: undefined,
    });
    expect(Object.keys(since('/v1/nodes/detail'))).not.toContain('fields');
    expect(parameters('/v1/nodes').find(({ name }) => name === 'maintenance')).toMatchObject({ schema: { type: 'boolean' } });
    expect(since('/v1/ports')).toMatchObject({ node: undefined, node_uuid: undefined, address: undefined, portgroup: '1.24', shard: '1.82', fields: '1.8', detail: '1.43' });
    expect(since('/v1/nodes/{ident}')).toEqual({ fields: '1.8', at: undefined });
    expect(since('/v1/portgroups')).toEqual({ node: undefined, address: undefined, marker: undefined, limit: undefined, sort_key: undefined, sort_dir: undefined, fields: '1.8', detail: '1.43' });
    expect(since('/v1/chassis/{uuid}/nodes/detail')).toEqual(Object.fromEntries(Object.entries(since('/v1/nodes/detail')).filter(([name]) => name !== 'at')));
    expect(since('/v1/volume/connectors')).toMatchObject({ node: undefined, detail: '1.32' });
    expect(since('/v1/allocations')).toMatchObject({ node: undefined, resource_class: undefined, state: undefined, owner: '1.60', fields: undefined, at: undefined });
    expect(since('/v1/drivers')).toEqual({ type: '1.30', detail: '1.30', fields: '1.77' });
    expect(since('/v1/nodes/{ident}/bios')).toEqual({ detail: '1.74', fields: '1.74' });
    expect(Object.keys(since('/v1/conductors'))).toEqual(['marker', 'limit', 'sort_key', 'sort_dir', 'fields', 'detail']);
  });

  it('lints with @redocly/cli without an error (offline), warning only of the public probes that refuse nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ironledger-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_PROXY: '*', HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9' };
    const args = ['lint', file, '--config', 'apps/gateway/src/openapi/redocly.yaml', '--format', 'json', '--max-problems', '1000'];
    const output = await promisify(execFile)('node_modules/.bin/redocly', args, { env }).catch((error: { stdout: string }) => error);
    const { problems } = JSON.parse(output.stdout) as { problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] };
    expect(problems.filter(({ severity }) => severity === 'error')).toEqual([]);
    expect(problems.map(({ ruleId, location }) => `${ruleId} ${location[0]?.pointer}`).sort()).toEqual([
      'operation-4xx-response #/paths/~1/get/responses',
      'operation-4xx-response #/paths/~1healthz/get/responses',
      'operation-4xx-response #/paths/~1readyz/get/responses',
    ]);
  }, 60_000);

  it('is what the committed client types were generated from', async () => {
    const types = await clientTypes(document);
    if (process.env.UPDATE_CLIENT_TYPES === '1') writeFileSync(CLIENT_TYPES_FILE, types);
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(types);
  }, 60_000);
});
