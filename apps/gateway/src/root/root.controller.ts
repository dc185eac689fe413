import { Controller, Get, Req } from '@nestjs/common';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { MAX_VERSION, type Microversion, MIN_VERSION, Versions } from '../http/microversion.js';
import { resourceLinks } from '../http/views.js';
import { ResponseBody } from '../openapi/operation-docs.js';
import { ROOT_SCHEMA, v1Schema } from './root-view.schema.js';

/** Resources `GET /v1` lists (those this gateway serves), with the version each appeared in. */
export const V1_RESOURCES: readonly [string, number][] = [
  ['chassis', 1], ['nodes', 1], ['ports', 1], ['drivers', 1], ['portgroups', Versions.PORTGROUPS], ['volume', Versions.VOLUME],
  ['lookup', Versions.RAMDISK_ENDPOINTS], ['heartbeat', Versions.RAMDISK_ENDPOINTS], ['conductors', Versions.CONDUCTORS],
  ['allocations', Versions.ALLOCATIONS], ['events', Versions.EVENTS], ['deploy_templates', Versions.DEPLOY_TEMPLATES], ['shards', Versions.SHARDS],
];

/** The version documents: `GET /` and `GET /v1`. */
@Controller()
export class RootController {
  @Get()
  @ResponseBody('ApiVersions', ROOT_SCHEMA)
  root(@Ctx() ctx: RequestContext) {
    const v1 = versionSummary(ctx.baseUrl);
    return {
      name: 'OpenStack Ironic API',
      description: 'Ironic is an OpenStack project which enables the provision and management of baremetal machines.',
      default_version: v1,
      versions: [v1],
    };
  }

  @Get('v1')
  @ResponseBody('ApiV1', v1Schema(V1_RESOURCES))
  v1(@Ctx() ctx: RequestContext, @Req() request: FastifyRequest) {
    const document: Record<string, unknown> = {
      id: 'v1',
      links: [
        { href: `${ctx.baseUrl}/v1/`, rel: 'self' },
        { href: 'https://docs.openstack.org//ironic/latest/contributor//webapi.html', rel: 'describedby', type: 'text/html' },
      ],
      media_types: { base: 'application/json', type: 'application/vnd.openstack.ironic.v1+json' },
    };
    const resources = visibleResources(ctx.version).filter((name) => served(request.server, name));
    // Ironic lists the original four resources, then `version`, then the later ones.
    for (const name of resources.slice(0, 4)) document[name] = resourceLinks(ctx.baseUrl, `${name}/`);
    document.version = versionSummary(ctx.baseUrl);
    for (const name of resources.slice(4)) document[name] = resourceLinks(ctx.baseUrl, `${name}/`);
    return document;
  }
}

function visibleResources(version: Microversion): string[] {
  return V1_RESOURCES.filter(([, since]) => version.atLeast(since)).map(([name]) => name);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Whether the gateway has a route for `/v1/<resource>` or below it, by any method: a resource
 * is linked only once something answers it (the ramdisk's `heartbeat` is POST-only, as in Ironic).
 */
function served(server: FastifyInstance, resource: string): boolean {
  return METHODS.some((method) => [`/v1/${resource}`, `/v1/${resource}/x`].some((url) => server.findRoute({ method, url }) !== null));
}

function versionSummary(baseUrl: string) {
  return { id: 'v1', links: [{ href: `${baseUrl}/v1/`, rel: 'self' }], status: 'CURRENT', min_version: `${MIN_VERSION}`, version: `${MAX_VERSION}` };
}
