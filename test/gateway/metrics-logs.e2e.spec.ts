/**
 * The gateway's Prometheus metrics on `/metrics` and its access log, read from a running gateway:
 * requests by route pattern, event streams open, conductor round trips, read-model lag, and one
 * log line per request carrying the id its response carries.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { apiClient, type Json } from '../support/api.js';
import { eventually } from '../support/processes.js';
import { type RunningSystem } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

/** The value of the sample `name` whose labels include `labels`, in a Prometheus text exposition. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const gatewayOutput = (system: RunningSystem) => system.processes().find((p) => p.name === 'gateway')!.output();

/** The gateway's JSON log lines. */
const jsonLines = (system: RunningSystem): Json[] =>
  gatewayOutput(system)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Json);

describe('metrics and access log (JSON logs)', () => {
  const system = systemForFile({ logChars: 2_000_000 });
  const call = apiClient(() => system.baseUrl);
  const scrape = async () => {
    const response = await fetch(`${system.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };
  let uuid: string;

  it('counts requests and their durations by method, route pattern and status, never by URL', async () => {
    const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: 'metered' } });
    expect(created.status).toBe(201);
    uuid = created.json.uuid as string;
    expect((await call('GET', `/v1/nodes/${uuid}`)).status).toBe(200);
    expect((await call('GET', '/v1/nodes/no-such-node')).status).toBe(404);
    expect((await call('GET', '/no/such/path')).status).toBe(404);
    expect((await call('GET', '/v1/no-such-collection')).status).toBe(404);

    const response = await fetch(`${system.baseUrl}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('x-openstack-ironic-api-version')).toBeNull();
    const text = await response.text();
    const requests = (method: string, route: string, status: string) => sample(text, 'ironledger_gateway_http_requests_total', { method, route, status });
    expect(requests('POST', '/v1/nodes', '201')).toBe(1);
    expect(requests('GET', '/v1/nodes/:ident', '200')).toBe(1);
    expect(requests('GET', '/v1/nodes/:ident', '404')).toBe(1);
    expect(requests('GET', 'unmatched', '404')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'ironledger_gateway_http_request_duration_seconds_count', { method: 'GET', route: '/v1/nodes/:ident', status: '200' })).toBe(1);
    expect(sample(text, 'ironledger_gateway_http_request_duration_seconds_bucket', { route: '/v1/nodes/:ident', status: '200', le: '+Inf' })).toBe(1);
    for (const url of [uuid, 'no-such', '/no/such/path']) expect(text).not.toContain(url);
  });

  it('times conductor round trips by message type and result', async () => {
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
    const text = await scrape();
    expect(sample(text, 'ironledger_gateway_conductor_round_trip_seconds_count', { type: 'RegisterNode', result: 'ok' })).toBe(1);
    expect(sample(text, 'ironledger_gateway_conductor_round_trip_seconds_count', { type: 'RequestProvisionAction', result: 'ok' })).toBe(1);
  });

  it('counts event streams while they are open', async () => {
    const streams = async () => sample(await scrape(), 'ironledger_gateway_event_streams');
    expect(await streams()).toBe(0);
    const abort = new AbortController();
    const stream = await fetch(`${system.baseUrl}/v1/events`, { signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(await streams()).toBe(1);
    abort.abort();
    await eventually(async () => ((await streams()) === 0 ? true : undefined), 10_000, 'the stream to be counted out');
  });

  it('reports how far the read model is behind the store', async () => {
    await eventually(async () => (sample(await scrape(), 'ironledger_gateway_read_model_lag_events') === 0 ? true : undefined), 10_000, 'a lag of 0');
  });

  it('logs one line per request with the id its response carries, the user, the route pattern, the status and the duration', async () => {
    const response = await call('GET', `/v1/nodes/${uuid}?fields=name`);
    const requestId = response.headers.get('openstack-request-id');
    expect(requestId).toMatch(/^req-[0-9a-f-]{36}$/);
    const line = await eventually(() => jsonLines(system).find((l) => l.requestId === requestId), 10_000, 'the access line');
    expect(line).toEqual({
      level: 'info',
      time: expect.any(Number),
      pid: expect.any(Number),
      hostname: expect.any(String),
      context: 'access',
      requestId,
      user: 'noauth',
      method: 'GET',
      url: `/v1/nodes/${uuid}?fields=name`,
      route: '/v1/nodes/:ident',
      status: 200,
      durationMs: expect.any(Number),
      msg: 'request completed',
    });
  });

  it('leaves answered health probes and scrapes out of the log at the default level', async () => {
    const ids: (string | null)[] = [];
    for (const path of ['/healthz', '/readyz', '/metrics', '/v1/nodes']) ids.push((await fetch(`${system.baseUrl}${path}`)).headers.get('openstack-request-id'));
    // Lines leave in order: once the last request's line is out, the others' would be too.
    await eventually(() => jsonLines(system).find((l) => l.requestId === ids[3]), 10_000, 'the last access line');
    expect(jsonLines(system).filter((l) => ids.slice(0, 3).includes(l.requestId as string | null))).toEqual([]);
  });

  it('logs Nest’s own messages through the same logger', () => {
    expect(jsonLines(system)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'info', context: 'NestApplication', msg: 'Nest application successfully started' }),
        expect.objectContaining({ level: 'info', context: 'gateway', msg: expect.stringMatching(/^ready: listening on /) }),
      ]),
    );
  });

  it('counts the requests no conductor answered as unavailable', async () => {
    await system.stopConductors();
    await eventually(async () => ((await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware' } })).status === 503 ? true : undefined), 30_000, 'a 503');
    expect(sample(await scrape(), 'ironledger_gateway_conductor_round_trip_seconds_count', { type: 'RegisterNode', result: 'unavailable' })).toBeGreaterThanOrEqual(1);
  });

  it('writes out its last lines when it stops', async () => {
    await system.processes().find((p) => p.name === 'gateway')!.stop();
    await eventually(() => (jsonLines(system).at(-1)?.msg === 'SIGTERM: stopping' ? true : undefined), 5000, 'the last line');
  });
});

describe('metrics and access log with http_basic (text logs)', () => {
  const users = join(mkdtempSync(join(tmpdir(), 'ironledger-metrics-')), 'htpasswd');
  writeFileSync(users, `prometheus:${bcrypt.hashSync('scrape', 4)}\n`);
  const system = systemForFile({ env: { AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: users, LOG_FORMAT: 'text' } });
  const credentials = { authorization: `Basic ${Buffer.from('prometheus:scrape').toString('base64')}` };

  it('serves /metrics only with credentials, as Prometheus’s basic_auth sends them', async () => {
    const anonymous = await fetch(`${system.baseUrl}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Baremetal API"');
    const scraped = await fetch(`${system.baseUrl}/metrics`, { headers: credentials });
    expect(scraped.status).toBe(200);
    expect(sample(await scraped.text(), 'ironledger_gateway_http_requests_total', { route: '/metrics', status: '401' })).toBe(1);
  });

  it('logs one readable line per request, with the authenticated user', async () => {
    const response = await fetch(`${system.baseUrl}/v1/nodes`, { headers: credentials });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('openstack-request-id')!;
    const line = await eventually(() => gatewayOutput(system).split('\n').find((l) => l.includes(requestId)), 10_000, 'the access line');
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: access: request completed \{.*\}$/);
    expect(JSON.parse(line.slice(line.indexOf('{')))).toMatchObject({ requestId, user: 'prometheus', method: 'GET', url: '/v1/nodes', route: '/v1/nodes', status: 200 });
  });

  it('writes out its last lines when it stops', async () => {
    await system.processes().find((p) => p.name === 'gateway')!.stop();
    await eventually(() => (/INFO: gateway: SIGTERM: stopping$/.test(gatewayOutput(system).trimEnd()) ? true : undefined), 5000, 'the last line');
  });
});
