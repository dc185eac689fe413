import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * prom-client's totals of its per-type gauges: gauges named `_total`, which Prometheus reserves
 * for counters (`promtool check metrics` refuses them); `sum(nodejs_active_handles)` and the
 * like give the same totals.
 */
const GAUGES_NAMED_AS_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/**
 * A metrics registry for one service, with Node's process metrics and the service's name as a
 * label. No `instance` label: Prometheus sets its own to the scraped address, and a second one
 * from the service clashed with it (honor_labels) or was renamed `exported_instance`.
 */
export function serviceRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  for (const name of GAUGES_NAMED_AS_COUNTERS) registry.removeSingleMetric(name);
  return registry;
}

/**
 * Serves `/metrics` (Prometheus text format) and `/healthz` on METRICS_PORT for services
 * that have no HTTP API of their own. `ready()` decides `/readyz`. Nothing here is
 * authenticated, so it listens on loopback unless told otherwise (METRICS_HOST).
 */
export async function serveMetrics(registry: Registry, port: number, ready: () => boolean = () => true, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/metrics') {
      void registry.metrics().then((body) => {
        response.writeHead(200, { 'content-type': registry.contentType }).end(body);
      });
    } else if (request.url === '/healthz' || request.url === '/readyz') {
      const ok = request.url === '/healthz' || ready();
      response.writeHead(ok ? 200 : 503, { 'content-type': 'text/plain' }).end(ok ? 'ok\n' : 'not ready\n');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
