import { type Handled, type NodeCommandHandler } from '@ironledger/application';
import { backoffDelay, sleep } from '@ironledger/bus';
import {
  type CommandMeta,
  DomainError,
  type Json,
  type Node,
  type NodeCommand,
  type NodeEvent,
  type RecordManagementOutcome,
  type RecordPowerOutcome,
  type RecordProvisionOutcome,
  type StartIntrospection,
  type Work,
  workAfter,
} from '@ironledger/domain';
import { DriverError, type HardwareType, type Phase, StepFailure, type WorkOutcome } from '@ironledger/drivers';
import { describe, HardwareManagement } from './management.js';
import { type ConductorMetrics } from './metrics.js';

export interface WorkRunnerOptions {
  readonly conductorId: string;
  readonly automatedClean: boolean;
  /** At most this many pieces of driver work at once. */
  readonly workers: number;
  /** Hardware types whose inspection always boots a ramdisk and waits for its inventory. */
  readonly ramdiskInspectHardware?: ReadonlySet<string>;
  /** Called after each outcome is recorded, with what was appended (e.g. to delete the allocation a tear-down ended). */
  readonly onRecorded?: (recorded: Handled<NodeEvent, Node>, meta: CommandMeta) => Promise<void>;
}

/**
 * Does the driver work behind the transitions this conductor committed, and records each
 * outcome as a further command (compute, persist, then act). A node's work goes on as long as
 * this conductor holds it: tear-down is followed by automated cleaning, a callback by the
 * rest of the deployment, and so on.
 *
 * An outcome the store does not take (NATS is out of reach) is retried with back-off until it
 * does, or until the domain refuses it (the node moved on meanwhile), or until `stop()`: the
 * work done is never forgotten while this conductor lives, so the node never stays held.
 */
export class WorkRunner {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly management: HardwareManagement;
  /** Nodes whose work runs now. */
  private readonly working = new Set<string>();
  private readonly stopping = new AbortController();
  /** Shutting down: no more work starts. */
  private closing = false;

  constructor(
    private readonly handler: NodeCommandHandler,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly options: WorkRunnerOptions,
    private readonly log: (message: string) => void = () => undefined,
    private readonly metrics?: ConductorMetrics,
  ) {
    this.management = new HardwareManagement(handler, drivers, options.conductorId, log);
  }

  /**
   * Starts the work a commit left to this conductor, if any; returns at once. A commit made while
   * this conductor already works on the node (an agent's heartbeat or look-up) starts nothing:
   * the running work goes on from the state its own outcome commits, which includes it.
   */
  afterCommit(node: Node | null, events: readonly NodeEvent[], meta: CommandMeta): void {
    if (!node || node.reservation !== this.options.conductorId || this.working.has(node.uuid)) return;
    this.working.add(node.uuid);
    const work = this.withWorker(() => this.continue(node, events, meta)).finally(() => this.working.delete(node.uuid));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Whether work for `nodeId` runs (or waits for a worker) now. */
  isWorkingOn(nodeId: string): boolean {
    return this.working.has(nodeId);
  }

  /**
   * Takes up the work of a node this conductor holds but runs nothing for: its commit was
   * appended although the reply never came back, or this conductor restarted under the same id.
   */
  resume(node: Node): void {
    const meta = { at: new Date().toISOString(), actor: 'conductor', requestId: `resume-${node.uuid}-${Date.now()}`, conductor: this.options.conductorId };
    this.afterCommit(node, [], meta);
  }

  /** Stops retrying outcomes the store does not take (on shutdown); the nodes are left to recovery. */
  stop(): void {
    this.stopping.abort();
  }

  /** Resolves when every piece of work started so far has ended. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * On shutdown: work still waiting for a worker is not started, its nodes are left to recovery
   * (as a conductor that died leaves them: this one resumes them when it comes back, another takes
   * them over); resolves when the work running has ended. With thousands of nodes queued behind
   * unreachable BMCs, running them all first made a stop take minutes.
   */
  async shutdown(): Promise<void> {
    this.closing = true;
    for (const start of this.queue.splice(0)) start();
    await this.drain();
  }

  private async continue(start: Node, startEvents: readonly NodeEvent[], origin: CommandMeta): Promise<void> {
    let node: Node | null = start;
    let events = startEvents;
    while (node && node.reservation === this.options.conductorId) {
      const timer = this.metrics?.work.startTimer({ state: node.target_power_state !== null ? 'power action' : node.management_action ? 'management' : node.provision_state });
      const command = await this.runOnce(node, events, origin);
      timer?.({ outcome: (command.data as { outcome: string }).outcome });
      const recorded = await this.record(command);
      if (!recorded) return;
      ({ state: node, events } = recorded);
      // What follows from the outcome elsewhere is not the node's work: its failure stops nothing here.
      await this.options.onRecorded?.(recorded, command.meta).catch((error: Error) => this.log(`after ${command.type} for node ${start.uuid}: ${error.message}`));
    }
  }

  /** Records an outcome, retrying what the store did not take; `undefined` when it cannot be recorded (any more). */
  private async record(command: NodeCommand): Promise<Handled<NodeEvent, Node> | undefined> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.handler.handle(command);
      } catch (error) {
        const why = `the outcome of ${command.type} for node ${command.nodeId}`;
        if (error instanceof DomainError) {
          this.log(`${why} was refused (the node moved on): ${error.message}`);
          return undefined;
        }
        if (this.stopping.signal.aborted) {
          this.log(`could not record ${why}, left to recovery: ${(error as Error).message}`);
          return undefined;
        }
        if (attempt === 0) this.log(`could not record ${why} (${(error as Error).message}); retrying until the store takes it`);
        await sleep(backoffDelay(attempt, { initialMs: 100, maxMs: 5000 }), this.stopping.signal);
      }
    }
  }

  /** Runs the work the node's commit calls for and returns the command that records how it went. */
  private async runOnce(node: Node, events: readonly NodeEvent[], origin: CommandMeta): Promise<NodeCommand> {
    const record = <C extends NodeCommand>(type: C['type'], data: C['data']) => this.command<C>(node, origin, type, data);
    const work = workAfter(node, events);
    if (work?.kind === 'power') {
      try {
        const power_state = await this.hardware(node).power.setPowerState(node, work.target, work.timeoutSeconds ?? undefined);
        return record<RecordPowerOutcome>('RecordPowerOutcome', { outcome: 'succeeded', power_state });
      } catch (error) {
        return record<RecordPowerOutcome>('RecordPowerOutcome', { outcome: 'failed', error: describe(error) });
      }
    }
    if (work?.kind === 'management') {
      try {
        const power_state = await this.management.perform(node, work.action);
        return record<RecordManagementOutcome>('RecordManagementOutcome', { outcome: 'succeeded', ...(power_state && { power_state }) });
      } catch (error) {
        return record<RecordManagementOutcome>('RecordManagementOutcome', { outcome: 'failed', error: describe(error) });
      }
    }
    try {
      if (!work) throw new DriverError(`Node ${node.uuid} has no conductor work in state ${node.provision_state}.`);
      const { result, powerState, progress, agentReset, bootConfig } = await this.provisionWork(node, work, origin);
      // The power state and step progress the work left are recorded with its outcome, in the same commit.
      return record<RecordProvisionOutcome>('RecordProvisionOutcome', {
        outcome: result === 'done' ? 'succeeded' : 'waiting',
        ...(powerState && { power_state: powerState }),
        ...(progress?.length && { progress }),
        ...(agentReset && { agent_reset: true }),
        ...(bootConfig && { boot_config: bootConfig }),
        // A heartbeat recorded while this work ran makes the node resume instead of waiting.
        ...(result === 'wait' && !agentReset && { heartbeat_seen: node.agent?.last_heartbeat ?? null }),
      });
    } catch (error) {
      const progress = error instanceof StepFailure && error.progress.length > 0 ? { progress: error.progress } : {};
      return record<RecordProvisionOutcome>('RecordProvisionOutcome', { outcome: 'failed', error: describe(error), ...progress });
    }
  }

  private async provisionWork(node: Node, work: Exclude<Work, { kind: 'power' | 'management' }>, origin: CommandMeta): Promise<WorkOutcome> {
    const { power, provisioning } = this.hardware(node);
    switch (work.kind) {
      case 'verify':
        // Credentials are verified by reading the power state through the driver; then, as
        // Ironic, what the node caches of its hardware is read.
        power.validate(node);
        await power.getPowerState(node);
        await this.management.cacheBootMode(node, origin);
        await this.management.cacheBios(node, origin);
        return { result: 'done' };
      case 'clean':
        if (!work.manual && !(node.automated_clean ?? this.options.automatedClean)) return { result: 'done' };
        return this.clean(node, work.steps, work.phase, origin);
      case 'deploy':
        return provisioning.deploy(node, work.phase);
      case 'tear-down':
        return provisioning.tearDown(node);
      case 'inspect':
        return this.inspect(node, work.phase, origin);
      case 'adopt':
        return provisioning.adopt(node);
      case 'rescue':
        return provisioning.rescue(node, work.phase);
      case 'unrescue':
        return provisioning.unrescue(node);
      default:
        return assertNever(work);
    }
  }

  /**
   * Cleaning reads the BIOS settings before its steps (as Ironic does at the start of every
   * cleaning) and again after BIOS steps, which change them.
   */
  private async clean(node: Node, steps: Json[] | null, phase: Phase, origin: CommandMeta): Promise<WorkOutcome> {
    if (phase === 'start') await this.management.cacheBios(node, origin);
    const outcome = await this.hardware(node).provisioning.clean(node, steps, phase);
    const biosSteps = (steps ?? []).some((step) => (step as { interface?: unknown } | null)?.interface === 'bios');
    if (outcome.result === 'done' && biosSteps) await this.management.cacheBios(node, origin);
    return outcome;
  }

  /**
   * Inspection: hardware that inspects through a ramdisk (always, for the configured hardware
   * types; when its driver says so, for fake hardware) gets an introspection record, then is
   * powered on (rebooted when on) to boot the ramdisk, and waits for its inventory. The record
   * is appended before the node is touched, so a crash in between leaves a history the
   * recovery understands (the record fails with the inspection).
   */
  private async inspect(node: Node, phase: Phase, origin: CommandMeta): Promise<WorkOutcome> {
    const { power, provisioning } = this.hardware(node);
    const ramdisk = this.options.ramdiskInspectHardware?.has(node.driver) ?? false;
    if (!ramdisk) {
      const outcome = await provisioning.inspect(node, phase);
      if (outcome.result === 'done') return outcome;
    }
    await this.handler.handle(this.command<StartIntrospection>(node, origin, 'StartIntrospection', {}));
    power.validate(node);
    const powerState = await power.setPowerState(node, node.power_state === 'power on' ? 'rebooting' : 'power on');
    return { result: 'wait', powerState };
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

  private async withWorker(job: () => Promise<void>): Promise<void> {
    if (this.running >= this.options.workers) await new Promise<void>((resolve) => this.queue.push(resolve));
    if (this.closing) return;
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}

function assertNever(value: never): never {
  throw new TypeError(`Unhandled work: ${JSON.stringify(value)}`);
}
