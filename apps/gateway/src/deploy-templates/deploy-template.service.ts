/** The deploy template use cases: reads from the projection, writes as deploy template commands. */
import { type LiveProjection } from '@ironledger/application';
import { type DeployTemplate, type DeployTemplateCommand, type DeployTemplateEvent, type DeployTemplateFields, DeployTemplateNotFoundError } from '@ironledger/domain';
import { type Caller, type CommandRunner, meta } from '../commands.js';
import { isUuidLike } from '../http/ironic-args.js';

export class DeployTemplateService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly commands: CommandRunner,
  ) {}

  /** A template by UUID, or by name when the ident is not UUID-like (404 otherwise). */
  find(ident: string, templates: Iterable<DeployTemplate> = this.projection.readModel.deployTemplates.all()): DeployTemplate {
    const found = [...templates].find((template) => (isUuidLike(ident) ? template.uuid === ident : template.name === ident));
    if (!found) throw new DeployTemplateNotFoundError(ident);
    return found;
  }

  /** Every template, in creation order. */
  all(): DeployTemplate[] {
    return [...this.projection.readModel.deployTemplates.all()];
  }

  async create(uuid: string, fields: DeployTemplateFields, caller: Caller): Promise<DeployTemplate> {
    return (await this.run({ type: 'CreateDeployTemplate', templateId: uuid, data: fields, meta: meta(caller) }))!;
  }

  /** Changes the template `ident` names as `plan` works it out on the template as the read model shows it (again when it changed meanwhile). */
  async patch(ident: string, caller: Caller, plan: (template: DeployTemplate) => Partial<DeployTemplateFields>): Promise<DeployTemplate> {
    const { state } = await this.commands.runPlanned<DeployTemplate, DeployTemplateEvent>(() => {
      const template = this.find(ident);
      return { command: { type: 'UpdateDeployTemplate', templateId: template.uuid, data: { changes: plan(template) }, meta: meta(caller) } };
    });
    return state!;
  }

  async remove(uuid: string, caller: Caller): Promise<void> {
    await this.run({ type: 'DeleteDeployTemplate', templateId: uuid, data: {}, meta: meta(caller) });
  }

  private async run(command: DeployTemplateCommand): Promise<DeployTemplate | null> {
    return (await this.commands.run<DeployTemplate, DeployTemplateEvent>(command)).state;
  }
}
