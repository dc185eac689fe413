/**
 * Clean and deploy steps as this conductor sees them pass: which started, succeeded or failed
 * after each piece of work, and how long each took, from the start of the piece that started it
 * to the end of the piece that finished it. A step the ramdisk agent runs spans pieces (started
 * in one, found finished at a later heartbeat), so its time is the agent's, to within a
 * heartbeat; steps started and finished in one piece share that piece's time (an upper bound).
 * A step started under another conductor (one that died) is counted but not timed.
 */
import { type Node, type Step, type StepKind, type StepProgress, stepName } from '@ironledger/domain';

export type StepResult = 'started' | 'succeeded' | 'failed';

export interface StepReport {
  readonly kind: StepKind;
  /** `interface.step`. */
  readonly step: string;
  readonly result: StepResult;
  /** For a step that ended, when this conductor saw it start. */
  readonly seconds?: number;
}

export class StepTimes {
  /** When each running step started, by node and then `kind:index`: only nodes with a step running. */
  private readonly started = new Map<string, Map<string, number>>();

  /**
   * What `progress` says of the steps of `node` (as it was before the piece of work that started
   * at `pieceStartedMs`), the piece having `failed` or not; `after`: the node as the outcome left
   * it (its step run over, nothing of it is kept).
   */
  observe(node: Node, progress: readonly StepProgress[], failed: boolean, pieceStartedMs: number, nowMs: number, after: Node | null): StepReport[] {
    const plans = new Map<StepKind, readonly Step[]>(node.step_run ? [[node.step_run.kind, node.step_run.steps]] : []);
    const times = this.started.get(node.uuid) ?? new Map<string, number>();
    const reports: StepReport[] = [];
    let unfinished: { kind: StepKind; index: number } | undefined;
    const name = (kind: StepKind, index: number) => {
      const step = plans.get(kind)?.[index];
      return step ? stepName(step) : `${kind} step ${index}`;
    };
    const ended = (kind: StepKind, index: number, result: StepResult) => {
      const key = `${kind}:${index}`;
      const since = times.get(key);
      times.delete(key);
      reports.push({ kind, step: name(kind, index), result, ...(since !== undefined && { seconds: (nowMs - since) / 1000 }) });
    };
    for (const entry of progress) {
      if (entry.type === 'planned') {
        plans.set(entry.kind, entry.steps);
      } else if (entry.type === 'started') {
        times.set(`${entry.kind}:${entry.index}`, pieceStartedMs);
        reports.push({ kind: entry.kind, step: name(entry.kind, entry.index), result: 'started' });
        unfinished = { kind: entry.kind, index: entry.index };
      } else if (entry.type === 'finished') {
        // A RAID step left waiting for the BMC's tasks (`raid_tasks`) has not ended: the conductor polling them finishes it.
        ended(entry.kind, entry.index, 'succeeded');
        if (unfinished?.kind === entry.kind && unfinished.index === entry.index) unfinished = undefined;
      }
    }
    if (failed) {
      // The step that failed: the one this piece started and did not finish, or the one running when it began.
      const running = unfinished ?? (node.step_run && node.step_run.index !== null ? { kind: node.step_run.kind, index: node.step_run.index } : undefined);
      if (running) ended(running.kind, running.index, 'failed');
    }
    if (after?.step_run && times.size > 0) this.started.set(node.uuid, times);
    else this.started.delete(node.uuid);
    return reports;
  }
}
