import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyReply } from 'fastify';
import { type DeployStep, type DeployTemplate, deployStepsProblem, type Json, type JsonObject } from '@ironledger/domain';
import { AuditService } from '../audit/audit.service.js';
import { type RawQuery, selectPage } from '../http/collection-query.js';
import { ApiError, badRequest } from '../http/errors.js';
import { requireResourceVersion } from '../http/gates.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { applyPatch, parsePatch, type PatchOperation, pointerTokens } from '../http/json-patch.js';
import { schemaError } from '@ironledger/domain';
import { Versions } from '../http/microversion.js';
import { isLogicalName, isUuidLike } from '../http/ironic-args.js';
import { checkArguments, queryArgs } from '../http/query-args.js';
import { DEPLOY_STEP_SCHEMA, TEMPLATE_SCHEMA } from '../http/schemas.js';
import { BodySchema } from '../openapi/body-schema.js';
import { QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { DEPLOY_TEMPLATE_LIST_SCHEMA, DEPLOY_TEMPLATE_VIEW_SCHEMA } from './deploy-template-view.schema.js';
import { DeployTemplateService } from './deploy-template.service.js';
import { checkTemplateFields, deployTemplateView, parseTemplateQuery, TEMPLATE_LIST_PARAMETERS, TEMPLATE_SHOW_PARAMETERS, templatesNextLink } from './deploy-template.view.js';

/** What `PATCH /v1/deploy_templates/{id}` may touch, in the order of Ironic's refusal. */
const PATCHABLE = ['extra', 'name', 'steps', 'description'];

interface TemplateBody {
  readonly name: string;
  readonly steps: (Omit<DeployStep, 'priority'> & { priority: number | string })[];
  readonly extra?: JsonObject | null;
  readonly uuid?: string | null;
}

/** Ironic's `/v1/deploy_templates`. */
@Controller('v1/deploy_templates')
export class DeployTemplatesController {
  constructor(
    @Inject(DeployTemplateService) private readonly templates: DeployTemplateService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** `?at=<position | ISO time>` (ironledger): the templates as they were then. */
  @Get()
  @QueryParameters(TEMPLATE_LIST_PARAMETERS)
  @ResponseBody('DeployTemplateList', DEPLOY_TEMPLATE_LIST_SCHEMA)
  async list(@Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.DEPLOY_TEMPLATES, 'GET', 'deploy templates');
    const query = parseTemplateQuery(raw);
    const all = typeof raw.at === 'string' ? [...(await this.audit.modelAt(raw.at)).deployTemplates.all()] : this.templates.all();
    const { items, hasNext } = selectPage(
      {
        items: all,
        uuidOf: (t) => t.uuid,
        sortValue: (t, key) => t[key as keyof DeployTemplate] ?? null,
        unknownMarker: (marker) => `Deploy template ${marker} could not be found.`,
      },
      query,
    );
    const body: { deploy_templates: object[]; next?: string } = { deploy_templates: items.map((t) => deployTemplateView(t, ctx.baseUrl, query.fields)) };
    if (hasNext) body.next = templatesNextLink(ctx.baseUrl, query, items.at(-1)!.uuid);
    return body;
  }

  /** `?at=<position | ISO time>` (ironledger): the template as it was then. */
  @Get(':ident')
  @QueryParameters(TEMPLATE_SHOW_PARAMETERS)
  @ResponseBody('DeployTemplate', DEPLOY_TEMPLATE_VIEW_SCHEMA)
  async show(@Param('ident') ident: string, @Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.DEPLOY_TEMPLATES, 'GET', 'deploy templates');
    checkArguments(raw, ['fields', 'at']);
    checkIdent(ident);
    const fields = queryArgs(raw).stringList('fields');
    checkTemplateFields(fields);
    if (typeof raw.at !== 'string') return deployTemplateView(this.templates.find(ident), ctx.baseUrl, fields);
    const then = [...(await this.audit.modelAt(raw.at)).deployTemplates.all()];
    const found = then.find((t) => (isUuidLike(ident) ? t.uuid === ident : t.name === ident));
    if (!found) throw new ApiError(404, `Deploy template ${ident} did not exist at ${raw.at}.`);
    return deployTemplateView(found, ctx.baseUrl, fields);
  }

  @Post()
  @BodySchema('DeployTemplateCreate', TEMPLATE_SCHEMA)
  @ResponseBody('DeployTemplate', DEPLOY_TEMPLATE_VIEW_SCHEMA)
  async create(@Body() given: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    requireResourceVersion(ctx.version, Versions.DEPLOY_TEMPLATES, 'other', 'deploy templates');
    const body = (given ?? {}) as TemplateBody;
    const invalid = schemaError(body, TEMPLATE_SCHEMA);
    if (invalid) throw badRequest(`Schema error for template: ${invalid}`);
    const steps = body.steps.map(normalStep);
    checkDuplicates(steps);
    if (typeof body.uuid === 'string' && !isUuidLike(body.uuid)) throw badRequest(`Expected UUID for uuid: ${body.uuid}`);
    const template = await this.templates.create(body.uuid ?? randomUUID(), { name: body.name, steps, extra: body.extra ?? {} }, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/deploy_templates/${template.uuid}`);
    return deployTemplateView(template, ctx.baseUrl);
  }

  /**
   * Where Ironic 21.4 drops keys added inside a step, answers 500 for a string priority patched
   * into a step, moves changed steps to the end and leaves `updated_at` alone for step changes,
   * this refuses unknown step keys like the create schema does, reads a string priority as the
   * integer it spells, keeps steps in their patched order and stamps every change.
   */
  @Patch(':ident')
  @ResponseBody('DeployTemplate', DEPLOY_TEMPLATE_VIEW_SCHEMA)
  async update(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.DEPLOY_TEMPLATES, 'other', 'deploy templates');
    checkIdent(ident);
    const operations = parsePatch(body, PATCHABLE);
    const updated = await this.templates.patch(ident, ctx, (template) => {
      const document: JsonObject = { uuid: template.uuid, name: template.name, steps: template.steps as unknown as Json[], extra: template.extra };
      checkRootAdditions(document, operations);
      const after = applyPatch(document, operations);
      for (const step of Array.isArray(after.steps) ? after.steps : []) {
        const invalid = schemaError(step, DEPLOY_STEP_SCHEMA);
        if (invalid) throw badRequest(`Schema error for patch: ${invalid}`);
      }
      const patched = Object.fromEntries(Object.entries(after).filter(([key]) => ['name', 'steps', 'extra', 'uuid'].includes(key)));
      const invalid = schemaError(patched, TEMPLATE_SCHEMA);
      if (invalid) throw badRequest(`Schema error for patch: ${invalid}`);
      const { name, steps, extra } = patched as unknown as TemplateBody;
      const normalized = steps.map(normalStep);
      checkDuplicates(normalized);
      return { name, steps: normalized, extra: extra ?? {} };
    });
    return deployTemplateView(updated, ctx.baseUrl);
  }

  @Delete(':ident')
  @HttpCode(204)
  async remove(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    requireResourceVersion(ctx.version, Versions.DEPLOY_TEMPLATES, 'other', 'deploy templates');
    checkIdent(ident);
    await this.templates.remove(this.templates.find(ident).uuid, ctx);
  }
}

function checkIdent(ident: string): void {
  if (!isUuidLike(ident) && !isLogicalName(ident)) throw badRequest(`Expected UUID or name for template_ident: ${ident}`);
}

/** A step with exactly its four fields, a priority given as a string of digits read as the integer it is. */
function normalStep(step: TemplateBody['steps'][number]): DeployStep {
  return { interface: step.interface, step: step.step, args: step.args, priority: Number(step.priority) };
}

function checkDuplicates(steps: readonly DeployStep[]): void {
  const problem = deployStepsProblem(steps);
  if (problem) throw badRequest(problem);
}

/** Ironic's rule: a patch may not add a member to the root of the resource. */
function checkRootAdditions(document: JsonObject, operations: readonly PatchOperation[]): void {
  for (const { op, path } of operations) {
    const tokens = pointerTokens(path);
    if (op === 'add' && tokens.length === 1 && !Object.hasOwn(document, tokens[0]!)) throw badRequest(`Adding a new attribute (${path}) to the root of the resource is not allowed`);
  }
}
