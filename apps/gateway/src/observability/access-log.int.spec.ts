import { afterEach, describe, expect, it } from '@jest/globals';
import { FleetReadModel } from '@ironledger/application';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { type RequestContext } from '../http/http-context.js';
import { observeResponses } from './access-log.js';
import { GatewayMetrics } from './gateway-metrics.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A Fastify server on loopback, observed as the gateway is, its access lines collected; `get(path, authorized)` requests it. */
async function observedApp(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const metrics = new GatewayMetrics(new Registry(), { lastPosition: async () => 0 }, { readModel: new FleetReadModel() });
  const app = Fastify({ genReqId: () => 'req-1' });
  app.decorateRequest('ironic', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization === undefined) return reply.code(401).send({});
    request.ironic = { actor: 'alice' } as RequestContext;
  });
  observeResponses(app, logger, metrics);
  app.get('/v1/nodes/:ident', async () => ({}));
  app.get('/healthz', async () => ({}));
  // Runs after the observer's hook: a request is done once it did.
  let responded: () => void = () => undefined;
  app.addHook('onResponse', async () => responded());
  apps.push(app);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (path: string, authorized = true) => {
    const observed = new Promise<void>((resolve) => (responded = resolve));
    await fetch(`${base}${path}`, { headers: authorized ? { authorization: 'x' } : {} });
    await observed;
  };
  return { get, lines, metrics };
}

describe('observeResponses', () => {
  it('logs one line per response with its id, user, route pattern, status and duration, and counts it by route pattern', async () => {
    const { get, lines, metrics } = await observedApp();
    await get('/v1/nodes/node-1?fields=name');
    expect(lines).toEqual([
      expect.objectContaining({ context: 'access', requestId: 'req-1', user: 'alice', method: 'GET', url: '/v1/nodes/node-1?fields=name', route: '/v1/nodes/:ident', status: 200, durationMs: expect.any(Number) }),
    ]);
    expect(await metrics.registry.metrics()).toMatch(/ironledger_gateway_http_requests_total\{method="GET",route="\/v1\/nodes\/:ident",status="200"\} 1/);
  });

  it('observes requests refused before any handler, and gives every unmatched URL one route label', async () => {
    const { get, lines, metrics } = await observedApp();
    await get('/v1/nodes/node-1', false);
    await get('/no/such/thing');
    await get('/another/one');
    expect(lines.map(({ route, status, user }) => [route, status, user])).toEqual([
      ['/v1/nodes/:ident', 401, undefined],
      ['unmatched', 404, 'alice'],
      ['unmatched', 404, 'alice'],
    ]);
    const scrape = await metrics.registry.metrics();
    expect(scrape).toMatch(/route="unmatched",status="404"\} 2/);
    expect(scrape).not.toContain('/no/such/thing');
  });

  it('leaves answered probes out of the log unless the level is debug', async () => {
    const quiet = await observedApp();
    await quiet.get('/healthz');
    expect(quiet.lines).toEqual([]);
    const verbose = await observedApp('debug');
    await verbose.get('/healthz');
    expect(verbose.lines).toEqual([expect.objectContaining({ route: '/healthz', status: 200 })]);
  });
});
