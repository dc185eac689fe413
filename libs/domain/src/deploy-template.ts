/**
 * A deploy template: deploy steps named by a trait (Ironic's `/v1/deploy_templates`). At deploy
 * time, the templates named by the instance's traits add their steps. Its own aggregate, in a
 * stream of its own; its name is unique across the fleet (the conductor claims it).
 */
import { auditMeta, type CommandMeta, type DeployTemplateSteps, type RequestProvisionAction } from './commands.js';
import { InvalidInputError, NotFoundError, ResourceConflictError } from './errors.js';
import { type AuditMeta } from './events.js';
import { type JsonObject } from './node.js';
import { isProvisionVerb, VERBS } from './states.js';
import { isValidTrait } from './traits.js';
import { assertNever } from './assert-never.js';

/**
 * A provision request as the conductor decides it: a deployment (`active`, `deploy`, `rebuild`)
 * carries the fleet's deploy templates, which the decider expands for the node it deploys
 * (any templates the request carried are replaced: they are the conductor's to give).
 */
export function withDeployTemplates(command: RequestProvisionAction, templates: Iterable<DeployTemplateSteps>): RequestProvisionAction {
  const { deploy_templates: _given, ...data } = command.data;
  const event = isProvisionVerb(data.target) ? VERBS[data.target] : undefined;
  if (event !== 'deploy' && event !== 'rebuild') return { ...command, data };
  return { ...command, data: { ...data, deploy_templates: [...templates].map(({ name, steps }) => ({ name, steps })) } };
}

/** The interfaces a deploy step may belong to, in the order Ironic breaks priority ties. */
export const DEPLOY_STEP_INTERFACES = ['power', 'management', 'deploy', 'bios', 'raid'] as const;
export type DeployStepInterface = (typeof DEPLOY_STEP_INTERFACES)[number];

export interface DeployStep {
  readonly interface: DeployStepInterface;
  readonly step: string;
  readonly args: JsonObject;
  /** 0 disables the step. */
  readonly priority: number;
}

export interface DeployTemplateFields {
  /** A trait: the instance traits that select this template. */
  readonly name: string;
  readonly steps: readonly DeployStep[];
  readonly extra: JsonObject;
}

export interface DeployTemplate extends DeployTemplateFields {
  readonly uuid: string;
  readonly created_at: string;
  readonly updated_at: string | null;
}

interface DeployTemplateCommandOf<T extends string, D = object> {
  readonly type: T;
  readonly templateId: string;
  readonly data: D;
  readonly meta: CommandMeta;
}

export type CreateDeployTemplate = DeployTemplateCommandOf<'CreateDeployTemplate', DeployTemplateFields>;
export type UpdateDeployTemplate = DeployTemplateCommandOf<'UpdateDeployTemplate', { readonly changes: Partial<DeployTemplateFields> }>;
export type DeleteDeployTemplate = DeployTemplateCommandOf<'DeleteDeployTemplate'>;
export type DeployTemplateCommand = CreateDeployTemplate | UpdateDeployTemplate | DeleteDeployTemplate;

export const DEPLOY_TEMPLATE_COMMAND_TYPES: readonly DeployTemplateCommand['type'][] = ['CreateDeployTemplate', 'UpdateDeployTemplate', 'DeleteDeployTemplate'];

interface DeployTemplateEventOf<T extends string, D> {
  readonly type: T;
  readonly data: D;
  readonly meta: AuditMeta & { readonly templateId: string };
}

export type DeployTemplateCreated = DeployTemplateEventOf<'DeployTemplateCreated', DeployTemplateFields>;
export type DeployTemplateUpdated = DeployTemplateEventOf<'DeployTemplateUpdated', { readonly changes: Partial<DeployTemplateFields> }>;
export type DeployTemplateDeleted = DeployTemplateEventOf<'DeployTemplateDeleted', { readonly name: string }>;
export type DeployTemplateEvent = DeployTemplateCreated | DeployTemplateUpdated | DeployTemplateDeleted;

export const DEPLOY_TEMPLATE_EVENT_TYPES: readonly DeployTemplateEvent['type'][] = ['DeployTemplateCreated', 'DeployTemplateUpdated', 'DeployTemplateDeleted'];

/** (Ironic: 404) */
export class DeployTemplateNotFoundError extends NotFoundError {
  constructor(readonly templateId: string) {
    super(`Deploy template ${templateId} could not be found.`);
  }
}

/**
 * Why `steps` are not a valid list of deploy steps (`undefined`: they are). The API checks the
 * shape first with Ironic's schema messages; this keeps the domain's own invariant, and words
 * duplicates as Ironic does.
 */
export function deployStepsProblem(steps: readonly DeployStep[]): string | undefined {
  if (steps.length === 0) return 'A deploy template needs at least one step.';
  for (const step of steps) {
    const valid =
      (DEPLOY_STEP_INTERFACES as readonly string[]).includes(step.interface) &&
      typeof step.step === 'string' && step.step.length > 0 &&
      typeof step.args === 'object' && step.args !== null && !Array.isArray(step.args) &&
      Number.isSafeInteger(step.priority) && step.priority >= 0;
    if (!valid) return `Invalid deploy step ${JSON.stringify(step)}.`;
  }
  const seen = new Map<string, number>();
  for (const { interface: iface, step } of steps) seen.set(`interface: ${iface}, step: ${step}`, (seen.get(`interface: ${iface}, step: ${step}`) ?? 0) + 1);
  const duplicates = [...seen].filter(([, count]) => count > 1).map(([key]) => key);
  if (duplicates.length > 0) {
    return `Deploy template invalid: Duplicate deploy steps. A deploy template cannot have multiple deploy steps with the same interface and step. Duplicates: ${duplicates.join('; ')}.`;
  }
  return undefined;
}

export function decideDeployTemplate(command: DeployTemplateCommand, template: DeployTemplate | null): DeployTemplateEvent[] {
  const meta = { templateId: command.templateId, ...auditMeta(command.meta) };
  if (command.type === 'CreateDeployTemplate') {
    if (template) throw new ResourceConflictError(`A deploy template with UUID ${command.templateId} already exists.`);
    const { name, steps, extra } = command.data;
    check({ name, steps });
    return [{ type: 'DeployTemplateCreated', data: { name, steps: steps.map(copyStep), extra }, meta }];
  }
  if (!template) throw new DeployTemplateNotFoundError(command.templateId);
  switch (command.type) {
    case 'UpdateDeployTemplate': {
      const changes = Object.fromEntries(
        (['name', 'steps', 'extra'] as const)
          .filter((key) => command.data.changes[key] !== undefined && JSON.stringify(command.data.changes[key]) !== JSON.stringify(template[key]))
          .map((key) => [key, command.data.changes[key]]),
      ) as Partial<DeployTemplateFields>;
      if (Object.keys(changes).length === 0) return [];
      check({ name: changes.name ?? template.name, steps: changes.steps ?? template.steps });
      return [{ type: 'DeployTemplateUpdated', data: { changes: changes.steps ? { ...changes, steps: changes.steps.map(copyStep) } : changes }, meta }];
    }
    case 'DeleteDeployTemplate':
      return [{ type: 'DeployTemplateDeleted', data: { name: template.name }, meta }];
    default:
      return assertNever(command);
  }
}

export function evolveDeployTemplate(template: DeployTemplate | null, event: DeployTemplateEvent): DeployTemplate | null {
  switch (event.type) {
    case 'DeployTemplateCreated':
      return { uuid: event.meta.templateId, ...event.data, created_at: event.meta.at, updated_at: null };
    case 'DeployTemplateUpdated':
      return template && { ...template, ...event.data.changes, updated_at: event.meta.at };
    case 'DeployTemplateDeleted':
      return null;
    default:
      return assertNever(event);
  }
}

function check({ name, steps }: Pick<DeployTemplateFields, 'name' | 'steps'>): void {
  if (!isValidTrait(name)) throw new InvalidInputError(`A deploy template's name must be a trait: ${JSON.stringify(name)} is not one.`);
  const problem = deployStepsProblem(steps);
  if (problem) throw new InvalidInputError(problem);
}

/** A step with exactly its four fields, in Ironic's key order. */
function copyStep(step: DeployStep): DeployStep {
  return { interface: step.interface, step: step.step, args: step.args, priority: step.priority };
}
