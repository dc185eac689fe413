import { Controller, Get, Inject, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { ResponseBody } from '../openapi/operation-docs.js';
import { GatewayMetrics } from './gateway-metrics.js';

/**
 * `GET /metrics`: the gateway's Prometheus metrics, in the text format. It is authenticated like
 * every route that is not public: with AUTH_STRATEGY=http_basic, Prometheus scrapes it with
 * `basic_auth` as a user of the htpasswd file.
 */
@Controller()
export class MetricsController {
  constructor(@Inject(GatewayMetrics) private readonly metrics: GatewayMetrics) {}

  @Get('metrics')
  @ResponseBody('PrometheusMetrics', { type: 'string', description: 'Prometheus’ text exposition format.' }, 'text/plain')
  scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('Content-Type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
