import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/** A metrics registry for one service, with Node's process metrics and the service's name as a label. */
export function serviceRegistry(service: string, instance: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service, instance });
  collectDefaultMetrics({ register: registry });
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
