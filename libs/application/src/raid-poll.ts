/**
 * Which nodes a conductor polls the RAID tasks of (Ironic's periodic check of `redfish` RAID
 * tasks): decided from the node and who owns it, without doing it.
 */
import { type Node, type RaidTasks, type StepKind } from '@ironledger/domain';

/** The wait state of a step run of each kind. */
const WAIT_STATE: Readonly<Record<StepKind, string>> = { clean: 'clean wait', deploy: 'wait call-back' };

/** The tasks of a node's RAID step to poll, and the step they belong to. */
export interface RaidTasksDue {
  readonly kind: StepKind;
  readonly index: number;
  readonly tasks: RaidTasks;
}

/**
 * The RAID tasks to poll for `node`, or `null`: only a node this conductor owns (`owns`, the hash
 * rings' choice), that nobody holds, and that waits (`clean wait`, `wait call-back`) on a step
 * with tasks recorded. Being on the node, they are anyone's to poll after a conductor dies.
 */
export function raidTasksDue(node: Node, owns: (node: Node) => boolean): RaidTasksDue | null {
  const run = node.step_run;
  if (!run?.raid_tasks || run.index === null || node.reservation !== null || node.provision_state !== WAIT_STATE[run.kind] || !owns(node)) return null;
  return { kind: run.kind, index: run.index, tasks: run.raid_tasks };
}
