/**
 * The management use cases: questions to a node's hardware go to a conductor (nothing is
 * appended); changes are node commands, carried out by the `CommandRunner`.
 */
import { type BootMode, type JsonObject, type Node } from '@ironledger/domain';
import { type Caller, type CommandRunner, meta } from '../commands.js';
import { type NodeService } from '../nodes/node.service.js';

export interface BootDeviceAnswer {
  readonly boot_device: string | null;
  readonly persistent: boolean | null;
}

/** An indicator as the node's driver describes it. */
export interface IndicatorAnswer {
  readonly id: string;
  readonly component: string;
  readonly readonly?: boolean;
  readonly states?: readonly string[];
}

export interface ConsoleAnswer {
  readonly console_enabled: boolean;
  readonly console_info: JsonObject | null;
}

export class ManagementService {
  constructor(
    private readonly nodes: NodeService,
    private readonly commands: CommandRunner,
  ) {}

  bootDevice(node: Node, caller: Caller): Promise<BootDeviceAnswer> {
    return this.commands.query(node.uuid, { what: 'boot_device' }, caller);
  }

  supportedBootDevices(node: Node, caller: Caller): Promise<string[]> {
    return this.commands.query(node.uuid, { what: 'supported_boot_devices' }, caller);
  }

  indicators(node: Node, caller: Caller): Promise<IndicatorAnswer[]> {
    return this.commands.query(node.uuid, { what: 'indicators' }, caller);
  }

  indicatorState(node: Node, component: string, indicator: string, caller: Caller): Promise<{ state: string }> {
    return this.commands.query(node.uuid, { what: 'indicator_state', component, indicator }, caller);
  }

  /** A console that is off is answered without asking the driver, as Ironic does. */
  async console(node: Node, caller: Caller): Promise<ConsoleAnswer> {
    if (!node.console_enabled) return { console_enabled: false, console_info: null };
    return this.commands.query(node.uuid, { what: 'console' }, caller);
  }

  async setBootDevice(node: Node, boot_device: string, persistent: boolean, caller: Caller): Promise<void> {
    await this.nodes.run({ type: 'SetBootDevice', nodeId: node.uuid, data: { boot_device, persistent }, meta: meta(caller) });
  }

  async injectNmi(node: Node, caller: Caller): Promise<void> {
    await this.nodes.run({ type: 'InjectNmi', nodeId: node.uuid, data: {}, meta: meta(caller) });
  }

  async setIndicatorState(node: Node, component: string, indicator: string, state: string, caller: Caller): Promise<void> {
    await this.nodes.run({ type: 'SetIndicatorState', nodeId: node.uuid, data: { component, indicator, state }, meta: meta(caller) });
  }

  /** `target` as the client sent it: the domain refuses one that is not a boot mode, in Ironic's words. */
  async setBootMode(node: Node, target: unknown, caller: Caller): Promise<void> {
    await this.nodes.run({ type: 'SetBootMode', nodeId: node.uuid, data: { target: target as BootMode }, meta: meta(caller) });
  }

  async setSecureBoot(node: Node, target: unknown, caller: Caller): Promise<void> {
    await this.nodes.run({ type: 'SetSecureBoot', nodeId: node.uuid, data: { target: target as boolean }, meta: meta(caller) });
  }

  async setConsoleMode(node: Node, enabled: boolean | null, caller: Caller): Promise<void> {
    await this.nodes.run({ type: 'SetConsoleMode', nodeId: node.uuid, data: { enabled }, meta: meta(caller) });
  }

  async setTargetRaidConfig(node: Node, target_raid_config: JsonObject, caller: Caller): Promise<void> {
    await this.nodes.run({ type: 'SetTargetRaidConfig', nodeId: node.uuid, data: { target_raid_config }, meta: meta(caller) });
  }
}
