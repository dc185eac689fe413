import { type LiveProjection, type NodeCommandHandler, raidTasksDue, type RaidTasksDue, type RingMember, StaleBasisError } from '@ironledger/application';
import { type CommandMeta, DomainError, type Node, type NodeCommand, type RecordProvisionOutcome, type RecordRaidTasks } from '@ironledger/domain';
import { type HardwareType } from '@ironledger/drivers';
import { describe } from './management.js';
import { type Liveness, type OwnWork, ringOwnership } from './watchdog.js';

export interface RaidPollerOptions {
  readonly conductorId: string;
  /** How often to poll (Ironic's `[redfish] raid_config_status_interval`). */
  readonly intervalMs: number;
  /** This conductor's card on the hash rings: it polls only the nodes they give it (absent: every node). */
  readonly ring?: Omit<RingMember, 'id'>;
}

/**
 * Polls the BMC tasks the `redfish` RAID steps of waiting nodes wait for (Ironic's periodic RAID
 * task check). Which nodes is a pure choice (`raidTasksDue`): those this conductor owns, unlocked,
 * in `clean wait` or `wait call-back` with tasks recorded on their step run. Tasks still running
 * append nothing; done ones are recorded (`RecordRaidTasks`): the step's next round, or the step
 * finished and the run resumed under this conductor, whose work takes it on. A poll that fails
 * fails the step, as Ironic does. What a poll records stands only while the node still waits on
 * the tasks polled (a failure: while its stream has nothing newer), so an abort or a timeout that
 * came first wins.
 */
export class RaidTaskPoller {
  private timer?: NodeJS.Timeout;
  private polling = false;
  private polls = 0;

  constructor(
    private readonly roster: Liveness,
    private readonly projection: LiveProjection,
    private readonly handler: NodeCommandHandler,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly work: Pick<OwnWork, 'afterCommit'>,
    private readonly options: RaidPollerOptions,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  start(): void {
    // As the watchdog's sweep: a failed poll is said and tried again on the next tick.
    this.timer = setInterval(() => this.poll().catch((error: unknown) => this.log(`RAID task poll failed: ${(error as Error).stack ?? String(error)}`)), this.options.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.polling) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** One pass over the nodes this conductor polls. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    const run = ++this.polls;
    try {
      const { conductorId, ring } = this.options;
      const owns = ring ? ringOwnership(this.roster, conductorId, ring) : () => true;
      // The nodes as the read model has them at this position: what a failure recorded below is decided on.
      const basis = this.projection.readModel.position;
      const due: { node: Node; tasks: RaidTasksDue }[] = [];
      // The nodes it owns are whole once the watchdog has swept them (see `keepOwnShare`): one the rings gave it since waits for the next poll.
      for (const node of this.projection.readModel.wholeNodes()) {
        const tasks = raidTasksDue(node, owns);
        if (tasks) due.push({ node, tasks });
      }
      const meta = { at: new Date().toISOString(), actor: 'conductor', requestId: `raid-poll-${conductorId}-${run}`, conductor: conductorId };
      for (const { node, tasks } of due) await this.check(node, tasks, basis, meta);
    } finally {
      this.polling = false;
    }
  }

  private async check(node: Node, { kind, index, tasks }: RaidTasksDue, basis: number, meta: CommandMeta): Promise<void> {
    const raid = this.drivers.get(node.driver)?.raid;
    if (!raid) return;
    let command: NodeCommand;
    try {
      const round = await raid.checkTasks(node, tasks);
      if (round === 'running') return;
      const data: RecordRaidTasks['data'] = { kind, index, checked: tasks.monitors, ...('tasks' in round ? { tasks: round.tasks } : { raid_config: round.done }) };
      command = { type: 'RecordRaidTasks', nodeId: node.uuid, data, meta: { ...meta, at: new Date().toISOString() } };
    } catch (error) {
      const data: RecordProvisionOutcome['data'] = { outcome: 'failed', error: describe(error) };
      command = { type: 'RecordProvisionOutcome', nodeId: node.uuid, data, meta: { ...meta, at: new Date().toISOString() } };
    }
    try {
      const { events, state } = await this.handler.handle(command, command.type === 'RecordProvisionOutcome' ? { basis } : {});
      this.log(`RAID tasks of node ${node.uuid}: ${events.map((event) => event.type).join(', ')}`);
      // A finished step resumes the run, a failed one leaves the ramdisk to tear down: this conductor's work.
      this.work.afterCommit(state, events, command.meta);
    } catch (error) {
      // The node moved on meanwhile (aborted, timed out, polled by another conductor): nothing to record.
      if (!(error instanceof DomainError || error instanceof StaleBasisError)) this.log(`recording the RAID tasks of node ${node.uuid} failed: ${(error as Error).message}`);
    }
  }
}
