/**
 * The query parameters the API document declares are the ones the running gateway takes: each
 * declared parameter of every GET operation, sent alone with a well-formed value, is not refused
 * as unknown (other refusals, such as a 404 for a marker that names nothing, are fine); and where
 * an operation refuses a parameter it does not know, it refuses every parameter the document
 * declares elsewhere but not for it. A parameter a parser takes without its declaration, or one
 * declared that the parser refuses, fails here.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(300_000);

const system = systemForFile();

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly schema?: { type?: string; format?: string; enum?: readonly string[] };
}

interface Operation {
  readonly path: string;
  readonly parameters: readonly Parameter[];
}

/** The faults of a parameter the operation does not take (Ironic's, and the gateway's spellings of them). */
const UNKNOWN = /Unexpected arguments|Invalid query parameter|Unknown argument/;

/** Resources to name in paths, created before the tests. */
const ids: Record<string, string> = {};
let operations: Operation[];

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${system.baseUrl}${path}`, {
    method,
    headers: { 'X-OpenStack-Ironic-API-Version': 'latest', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function created(path: string, body: unknown): Promise<string> {
  const { status, json } = await call('POST', path, body);
  expect([path, status]).toEqual([path, 201]);
  return json.uuid as string;
}

beforeAll(async () => {
  ids.chassis = await created('/v1/chassis', { description: 'query parameters' });
  ids.node = await created('/v1/nodes', { driver: 'fake-hardware', name: 'query-parameters', chassis_uuid: ids.chassis });
  ids.portgroup = await created('/v1/portgroups', { node_uuid: ids.node, name: 'query-bond0', address: '52:54:00:ab:cd:11' });
  ids.port = await created('/v1/ports', { node_uuid: ids.node, address: '52:54:00:ab:cd:12' });
  ids.connector = await created('/v1/volume/connectors', { node_uuid: ids.node, type: 'iqn', connector_id: 'iqn.2026-11.org.openstack:query' });
  ids.target = await created('/v1/volume/targets', { node_uuid: ids.node, volume_type: 'iscsi', volume_id: 'query-volume', boot_index: 0 });
  ids.template = await created('/v1/deploy_templates', { name: 'CUSTOM_QUERY_PARAMETERS', steps: [{ interface: 'bios', step: 'apply_configuration', args: { settings: [] }, priority: 150 }] });
  ids.allocation = await created('/v1/allocations', { name: 'query-allocation', resource_class: 'query-gold' });
  const document = (await (await fetch(`${system.baseUrl}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) => (methods.get ? [{ path, parameters: (methods.get.parameters ?? []).filter((parameter) => parameter.in === 'query') }] : []));
}, 120_000);

/** A path with each parameter naming one of the resources created (a setting or a field: one that exists or not, either is fine). */
function concrete(path: string): string {
  const collection = path.split('/')[2];
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'ident' || name === 'uuid') {
      const byCollection: Record<string, string | undefined> = {
        chassis: ids.chassis, ports: ids.port, portgroups: ids.portgroup, allocations: ids.allocation, deploy_templates: ids.template,
        ...(path.startsWith('/v1/volume/connectors') && { volume: ids.connector }),
        ...(path.startsWith('/v1/volume/targets') && { volume: ids.target }),
      };
      return byCollection[collection ?? ''] ?? ids.node!;
    }
    if (name === 'name' && collection === 'drivers') return 'fake-hardware';
    if (name === 'hostname') return system.conductorIds[0]!;
    if (name === 'field') return 'name';
    return 'anything';
  });
}

/** A well-formed value of a parameter, as a generated client would send it. */
function valueOf({ name, schema = {} }: Parameter): string {
  const byName: Record<string, string> = { at: new Date().toISOString(), sort_key: 'id', fields: 'name', address: '52:54:00:ab:cd:99', limit: '1' };
  if (byName[name] !== undefined) return byName[name];
  if (schema.enum) return schema.enum[0]!;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'integer') return '1';
  return 'query-value';
}

/** The fault text when the gateway refused `name` as a parameter it does not take, else `undefined`. */
async function refusedAsUnknown(path: string, name: string, value: string): Promise<string | undefined> {
  const response = await fetch(`${system.baseUrl}${concrete(path)}?${new URLSearchParams({ [name]: value })}`, { headers: { 'X-OpenStack-Ironic-API-Version': 'latest' } });
  if (response.status !== 400) {
    // A stream (the event log's) would not end: its body is not read.
    await response.body?.cancel();
    return undefined;
  }
  const text = await response.text();
  return UNKNOWN.test(text) ? text : undefined;
}

/** Runs `check` on every item, a few at a time. */
async function each<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await check(item);
  }));
}

describe('the query parameters of /v1/openapi.json', () => {
  it('are each taken, alone and well-formed, by their GET operation', async () => {
    const refused: string[] = [];
    const declared = operations.flatMap(({ path, parameters }) => parameters.map((parameter) => ({ path, parameter })));
    expect(declared.length).toBeGreaterThan(150);
    await each(declared, async ({ path, parameter }) => {
      const fault = await refusedAsUnknown(path, parameter.name, valueOf(parameter));
      if (fault !== undefined) refused.push(`${path} ?${parameter.name}: ${fault}`);
    });
    expect(refused.sort()).toEqual([]);
  });

  it('are the only ones a GET operation that refuses unknown parameters takes', async () => {
    const everyName = [...new Set(operations.flatMap(({ parameters }) => parameters.map(({ name }) => name)))];
    const strict: string[] = [];
    const taken: string[] = [];
    await each(operations, async ({ path, parameters }) => {
      if ((await refusedAsUnknown(path, 'no_such_parameter', '1')) === undefined) return;
      strict.push(path);
      const own = new Set(parameters.map(({ name }) => name));
      for (const name of everyName.filter((candidate) => !own.has(candidate))) {
        if ((await refusedAsUnknown(path, name, valueOf({ name, in: 'query' }))) === undefined) taken.push(`${path} ?${name}`);
      }
    });
    expect(taken.sort()).toEqual([]);
    // The lists, and the resources that read their whole query, are among those checked.
    expect(strict).toEqual(expect.arrayContaining([
      '/v1/nodes', '/v1/nodes/detail', '/v1/ports', '/v1/ports/detail', '/v1/nodes/{ident}/ports', '/v1/portgroups/{ident}/ports',
      '/v1/portgroups', '/v1/portgroups/detail', '/v1/nodes/{ident}/portgroups', '/v1/nodes/{ident}/portgroups/detail',
      '/v1/chassis', '/v1/chassis/detail', '/v1/chassis/{uuid}/nodes', '/v1/chassis/{uuid}/nodes/detail',
      '/v1/volume/connectors', '/v1/volume/targets', '/v1/nodes/{ident}/volume/connectors', '/v1/nodes/{ident}/volume/targets',
      '/v1/allocations', '/v1/allocations/{ident}', '/v1/nodes/{ident}/allocation', '/v1/deploy_templates', '/v1/deploy_templates/{ident}',
      '/v1/drivers', '/v1/drivers/{name}', '/v1/conductors', '/v1/conductors/{hostname}', '/v1/shards', '/v1/nodes/{ident}/traits',
      '/v1/nodes/{ident}/bios', '/v1/fleet', '/v1/nodes/{ident}/states',
    ]));
  });
});
