/**
 * The OpenAPI 3.1 document of the gateway, generated from what Nest registers: every route of
 * the controllers given, with its methods and parameters, the schema its body is checked against
 * (a `BodySchema`, or Ironic's JSON Patch for a PATCH), its status on success,
 * the microversion its resource needs (the root document's table and `Versions`), and whether
 * it needs credentials. OpenAPI 3.1, because its schemas are JSON Schema: Ironic's schemas go in
 * as they are (`type: ['string', 'null']`).
 */
import { STATUS_CODES } from 'node:http';
import { RequestMethod, type Type } from '@nestjs/common';
import { type Schema } from '@ironledger/domain';
import { HEADERS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { MetadataScanner } from '@nestjs/core';
import { PUBLIC_ROUTES } from '../http/http-context.js';
import { PATCH_SCHEMA } from '../http/json-patch.js';
import { DEFAULT_VERSION, MAX_VERSION, MIN_VERSION, VERSION_HEADER, Versions } from '../http/microversion.js';
import { V1_RESOURCES } from '../root/root.controller.js';
import { bodySchemaOf, type NamedSchema } from './body-schema.js';
import { onlyRefusesWith, queryParametersOf, responseBodyOf } from './operation-docs.js';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: Json;
  readonly tags: readonly { readonly name: string; readonly description?: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, Json>>>>;
  readonly components: Json & { readonly schemas: Readonly<Record<string, unknown>> };
  readonly security: readonly Json[];
}

/** One method of one path a handler serves. */
interface Route {
  readonly controller: Type;
  readonly handler: string;
  readonly method: string;
  /** As Fastify registers it: `/v1/nodes/:ident`. */
  readonly path: string;
  readonly operationId: string;
}

/** An argument of a handler, as Nest's parameter decorators record it. */
interface RouteArg {
  readonly data?: unknown;
  readonly pipes?: readonly unknown[];
}

/** The methods an `@All` route is documented with: those Ironic's clients send (Fastify registers it for every method it knows). */
const ALL_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

/** Sub-resources that came after their family, by path segment below it (the families themselves: the root document's table). */
const SUB_RESOURCES = new Map<string, number>([
  ['allocation', Versions.ALLOCATIONS],
  ['bios', Versions.BIOS],
  ['boot_mode', Versions.BOOT_MODE_CHANGE],
  ['history', Versions.NODE_HISTORY],
  ['inject_nmi', Versions.INJECT_NMI],
  ['inventory', Versions.NODE_INVENTORY],
  ['portgroups', Versions.PORTGROUPS],
  ['raid', Versions.RAID_CONFIG],
  ['secure_boot', Versions.BOOT_MODE_CHANGE],
  ['traits', Versions.NODE_TRAITS],
  ['vifs', Versions.VIFS],
  ['volume', Versions.VOLUME],
]);

const FAMILIES = new Map(V1_RESOURCES);

const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    error_message: {
      type: 'string',
      description: 'A JSON document in a string, as Ironic sends it: `{"faultcode", "faultstring", "debuginfo"}`, or for a refusal of the router or of version negotiation `{"code", "title", "description"}`.',
    },
  },
  required: ['error_message'],
};

/**
 * The refusals an operation may answer, in Ironic's error body, by status; which ones apply to an
 * operation is worked out from what it takes (`refusalsOf`).
 */
const REFUSALS: Readonly<Record<number, string>> = {
  400: 'A malformed identifier, query or body, or a request the resource refuses as it is',
  401: 'No or wrong credentials (with `AUTH_STRATEGY=http_basic` or `keystone`)',
  403: 'The credentials do not allow it (Keystone policy), or the operation is not permitted there',
  404: 'The resource, or the resource a parameter names, does not exist (or not at this microversion)',
  405: 'The method is not served at this path (Ironic’s router answers so)',
  406: 'The microversion asked for is not served, or is too old for a parameter or field asked for',
  409: 'The resource is locked by a conductor, in a state that refuses this, or a unique value is taken',
};

/** ironledger's own tags, which the root document does not list. */
const OWN_TAGS: Readonly<Record<string, string>> = {
  versions: 'The version documents: which API versions and microversions the gateway serves.',
  admin: 'ironledger: maintenance of the read model (rebuilding it from the event log).',
  'api-ref': 'ironledger: this document, rendered by Swagger UI.',
  continue: 'ironic-inspector’s ramdisk callback: an introspected node’s inventory.',
  fleet: 'ironledger: the fleet at a glance, for the operator console.',
  healthz: 'Liveness: the process answers.',
  introspection: 'ironic-inspector’s introspection records.',
  metrics: 'Prometheus metrics, in the text format.',
  'openapi.json': 'ironledger: this document.',
  readyz: 'Readiness: NATS connected and the read model caught up with the event store.',
  events: 'ironledger: the event log, live (server-sent events) and from a position.',
};

/** The document itself, as `GET /v1/openapi.json` answers it: an OpenAPI 3.1 description with this gateway as its server. */
export const OPENAPI_DOCUMENT_SCHEMA: Schema = {
  type: 'object',
  properties: {
    openapi: { const: '3.1.0' },
    info: { type: 'object' },
    servers: { type: 'array', items: { type: 'object', properties: { url: { type: 'string', format: 'uri' }, description: { type: 'string' } }, required: ['url'] } },
    tags: { type: 'array', items: { type: 'object' } },
    paths: { type: 'object' },
    components: { type: 'object' },
    security: { type: 'array' },
  },
  required: ['openapi', 'info', 'servers', 'paths', 'components'],
  description: 'See https://spec.openapis.org/oas/v3.1.0 for the whole format.',
};

/** The document of every route `controllers` declare. */
export function openApiDocument(controllers: readonly Type[]): OpenApiDocument {
  const schemas: Record<string, unknown> = { Error: ERROR_SCHEMA };
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routesOf(controllers).sort((a, b) => a.path.localeCompare(b.path))) {
    (paths[route.path.replace(/:(\w+)/g, '{$1}')] ??= {})[route.method.toLowerCase()] = operation(route, (name, schema) => addComponent(schemas, name, schema));
  }
  const tags = [...new Set(Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags as string[])))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'ironledger: the OpenStack Ironic v1 API',
      version: `${MAX_VERSION}`,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      description:
        `Ironic's bare-metal API, microversions ${MIN_VERSION} to ${MAX_VERSION}, with ironledger's event log and audit endpoints. ` +
        `A resource newer than ${MIN_VERSION} is noted with the version it needs (\`x-min-microversion\`); older versions are answered as Ironic answers them. ` +
        `As in Ironic, every Ironic path is served without its \`/v1\` prefix too (\`/nodes\` is \`/v1/nodes\`), not listed here; ironledger's own paths are not.`,
    },
    tags: tags.sort(byFamily).map((name) => ({ name, description: tagDescription(name) })),
    paths,
    components: {
      schemas,
      parameters: {
        Microversion: {
          name: VERSION_HEADER,
          in: 'header',
          description: `The microversion asked for, ${MIN_VERSION} to ${MAX_VERSION} or \`latest\` (or \`OpenStack-API-Version: baremetal 1.x\`); without it, ${DEFAULT_VERSION}.`,
          schema: { type: 'string', pattern: '^(1\\.\\d+|latest)$' },
        },
      },
      responses: {
        Error: errorResponse('A refusal, in Ironic’s error body'),
        ...Object.fromEntries(Object.entries(REFUSALS).map(([status, description]) => [refusalName(Number(status)), errorResponse(description)])),
      },
      securitySchemes: {
        http_basic: {
          type: 'http',
          scheme: 'basic',
          description: 'Required with `AUTH_STRATEGY=http_basic` (users of `HTTP_BASIC_AUTH_USER_FILE`, bcrypt htpasswd); without it (`noauth`, the default) no credentials are asked for.',
        },
      },
    },
    security: [{ http_basic: [] }],
  };
}

/** The microversion a `/v1` route needs: its family's (from the root document), or a later sub-resource's. */
export function minMicroversion(path: string): number {
  const [family = '', ...below] = path.split('/').slice(2);
  return Math.max(FAMILIES.get(family) ?? MIN_VERSION.minor, ...below.map((segment) => SUB_RESOURCES.get(segment) ?? MIN_VERSION.minor));
}

function routesOf(controllers: readonly Type[]): Route[] {
  const scanner = new MetadataScanner();
  return controllers.flatMap((controller) => {
    const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
    const prototype = controller.prototype as Record<string, object>;
    return scanner.getAllMethodNames(prototype).flatMap((handler) => {
      const method = Reflect.getMetadata(METHOD_METADATA, prototype[handler]!) as RequestMethod | undefined;
      if (method === undefined) return [];
      const methods = method === RequestMethod.ALL ? ALL_METHODS : [RequestMethod[method]];
      const suffixes = [Reflect.getMetadata(PATH_METADATA, prototype[handler]!) ?? ''].flat() as string[];
      const paths = prefixes.flatMap((prefix) => suffixes.map((suffix) => `/${prefix}/${suffix}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')));
      const id = `${controller.name.replace(/Controller$/, '')}_${handler}`;
      // A handler serving several paths or methods gets one operation id for each (`_`, not `.`, which deep links of Swagger UI escape).
      return paths.flatMap((path, index) =>
        methods.map((each) => ({ controller, handler, method: each, path, operationId: [id, ...(methods.length > 1 ? [each.toLowerCase()] : []), ...(paths.length > 1 ? [index + 1] : [])].join('_') })),
      );
    });
  });
}

/** Adds a schema to the components under `name`; one name is one schema, whichever operation declares it. */
type AddComponent = (name: string, schema: unknown) => void;

function addComponent(schemas: Record<string, unknown>, name: string, schema: unknown): void {
  const component = componentSchema(schema, (inner, definition) => addComponent(schemas, inner, definition));
  if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(component)) throw new Error(`Two different schemas are named ${name} in the API document`);
  schemas[name] = component;
}

function operation(route: Route, addSchema: AddComponent): Json {
  const handler = (route.controller.prototype as Record<string, object>)[route.handler]!;
  const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.handler) ?? {}) as Record<string, RouteArg>);
  const named = (type: RouteParamtypes) => args.flatMap(([key, arg]) => (key.startsWith(`${type}:`) && typeof arg.data === 'string' ? [arg.data] : []));
  const v1 = /^\/v1(\/|$)/.test(route.path);
  const since = minMicroversion(route.path);
  const body = args.find(([key]) => key.startsWith(`${RouteParamtypes.BODY}:`))?.[1];
  const status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (route.method === 'POST' ? 201 : 200);
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => name!);
  const query = queryParameters(handler, named(RouteParamtypes.QUERY));
  const secured = !PUBLIC_ROUTES.has(route.path);
  const onlyRefuses = onlyRefusesWith(handler);
  const refusals = refusalsOf({ v1, since, method: route.method, hasPathParameters: pathParameters.length > 0, takesInput: body !== undefined || query.length > 0 || pathParameters.length > 0, secured });
  // A handler that only refuses answers its own refusals, after the credentials and the microversion are checked.
  const refused = onlyRefuses ? [...new Set([...onlyRefuses, ...(secured ? [401] : []), ...(v1 ? [406] : [])])].sort((a, b) => a - b) : refusals;
  return {
    tags: [tagOf(route.path)],
    summary: sentence(route.handler),
    operationId: route.operationId,
    ...(v1 && since > MIN_VERSION.minor && { description: `Available from microversion 1.${since} (send \`${VERSION_HEADER}: 1.${since}\` or later).` }),
    ...(v1 && { 'x-min-microversion': `1.${since}` }),
    parameters: [
      ...pathParameters.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...query,
      ...named(RouteParamtypes.HEADERS).map((name) => ({ name, in: 'header', schema: { type: 'string' } })),
      ...(v1 ? [{ $ref: '#/components/parameters/Microversion' }] : []),
    ],
    ...(body && { requestBody: { content: { 'application/json': { schema: bodySchema(route, handler, addSchema) } } } }),
    responses: {
      ...(!onlyRefuses && { [status]: successResponse(handler, status, addSchema) }),
      ...Object.fromEntries(refused.map((refusal) => [refusal, { $ref: `#/components/responses/${refusalName(refusal)}` }])),
      default: { $ref: '#/components/responses/Error' },
    },
    ...(!secured && { security: [] }),
  };
}

/** The query parameters a handler declared, then those it reads by name and did not declare (described only as text). */
function queryParameters(handler: object, namedInArguments: readonly string[]): Json[] {
  const declared = queryParametersOf(handler);
  const undeclared = namedInArguments.filter((name) => !declared.some((parameter) => parameter.name === name));
  return [
    ...declared.map(({ name, description, schema, since }) => ({
      name,
      in: 'query',
      description: since === undefined ? description : `${description} From microversion 1.${since}.`,
      schema,
      ...(since !== undefined && { 'x-min-microversion': `1.${since}` }),
    })),
    ...undeclared.map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
  ];
}

/**
 * The success response: its body's declared schema; a body of the media type its handler sets
 * (`@Header`), as text; no body for 202 and 204; any other body as JSON not described further.
 */
function successResponse(handler: object, status: number, addSchema: AddComponent): Json {
  const description = STATUS_CODES[status];
  if (status === 202 || status === 204) return { description };
  const declared = responseBodyOf(handler);
  if (declared) {
    addSchema(declared.name, declared.schema);
    return { description, content: { [declared.mediaType]: { schema: { $ref: `#/components/schemas/${declared.name}` } } } };
  }
  const contentType = ((Reflect.getMetadata(HEADERS_METADATA, handler) ?? []) as { name: string; value: string }[]).find(({ name }) => name.toLowerCase() === 'content-type');
  if (contentType) return { description, content: { [contentType.value]: { schema: { type: 'string' } } } };
  return { description, content: { 'application/json': { schema: {} } } };
}

/** The 4xx statuses an operation may answer, from what it takes and where it is. */
function refusalsOf(operation: { v1: boolean; since: number; method: string; hasPathParameters: boolean; takesInput: boolean; secured: boolean }): number[] {
  const { v1, since, method, hasPathParameters, takesInput, secured } = operation;
  return [
    ...(takesInput ? [400] : []),
    ...(secured ? [401, 403] : []),
    ...(hasPathParameters || (v1 && since > MIN_VERSION.minor) ? [404] : []),
    ...(v1 ? [406] : []),
    ...(v1 && method !== 'GET' ? [409] : []),
  ];
}

/** `404` → `NotFound`, the name of its response in the components. */
function refusalName(status: number): string {
  return (STATUS_CODES[status] ?? `Status${status}`).replace(/[^A-Za-z]/g, '');
}

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

function tagDescription(name: string): string {
  const since = FAMILIES.get(name);
  if (since !== undefined) return `Listed in \`GET /v1\` from microversion 1.${since}.`;
  return OWN_TAGS[name] ?? `The \`${name}\` resources.`;
}

/** A reference to the body's schema, added to `schemas`; a body checked by hand in the handler is only said to be an object. */
function bodySchema(route: Route, handler: object, addSchema: AddComponent): Json {
  const known: NamedSchema | undefined = bodySchemaOf(handler) ?? (route.method === 'PATCH' ? { name: 'JsonPatch', schema: PATCH_SCHEMA } : undefined);
  if (!known) return { type: 'object' };
  addSchema(known.name, known.schema);
  return { $ref: `#/components/schemas/${known.name}` };
}

/**
 * A JSON Schema as a component: its `definitions` (at any depth) become components of their own,
 * so that its `$ref`s resolve within the document, and its `$schema` is dropped (the document's
 * dialect covers the keywords Ironic's schemas use).
 */
function componentSchema(value: unknown, addDefinition: AddComponent): unknown {
  if (Array.isArray(value)) return value.map((item) => componentSchema(item, addDefinition));
  if (typeof value !== 'object' || value === null) return value;
  const result: Json = {};
  for (const [keyword, child] of Object.entries(value)) {
    if (keyword === '$schema') continue;
    if (keyword === 'definitions') for (const [name, definition] of Object.entries(child as Json)) addDefinition(name, definition);
    else if (keyword === '$ref' && typeof child === 'string') result.$ref = child.replace('#/definitions/', '#/components/schemas/');
    else result[keyword] = componentSchema(child, addDefinition);
  }
  return result;
}

/** A route's resource family: the first fixed segment below `/v1` (or `/`); the version documents are `versions`. */
function tagOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return (segments[0] === 'v1' ? segments.slice(1) : segments).find((segment) => !segment.startsWith(':')) ?? 'versions';
}

/** The version documents first, then the families in the root document's order, then the others by name. */
function byFamily(a: string, b: string): number {
  const rank = (tag: string) => (tag === 'versions' ? -1 : FAMILIES.has(tag) ? V1_RESOURCES.findIndex(([name]) => name === tag) : V1_RESOURCES.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** `setBootDevice` → `Set boot device`. */
function sentence(handler: string): string {
  const words = handler.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
