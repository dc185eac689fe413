/** What a conductor polling the BMC tasks of a `redfish` RAID step found, as Ironic's periodic RAID task check records it. */
import { type RecordRaidTasks } from '../commands.js';
import { InvalidStateError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type Node } from '../node.js';
import { type StepKind } from '../steps.js';
import { resumed } from './agent.js';
import { eventMeta } from './shared.js';

/** The wait state of a step run of `kind`. */
const WAIT_STATE: Readonly<Record<StepKind, string>> = { clean: 'clean wait', deploy: 'wait call-back' };

/**
 * The step's tasks are done: its next changes were submitted (the node waits on), or the step is
 * over with the configuration the BMC has, and the run resumes after it. Taken only while the node
 * still waits, unlocked, on the very tasks the conductor polled: an abort, a timeout or another
 * conductor's poll that came first wins.
 */
export function recordRaidTasks(command: RecordRaidTasks, node: Node): NodeEvent[] {
  const { kind, index, checked } = command.data;
  const run = node.step_run;
  const monitors = run?.raid_tasks?.monitors;
  const same = monitors !== undefined && monitors.length === checked.length && monitors.every((monitor, at) => monitor === checked[at]);
  if (node.provision_state !== WAIT_STATE[kind] || node.reservation !== null || run?.kind !== kind || run.index !== index || !same) {
    throw new InvalidStateError(node.uuid, node.provision_state, 'poll RAID tasks');
  }
  const data = { kind, index, step: run.steps[index]! };
  const meta = eventMeta(command);
  if ('tasks' in command.data) return [{ type: 'RaidTasksSubmitted', data: { ...data, tasks: command.data.tasks }, meta }];
  return [{ type: 'StepFinished', data: { ...data, raid_config: command.data.raid_config }, meta }, resumed(command, node)];
}
