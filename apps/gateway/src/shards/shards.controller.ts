import { Controller, Delete, Get, Inject, Patch, Post, Put, Query } from '@nestjs/common';
import { type Node, type Schema } from '@ironledger/domain';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, routerError } from '../http/errors.js';
import { requireResourceVersion } from '../http/gates.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { checkArguments } from '../http/query-args.js';
import { NodeService } from '../nodes/node.service.js';
import { OnlyRefuses, ResponseBody } from '../openapi/operation-docs.js';

/** `GET /v1/shards`: how many nodes each shard holds (nodes without one: the shard `None`). */
const SHARD_LIST_SCHEMA: Schema = {
  type: 'object',
  properties: {
    shards: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer', minimum: 1 } }, required: ['name', 'count'], additionalProperties: false } },
  },
  required: ['shards'],
  additionalProperties: false,
};

/** Ironic's `/v1/shards` (1.82): how many nodes each shard holds. */
@Controller('v1/shards')
export class ShardsController {
  constructor(@Inject(NodeService) private readonly nodes: NodeService) {}

  /**
   * One entry per distinct shard, nodes without one as the shard `"None"`, most nodes first
   * (ties in shard order, `None` first). Ironic answers 500 for any query parameter; this
   * refuses them as its other resources do.
   */
  @Get()
  @ResponseBody('ShardList', SHARD_LIST_SCHEMA)
  list(@Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.SHARDS, 'GET', 'shards');
    checkArguments(raw, []);
    return { shards: shardCounts(this.nodes.summaries()) };
  }

  /** Shards have no sub-resources: Ironic's controller answers any path below it with a fault. */
  @Get(':name')
  @OnlyRefuses(404)
  unknown(@Ctx() ctx: RequestContext): never {
    requireResourceVersion(ctx.version, Versions.SHARDS, 'GET', 'shards');
    throw new ApiError(404, 'The resource could not be found.');
  }

  /** Shards are read-only. */
  @Post()
  @OnlyRefuses(405)
  post(@Ctx() ctx: RequestContext): never {
    return readOnly(ctx);
  }

  @Put()
  @OnlyRefuses(405)
  put(@Ctx() ctx: RequestContext): never {
    return readOnly(ctx);
  }

  @Patch()
  @OnlyRefuses(405)
  patch(@Ctx() ctx: RequestContext): never {
    return readOnly(ctx);
  }

  @Delete()
  @OnlyRefuses(405)
  delete(@Ctx() ctx: RequestContext): never {
    return readOnly(ctx);
  }
}

function readOnly(ctx: RequestContext): never {
  requireResourceVersion(ctx.version, Versions.SHARDS, 'other', 'shards');
  throw routerError(405);
}

export function shardCounts(nodes: readonly Pick<Node, 'shard'>[]): { name: string; count: number }[] {
  const counts = new Map<string | null, number>();
  for (const node of nodes) counts.set(node.shard, (counts.get(node.shard) ?? 0) + 1);
  const byShard = [...counts].sort(([a], [b]) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));
  return byShard.sort(([, x], [, y]) => y - x).map(([shard, count]) => ({ name: shard ?? 'None', count }));
}
