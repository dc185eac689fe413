import { randomBytes, randomUUID } from 'node:crypto';
import { type Handled, type NodeCommandHandler } from '@ironledger/application';
import { backoffDelay, sleep } from '@ironledger/bus';
import {
  assertNever,
  type CacheBiosSettings,
  type CacheBootMode,
  type CommandMeta,
  DomainError,
  interfaceOf,
  type IssueAgentToken,
  type Json,
  type Node,
  type NodeCommand,
  type NodeEvent,
  type RecordInspectedHardware,
  type RecordManagementOutcome,
  type RecordPowerOutcome,
  type RecordProvisionOutcome,
  type StartIntrospection,
  type StepProgress,
  type Work,
  pregeneratedTokenDue,
  workAfter,
} from '@ironledger/domain';
import { DriverError, type HardwareType, type Phase, PoweredFailure, StepFailure, type WorkOutcome } from '@ironledger/drivers';
import { describe, HardwareManagement } from './management.js';
import { type ConductorMetrics } from './metrics.js';
import { StepTimes } from './step-times.js';

/**
 * Where each piece of node work is reported as it goes: its start, the clean and deploy steps it
 * saw start and end, and its outcome, each with the node, the request that caused the work and
 * durations (`durationMs`). The conductor writes these as log lines.
 */
export type WorkJournal = (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void;

export interface WorkRunnerOptions {
  readonly conductorId: string;
  readonly automatedClean: boolean;
  /** At most this many pieces of driver work at once. */
  readonly workers: number;
  /** Hardware types whose inspection always boots a ramdisk and waits for its inventory. */
  readonly ramdiskInspectHardware?: ReadonlySet<string>;
  /**
   * Carries out a command that adds ports under the claims of their MACs (`handleWithClaims`), for
   * what an out-of-band inspection found; without it, such a command is handled as any other.
   */
  readonly handleWithClaims?: (command: NodeCommand) => Promise<Handled<NodeEvent, Node>>;
  /** Called after each outcome is recorded, with what was appended (e.g. to delete the allocation a tear-down ended). */
  readonly onRecorded?: (recorded: Handled<NodeEvent, Node>, meta: CommandMeta) => Promise<void>;
  readonly journal?: WorkJournal;
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
  private readonly stepTimes = new StepTimes();

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
    const journal = this.options.journal ?? (() => undefined);
    while (node && node.reservation === this.options.conductorId) {
      const state = node.target_power_state !== null ? 'power action' : node.management_action ? 'management' : node.provision_state;
      const about = { node: node.uuid, requestId: origin.requestId, state };
      journal('info', about, `work on node ${node.uuid} started (${state})`);
      const startedMs = performance.now();
      const records = await this.runOnce(node, events, origin);
      const endedMs = performance.now();
      const command = records.at(-1)!;
      const { outcome, error, progress } = command.data as { outcome: string; error?: string; progress?: StepProgress[] };
      this.metrics?.work.observe({ state, outcome }, (endedMs - startedMs) / 1000);
      // What the work found on the way (the hardware's settings, an introspection begun) comes before its outcome.
      for (const found of records.slice(0, -1)) await this.record(found);
      const recorded = await this.record(command);
      const steps = this.stepTimes.observe(node, progress ?? [], outcome === 'failed', startedMs, endedMs, recorded?.state ?? null);
      this.metrics?.observeSteps(steps);
      for (const { kind, step, result, seconds } of steps) {
        journal(result === 'failed' ? 'warn' : 'info', { ...about, kind, step, result, ...(seconds !== undefined && { durationMs: Math.round(seconds * 1000) }) }, `${kind} step ${step} of node ${node.uuid} ${result}`);
      }
      const durationMs = Math.round(endedMs - startedMs);
      journal(outcome === 'failed' ? 'warn' : 'info', { ...about, outcome, durationMs, ...(error && { error }), ...(!recorded && { recorded: false }) }, `work on node ${node.uuid} ${outcome} (${state}, ${durationMs} ms)`);
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
        if (command.type === 'RecordInspectedHardware' && this.options.handleWithClaims) return await this.options.handleWithClaims(command);
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

  /**
   * Runs the work the node's commit calls for and returns the commands that record how it went,
   * in the order they are to be appended: what the work found on the way, then its outcome (last).
   */
  private async runOnce(node: Node, events: readonly NodeEvent[], origin: CommandMeta): Promise<NodeCommand[]> {
    const record = <C extends NodeCommand>(type: C['type'], data: C['data']) => this.command<C>(node, origin, type, data);
    const work = workAfter(node, events);
    if (work?.kind === 'power') {
      try {
        const power_state = await this.hardware(node).power.setPowerState(node, work.target, work.timeoutSeconds ?? undefined);
        return [record<RecordPowerOutcome>('RecordPowerOutcome', { outcome: 'succeeded', power_state })];
      } catch (error) {
        return [record<RecordPowerOutcome>('RecordPowerOutcome', { outcome: 'failed', error: describe(error) })];
      }
    }
    if (work?.kind === 'management') {
      try {
        const power_state = await this.management.perform(node, work.action);
        return [record<RecordManagementOutcome>('RecordManagementOutcome', { outcome: 'succeeded', ...(power_state && { power_state }) })];
      } catch (error) {
        return [record<RecordManagementOutcome>('RecordManagementOutcome', { outcome: 'failed', error: describe(error) })];
      }
    }
    // Filled by the work as it goes: kept whether it succeeds or fails.
    const found: NodeCommand[] = [];
    try {
      if (!work) throw new DriverError(`Node ${node.uuid} has no conductor work in state ${node.provision_state}.`);
      const { result, powerState, progress, agentReset, bootConfig } = await this.provisionWork(node, work, origin, found);
      // The power state and step progress the work left are recorded with its outcome, in the same commit.
      return [...found, record<RecordProvisionOutcome>('RecordProvisionOutcome', {
        outcome: result === 'done' ? 'succeeded' : 'waiting',
        ...(powerState && { power_state: powerState }),
        ...(progress?.length && { progress }),
        ...(agentReset && { agent_reset: true }),
        ...(bootConfig && { boot_config: bootConfig }),
        // A heartbeat recorded while this work ran makes the node resume instead of waiting.
        ...(result === 'wait' && !agentReset && { heartbeat_seen: node.agent?.last_heartbeat ?? null }),
      })];
    } catch (error) {
      const progress = error instanceof StepFailure && error.progress.length > 0 ? { progress: error.progress } : {};
      const powered = error instanceof PoweredFailure ? { power_state: error.powerState } : {};
      return [...found, record<RecordProvisionOutcome>('RecordProvisionOutcome', { outcome: 'failed', error: describe(error), ...progress, ...powered })];
    }
  }

  /** The provisioning work's effects; what it finds to record besides its outcome goes to `found`. */
  private async provisionWork(node: Node, work: Exclude<Work, { kind: 'power' | 'management' }>, origin: CommandMeta, found: NodeCommand[]): Promise<WorkOutcome> {
    const { power, provisioning } = this.hardware(node);
    switch (work.kind) {
      case 'verify':
        // Credentials are verified by reading the power state through the driver; then, as
        // Ironic, what the node caches of its hardware is read.
        power.validate(node);
        await power.getPowerState(node);
        await this.readBootMode(node, origin, found);
        await this.readBios(node, origin, found);
        return { result: 'done' };
      case 'clean':
        if (!work.manual && !(node.automated_clean ?? this.options.automatedClean)) return { result: 'done' };
        return this.clean(node, work.steps, work.phase, origin, found);
      case 'deploy':
        return provisioning.deploy(work.phase === 'start' ? await this.withPregeneratedToken(node, origin) : node, work.phase);
      case 'tear-down':
        return provisioning.tearDown(node);
      case 'inspect':
        return this.inspect(node, work.phase, origin, found);
      case 'adopt':
        return provisioning.adopt(node);
      case 'rescue':
        return provisioning.rescue(work.phase === 'start' ? await this.withPregeneratedToken(node, origin) : node, work.phase);
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
  private async clean(start: Node, steps: Json[] | null, phase: Phase, origin: CommandMeta, found: NodeCommand[]): Promise<WorkOutcome> {
    let node = start;
    if (phase === 'start') {
      await this.readBios(node, origin, found);
      if (!node.cleaning_disable_ramdisk) node = await this.withPregeneratedToken(node, origin);
    }
    const outcome = await this.hardware(node).provisioning.clean(node, steps, phase);
    const biosSteps = (steps ?? []).some((step) => (step as { interface?: unknown } | null)?.interface === 'bios');
    if (outcome.result === 'done' && biosSteps) await this.readBios(node, origin, found);
    return outcome;
  }

  /** Reads the boot mode and secure boot state for `CacheBootMode` (nothing when the reading failed). */
  private async readBootMode(node: Node, origin: CommandMeta, found: NodeCommand[]): Promise<void> {
    const read = await this.management.readBootMode(node);
    if (read) found.push(this.command<CacheBootMode>(node, origin, 'CacheBootMode', read));
  }

  /** Reads the BIOS settings for `CacheBiosSettings` (nothing when there are none to read, or the reading failed). */
  private async readBios(node: Node, origin: CommandMeta, found: NodeCommand[]): Promise<void> {
    const read = await this.management.readBios(node);
    if (read) found.push(this.command<CacheBiosSettings>(node, origin, 'CacheBiosSettings', read));
  }

  /**
   * Inspection: an inspect interface that works through the BMC (`redfish`) reads the hardware
   * and is done, what it found recorded before its outcome. Otherwise hardware that inspects through a ramdisk (always, for the configured hardware
   * types; when its driver says so, for fake hardware) is powered on (rebooted when on) to boot
   * the ramdisk, and waits for its inventory; its introspection record begins with the outcome,
   * just before it (and fails with the inspection when the power-on does). A crash before they
   * are recorded leaves the node inspecting under a dead conductor, which recovery fails.
   */
  private async inspect(node: Node, phase: Phase, origin: CommandMeta, found: NodeCommand[]): Promise<WorkOutcome> {
    const { power, provisioning, inspect } = this.hardware(node);
    const outOfBand = inspect?.[interfaceOf(node, 'inspect')];
    if (outOfBand) {
      const { properties, macs } = await outOfBand.inspectHardware(node);
      const port_uuids = Object.fromEntries(macs.map((mac) => [mac, randomUUID()]));
      found.push(this.command<RecordInspectedHardware>(node, origin, 'RecordInspectedHardware', { properties, macs, port_uuids }));
      return { result: 'done' };
    }
    const ramdisk = this.options.ramdiskInspectHardware?.has(node.driver) ?? false;
    if (!ramdisk) {
      const outcome = await provisioning.inspect(node, phase);
      if (outcome.result === 'done') return outcome;
    }
    found.push(this.command<StartIntrospection>(node, origin, 'StartIntrospection', {}));
    power.validate(node);
    const powerState = await power.setPowerState(node, node.power_state === 'power on' ? 'rebooting' : 'power on');
    return { result: 'wait', powerState };
  }

  /**
   * Before a virtual-media boot of the agent's ramdisk: records a token made here, which the boot
   * medium carries to the agent (Ironic's pre-generated token), so that no look-up ever needs to
   * hand one out. Resolves with the node holding it (as it was when none is due).
   */
  private async withPregeneratedToken(node: Node, origin: CommandMeta): Promise<Node> {
    if (node.agent?.token || !pregeneratedTokenDue(node, this.options.conductorId)) return node;
    const token = randomBytes(32).toString('base64url');
    const { state } = await this.handler.handle(this.command<IssueAgentToken>(node, origin, 'IssueAgentToken', { token, pregenerated: true }));
    return state ?? node;
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
