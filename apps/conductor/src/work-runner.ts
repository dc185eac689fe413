import { type NodeCommandHandler } from '@ironledger/application';
import {
  type CommandMeta,
  DomainError,
  type Node,
  type NodeCommand,
  type NodeEvent,
  type PowerState,
  type RecordPowerOutcome,
  type RecordProvisionOutcome,
  type StartIntrospection,
} from '@ironledger/domain';
import { DriverError, type HardwareType, type Phase, type WorkResult } from '@ironledger/drivers';
import { type ConductorMetrics } from './metrics.js';

export interface WorkRunnerOptions {
  readonly conductorId: string;
  readonly automatedClean: boolean;
  /** At most this many pieces of driver work at once. */
  readonly workers: number;
  /** Hardware types whose inspection always boots a ramdisk and waits for its inventory. */
  readonly ramdiskInspectHardware?: ReadonlySet<string>;
}

/** How a piece of provisioning work went, and the power state it left the node in when it changed power. */
interface Outcome {
  readonly result: WorkResult;
  readonly power_state?: PowerState;
}

/**
 * Does the driver work behind the transitions this conductor committed, and records each
 * outcome as a further command (compute, persist, then act). A node's work goes on as long as
 * this conductor holds it: tear-down is followed by automated cleaning, a callback by the
 * rest of the deployment, and so on.
 */
export class WorkRunner {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly handler: NodeCommandHandler,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly options: WorkRunnerOptions,
    private readonly log: (message: string) => void = () => undefined,
    private readonly metrics?: ConductorMetrics,
  ) {}

  /** Starts the work a commit left to this conductor, if any; returns at once. */
  afterCommit(node: Node | null, events: readonly NodeEvent[], meta: CommandMeta): void {
    if (!node || node.reservation !== this.options.conductorId) return;
    const work = this.withWorker(() => this.continue(node, events, meta));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves when every piece of work started so far has ended. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async continue(start: Node, startEvents: readonly NodeEvent[], origin: CommandMeta): Promise<void> {
    let node: Node | null = start;
    let events = startEvents;
    while (node && node.reservation === this.options.conductorId) {
      const timer = this.metrics?.work.startTimer({ state: node.target_power_state !== null ? 'power action' : node.provision_state });
      const command = await this.runOnce(node, events, origin);
      timer?.({ outcome: (command.data as { outcome: string }).outcome });
      try {
        ({ node, events } = await this.handler.handle(command));
      } catch (error) {
        this.log(`could not record the outcome of ${command.type} for node ${start.uuid}: ${(error as Error).message}`);
        return;
      }
    }
  }

  /** Runs the work the node's state calls for and returns the command that records how it went. */
  private async runOnce(node: Node, events: readonly NodeEvent[], origin: CommandMeta): Promise<NodeCommand> {
    const record = <C extends NodeCommand>(type: C['type'], data: C['data']) => this.command<C>(node, origin, type, data);
    if (node.target_power_state !== null) {
      const started = events.find((e) => e.type === 'PowerActionStarted');
      const requested = started?.data.requested ?? node.target_power_state;
      try {
        const power_state = await this.hardware(node).power.setPowerState(node, requested, started?.data.timeout ?? undefined);
        return record<RecordPowerOutcome>('RecordPowerOutcome', { outcome: 'succeeded', power_state });
      } catch (error) {
        return record<RecordPowerOutcome>('RecordPowerOutcome', { outcome: 'failed', error: describe(error) });
      }
    }
    try {
      const { result, power_state } = await this.provisionWork(node, resumed(events) ? 'resumed' : 'start', origin);
      return record<RecordProvisionOutcome>('RecordProvisionOutcome', { outcome: result === 'done' ? 'succeeded' : 'waiting', ...(power_state && { power_state }) });
    } catch (error) {
      return record<RecordProvisionOutcome>('RecordProvisionOutcome', { outcome: 'failed', error: describe(error) });
    }
  }

  private async provisionWork(node: Node, phase: Phase, origin: CommandMeta): Promise<Outcome> {
    const { power, provisioning } = this.hardware(node);
    const done = async (work: Promise<unknown>): Promise<Outcome> => (await work, { result: 'done' });
    const result = async (work: Promise<WorkResult>): Promise<Outcome> => ({ result: await work });
    switch (node.provision_state) {
      case 'verifying':
        // Credentials are verified by reading the power state through the driver.
        power.validate(node);
        return done(power.getPowerState(node));
      case 'cleaning': {
        const manual = node.target_provision_state === 'manageable';
        if (!manual && !(node.automated_clean ?? this.options.automatedClean)) return { result: 'done' };
        return result(provisioning.clean(node, manual ? node.clean_steps : null, phase));
      }
      case 'deploying':
        return result(provisioning.deploy(node, phase));
      case 'deleting':
        return done(provisioning.tearDown(node));
      case 'inspecting':
        return this.inspect(node, phase, origin);
      case 'adopting':
        return done(provisioning.adopt(node));
      case 'rescuing':
        return result(provisioning.rescue(node, phase));
      case 'unrescuing':
        return done(provisioning.unrescue(node));
      default:
        throw new DriverError(`Node ${node.uuid} has no conductor work in state ${node.provision_state}.`);
    }
  }

  /**
   * Inspection: hardware that inspects through a ramdisk (always, for the configured hardware
   * types; when its driver says so, for fake hardware) gets an introspection record, then is
   * powered on (rebooted when on) to boot the ramdisk, and waits for its inventory. The record
   * is appended before the node is touched, so a crash in between leaves a history the
   * recovery understands (the record fails with the inspection).
   */
  private async inspect(node: Node, phase: Phase, origin: CommandMeta): Promise<Outcome> {
    const { power, provisioning } = this.hardware(node);
    const ramdisk = this.options.ramdiskInspectHardware?.has(node.driver) ?? false;
    if (!ramdisk && (await provisioning.inspect(node, phase)) === 'done') return { result: 'done' };
    await this.handler.handle(this.command<StartIntrospection>(node, origin, 'StartIntrospection', {}));
    power.validate(node);
    const power_state = await power.setPowerState(node, node.power_state === 'power on' ? 'rebooting' : 'power on');
    return { result: 'wait', power_state };
  }

  /** A command recording this conductor's work on `node`, caused by the request that started it. */
  private command<C extends NodeCommand>(node: Node, origin: CommandMeta, type: C['type'], data: C['data']): NodeCommand {
    return { type, nodeId: node.uuid, data, meta: { ...origin, at: new Date().toISOString(), actor: 'conductor', conductor: this.options.conductorId, causationId: origin.requestId } } as NodeCommand;
  }

  private hardware(node: Node): HardwareType {
    const hardware = this.drivers.get(node.driver);
    if (!hardware) throw new DriverError(`No conductor service registered which supports driver ${node.driver}.`);
    return hardware;
  }

  private async withWorker<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.workers) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}

/** Whether the commit resumed the node after a callback (its work then continues, not restarts). */
function resumed(events: readonly NodeEvent[]): boolean {
  return events.some((e) => e.type === 'ProvisionStateChanged' && e.data.event === 'resume');
}

/** A driver's (or the domain's) refusal reads as it is; anything else is a bug worth flagging as unexpected. */
function describe(error: unknown): string {
  return error instanceof DriverError || error instanceof DomainError ? error.message : `Unexpected error: ${(error as Error).message}`;
}
