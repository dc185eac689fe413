import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyReply } from 'fastify';
import { authorize, type Node, type VolumeConnector, type VolumeTarget } from '@ironledger/domain';
import { meta } from '../commands.js';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, routerError } from '../http/errors.js';
import { inProject } from '../http/access.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { isUuidLike, uuidArg } from '../http/ironic-args.js';
import { FIELDS_PARAMETER, listNextLink } from '../http/list-query.js';
import { Versions } from '../http/microversion.js';
import { resourceLinks } from '../http/views.js';
import { BodySchema } from '../openapi/body-schema.js';
import { OnlyRefuses, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { VOLUME_CONNECTOR_LIST_SCHEMA, VOLUME_CONNECTOR_VIEW_SCHEMA, VOLUME_ROOT_SCHEMA, VOLUME_TARGET_LIST_SCHEMA, VOLUME_TARGET_VIEW_SCHEMA } from './volume-view.schema.js';
import { CONNECTOR_SCHEMA, planConnectorCreate, planConnectorPatch, planTargetCreate, planTargetPatch, TARGET_SCHEMA } from './volume-requests.js';
import { VolumeService } from './volume.service.js';
import { CONNECTORS, parseVolumeQuery, selectVolume, TARGETS, type VolumeEntry, volumeFields, type VolumeKind, volumeListParameters, volumeView } from './volume.view.js';

/** Ironic's `/v1/volume` (API 1.32): connectors and targets, of the fleet or of one node (`/v1/nodes/{id}/volume`). */
@Controller('v1')
export class VolumeController {
  constructor(@Inject(VolumeService) private readonly volume: VolumeService) {}

  @Get('volume')
  @ResponseBody('Volume', VOLUME_ROOT_SCHEMA)
  root(@Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.VOLUME)) throw new ApiError(404, 'Resource could not be found.');
    return volumeRoot(ctx.baseUrl, 'volume');
  }

  /** The node is not looked up: Ironic echoes whatever the path says. */
  @Get('nodes/:ident/volume')
  @ResponseBody('Volume', VOLUME_ROOT_SCHEMA)
  nodeRoot(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.VOLUME)) throw new ApiError(404, 'Resource could not be found.');
    return volumeRoot(ctx.baseUrl, `nodes/${ident}/volume`);
  }

  @Get('volume/connectors')
  @QueryParameters(volumeListParameters())
  @ResponseBody('VolumeConnectorList', VOLUME_CONNECTOR_LIST_SCHEMA)
  connectors(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(CONNECTORS, this.volume.connectors(), query, ctx, '/v1/volume/connectors');
  }

  @Get('volume/targets')
  @QueryParameters(volumeListParameters())
  @ResponseBody('VolumeTargetList', VOLUME_TARGET_LIST_SCHEMA)
  targets(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(TARGETS, this.volume.targets(), query, ctx, '/v1/volume/targets');
  }

  @Get('nodes/:ident/volume/connectors')
  @QueryParameters(volumeListParameters())
  @ResponseBody('VolumeConnectorList', VOLUME_CONNECTOR_LIST_SCHEMA)
  nodeConnectors(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(CONNECTORS, this.volume.connectors(), query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/volume/connectors`, this.parentNode(ident, ctx));
  }

  @Get('nodes/:ident/volume/targets')
  @QueryParameters(volumeListParameters())
  @ResponseBody('VolumeTargetList', VOLUME_TARGET_LIST_SCHEMA)
  nodeTargets(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(TARGETS, this.volume.targets(), query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/volume/targets`, this.parentNode(ident, ctx));
  }

  @Get('volume/connectors/:uuid')
  @QueryParameters([FIELDS_PARAMETER])
  @ResponseBody('VolumeConnector', VOLUME_CONNECTOR_VIEW_SCHEMA)
  connector(@Param('uuid') uuid: string, @Query('fields') fields: unknown, @Ctx() ctx: RequestContext) {
    requireVolume(ctx);
    uuidArg('connector_uuid', uuid);
    return volumeView(CONNECTORS, this.volume.connector(uuid), ctx.baseUrl, volumeFields(fields, ctx.version));
  }

  @Get('volume/targets/:uuid')
  @QueryParameters([FIELDS_PARAMETER])
  @ResponseBody('VolumeTarget', VOLUME_TARGET_VIEW_SCHEMA)
  target(@Param('uuid') uuid: string, @Query('fields') fields: unknown, @Ctx() ctx: RequestContext) {
    requireVolume(ctx);
    uuidArg('target_uuid', uuid);
    return hideTargetProperties(volumeView(TARGETS, this.volume.target(uuid), ctx.baseUrl, volumeFields(fields, ctx.version)), ctx);
  }

  /** A single connector or target under a node: Ironic finds it, then refuses (403). */
  @Get('nodes/:ident/volume/connectors/:uuid')
  @OnlyRefuses(403, 404)
  connectorUnderNode(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): never {
    requireVolume(ctx);
    this.volume.connector(uuid);
    throw new ApiError(403, 'Operation not permitted.');
  }

  @Get('nodes/:ident/volume/targets/:uuid')
  @OnlyRefuses(403, 404)
  targetUnderNode(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): never {
    requireVolume(ctx);
    this.volume.target(uuid);
    throw new ApiError(403, 'Operation not permitted.');
  }

  /** Nor are connectors and targets created, changed or deleted under a node. */
  @Post(['nodes/:ident/volume/connectors', 'nodes/:ident/volume/targets'])
  @OnlyRefuses(403, 404)
  createUnderNode(@Ctx() ctx: RequestContext): never {
    return refuseUnderNode(ctx);
  }

  @Patch(['nodes/:ident/volume/connectors/:uuid', 'nodes/:ident/volume/targets/:uuid'])
  @OnlyRefuses(403, 404)
  updateUnderNode(@Ctx() ctx: RequestContext): never {
    return refuseUnderNode(ctx);
  }

  @Delete(['nodes/:ident/volume/connectors/:uuid', 'nodes/:ident/volume/targets/:uuid'])
  @OnlyRefuses(403, 404)
  removeUnderNode(@Ctx() ctx: RequestContext): never {
    return refuseUnderNode(ctx);
  }

  @Post('volume/connectors')
  @BodySchema('VolumeConnectorCreate', CONNECTOR_SCHEMA)
  @ResponseBody('VolumeConnector', VOLUME_CONNECTOR_VIEW_SCHEMA)
  async createConnector(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    requireVolume(ctx);
    const { node, data } = planConnectorCreate(body, (uuid) => this.volume.node(uuid));
    const uuid = data.uuid ?? randomUUID();
    const after = (await this.volume.run({ type: 'AddVolumeConnector', nodeId: node.uuid, data: { ...data, uuid }, meta: meta(ctx) }))!;
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/volume/connectors/${uuid}`);
    return volumeView(CONNECTORS, { item: after.volume_connectors.find((c) => c.uuid === uuid)!, node: after }, ctx.baseUrl);
  }

  @Post('volume/targets')
  @BodySchema('VolumeTargetCreate', TARGET_SCHEMA)
  @ResponseBody('VolumeTarget', VOLUME_TARGET_VIEW_SCHEMA)
  async createTarget(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    requireVolume(ctx);
    const { node, data } = planTargetCreate(body, (uuid) => this.volume.node(uuid));
    const uuid = data.uuid ?? randomUUID();
    const after = (await this.volume.run({ type: 'AddVolumeTarget', nodeId: node.uuid, data: { ...data, uuid }, meta: meta(ctx) }))!;
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/volume/targets/${uuid}`);
    return volumeView(TARGETS, { item: after.volume_targets.find((t) => t.uuid === uuid)!, node: after }, ctx.baseUrl);
  }

  @Patch('volume/connectors/:uuid')
  @ResponseBody('VolumeConnector', VOLUME_CONNECTOR_VIEW_SCHEMA)
  async updateConnector(@Param('uuid') uuid: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    requireVolume(ctx);
    uuidArg('connector_uuid', uuid);
    const after = await this.volume.runPlanned(() => {
      const { item, node } = this.volume.connector(uuid);
      return { type: 'UpdateVolumeConnector', nodeId: node.uuid, data: { uuid, ...planConnectorPatch(item, node, body, (id) => this.volume.node(id)) }, meta: meta(ctx) };
    });
    return volumeView(CONNECTORS, { item: after.volume_connectors.find((c) => c.uuid === uuid)!, node: after }, ctx.baseUrl);
  }

  @Patch('volume/targets/:uuid')
  @ResponseBody('VolumeTarget', VOLUME_TARGET_VIEW_SCHEMA)
  async updateTarget(@Param('uuid') uuid: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    requireVolume(ctx);
    uuidArg('target_uuid', uuid);
    const after = await this.volume.runPlanned(() => {
      const { item, node } = this.volume.target(uuid);
      return { type: 'UpdateVolumeTarget', nodeId: node.uuid, data: { uuid, ...planTargetPatch(item, node, body, (id) => this.volume.node(id)) }, meta: meta(ctx) };
    });
    // Ironic hides them in a patch's answer too (not in a creation's).
    return hideTargetProperties(volumeView(TARGETS, { item: after.volume_targets.find((t) => t.uuid === uuid)!, node: after }, ctx.baseUrl), ctx);
  }

  @Delete('volume/connectors/:uuid')
  @HttpCode(204)
  async removeConnector(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): Promise<void> {
    requireVolume(ctx);
    uuidArg('connector_uuid', uuid);
    const { node } = this.volume.connector(uuid);
    await this.volume.run({ type: 'RemoveVolumeConnector', nodeId: node.uuid, data: { uuid }, meta: meta(ctx) });
  }

  @Delete('volume/targets/:uuid')
  @HttpCode(204)
  async removeTarget(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): Promise<void> {
    requireVolume(ctx);
    uuidArg('target_uuid', uuid);
    const { node } = this.volume.target(uuid);
    await this.volume.run({ type: 'RemoveVolumeTarget', nodeId: node.uuid, data: { uuid }, meta: meta(ctx) });
  }

  /** The node of `/v1/nodes/{node}/volume/…`: by UUID only. */
  private parentNode(ident: string, ctx: RequestContext): Node {
    requireVolume(ctx);
    const node = isUuidLike(ident) ? this.volume.node(ident) : undefined;
    if (!node) throw new ApiError(404, `Node ${ident} could not be found.`);
    return node;
  }

  private page<T extends VolumeConnector | VolumeTarget>(kind: VolumeKind<T>, all: VolumeEntry<T>[], raw: RawQuery, ctx: RequestContext, path: string, parent?: Node) {
    requireVolume(ctx);
    const query = parseVolumeQuery(kind as VolumeKind<never>, raw, ctx.version);
    let keep: (entry: VolumeEntry<T>) => boolean = () => true;
    const ident = parent?.uuid ?? query.node;
    if (ident !== undefined) {
      const node = parent ?? this.volume.node(ident);
      if (!node) throw new ApiError(404, `Node ${ident} could not be found.`);
      keep = (entry) => entry.node.uuid === node.uuid;
    }
    const { items, hasNext } = selectVolume(kind, all, query, (entry) => inProject(ctx.listProject, entry.node) && keep(entry));
    const fields = query.full ? undefined : (query.fields ?? kind.listFields);
    const view = (entry: VolumeEntry<T>) => volumeView(kind, entry, ctx.baseUrl, fields);
    const body: Record<string, unknown> = { [kind.collection]: items.map((entry) => (kind === (TARGETS as unknown) ? hideTargetProperties(view(entry), ctx) : view(entry))) };
    if (hasNext) body.next = listNextLink(ctx.baseUrl, path, query, kind.listFields, items.at(-1)!.item.uuid);
    return body;
  }
}

/** `/v1/volume/connectors|targets[/…]` exist from API 1.32 (the router's 404 below). */
function requireVolume(ctx: RequestContext): void {
  if (!ctx.version.atLeast(Versions.VOLUME)) throw routerError(404);
}

function refuseUnderNode(ctx: RequestContext): never {
  requireVolume(ctx);
  throw new ApiError(403, 'Operation not permitted.');
}

/** `GET /v1/volume` and `GET /v1/nodes/{node}/volume`. */
function volumeRoot(baseUrl: string, path: string) {
  return { links: resourceLinks(baseUrl, `${path}/`), connectors: resourceLinks(baseUrl, `${path}/connectors`), targets: resourceLinks(baseUrl, `${path}/targets`) };
}

/** A target's properties are shown only to callers `baremetal:volume:view_target_properties` allows (Keystone callers; as Ironic redacts them). */
function hideTargetProperties(view: Record<string, unknown>, ctx: RequestContext): Record<string, unknown> {
  if (!ctx.policy || !ctx.credentials || !('properties' in view)) return view;
  if (authorize(ctx.policy, 'baremetal:volume:view_target_properties', ctx.credentials, ctx.credentials) === 'allowed') return view;
  return { ...view, properties: { redacted_contents: '** Value redacted: Requires permission baremetal:volume:view_target_properties access. Permission denied. **' } };
}
