/**
 * The gateway's Prometheus metrics on `/metrics` and its access log, read from a running gateway:
 * requests by route pattern, event streams open, conductor round trips, read-model lag, and one
 * log line per request carrying the id its response carries.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { apiClient, type Json } from '../support/api.js';
import { eventually, freePort } from '../support/processes.js';
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

/** How every service writes times: ISO 8601, UTC, milliseconds. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const gatewayOutput = (system: RunningSystem) => system.processes().find((p) => p.name === 'gateway')!.output();

/** The gateway's JSON log lines. */
const jsonLines = (system: RunningSystem): Json[] =>
  gatewayOutput(system)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Json);

describe('metrics and access log (JSON logs)', () => {
  // The gateway's metrics port, picked before the system starts (this hook runs before its own).
  const gatewayEnv: Record<string, string> = {};
  let metricsPort = 0;
  beforeAll(async () => {
    metricsPort = await freePort();
    gatewayEnv.METRICS_PORT = String(metricsPort);
  });
  const system = systemForFile({ logChars: 2_000_000, env: gatewayEnv, conductorEnv: [{ METRICS_PORT: '0' }] });
  const call = apiClient(() => system.baseUrl);
  const scrape = async () => {
    const response = await fetch(`${system.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };
  let uuid: string;
  let manageRequestId: string;

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
    const managed = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } });
    expect(managed.status).toBe(202);
    manageRequestId = managed.headers.get('openstack-request-id')!;
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

  it('counts the fleet from the read model when scraped, with no instance label of its own', async () => {
    const text = await eventually(async () => {
      const scraped = await scrape();
      return sample(scraped, 'ironledger_fleet_nodes', { provision_state: 'manageable' }) === 1 ? scraped : undefined;
    }, 10_000, 'the managed node counted');
    expect(sample(text, 'ironledger_fleet_nodes', { provision_state: 'enroll' })).toBe(0);
    expect(sample(text, 'ironledger_fleet_stuck_nodes', { provision_state: 'clean failed' })).toBe(0);
    expect(sample(text, 'ironledger_fleet_maintenance_nodes')).toBe(0);
    expect(text).not.toMatch(/\binstance="/);
    expect(text).toMatch(/^ironledger_fleet_nodes\{provision_state="manageable",service="gateway"\} 1$/m);
  });

  it('serves the same metrics unauthenticated on METRICS_PORT, for scrapers without credentials', async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(sample(text, 'ironledger_fleet_nodes', { provision_state: 'manageable' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status).toBe(200);
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
      time: expect.stringMatching(ISO_TIME),
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

  it('logs every service in the same format, and the conductor each piece of node work with the request that caused it and its duration', async () => {
    const conductor = system.processes().find((p) => p.name === system.conductorIds[0])!;
    const lines = () => conductor.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Json);
    const outcome = await eventually(() => lines().find((l) => l.requestId === manageRequestId && l.outcome !== undefined), 10_000, 'the work outcome line');
    expect(outcome).toEqual({
      level: 'info',
      time: expect.stringMatching(ISO_TIME),
      pid: expect.any(Number),
      hostname: expect.any(String),
      context: `conductor ${system.conductorIds[0]}`,
      node: uuid,
      requestId: manageRequestId,
      state: 'verifying',
      outcome: 'succeeded',
      durationMs: expect.any(Number),
      msg: expect.stringMatching(/^work on node .* succeeded \(verifying, \d+ ms\)$/),
    });
    expect(lines()).toEqual(expect.arrayContaining([expect.objectContaining({ requestId: manageRequestId, node: uuid, msg: `work on node ${uuid} started (verifying)` })]));
    // Nothing the conductor printed is in another format.
    expect(conductor.output().split('\n').filter((line) => line !== '' && !line.startsWith('{'))).toEqual([]);
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

  it('writes out its last lines when it stops, access lines waiting for their batch included', async () => {
    const requestId = (await call('GET', '/v1/nodes')).headers.get('openstack-request-id');
    await system.processes().find((p) => p.name === 'gateway')!.stop();
    const written = () => jsonLines(system).filter((line) => line.msg === 'SIGTERM: stopping' || line.requestId === requestId).length;
    await eventually(() => (written() === 2 ? true : undefined), 5000, 'the stopping line and the last access line');
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
    expect(line).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\] INFO: access: request completed \{.*\}$/);
    expect(JSON.parse(line.slice(line.indexOf('{')))).toMatchObject({ requestId, user: 'prometheus', method: 'GET', url: '/v1/nodes', route: '/v1/nodes', status: 200 });
  });

  it('writes out its last lines when it stops', async () => {
    await system.processes().find((p) => p.name === 'gateway')!.stop();
    await eventually(() => (/INFO: gateway: SIGTERM: stopping$/.test(gatewayOutput(system).trimEnd()) ? true : undefined), 5000, 'the last line');
  });
});
