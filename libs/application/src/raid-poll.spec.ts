import { describe, expect, it } from '@jest/globals';
import { newNode, type Node, type ProvisionState, type RaidTasks, type Step } from '@ironledger/domain';
import { raidTasksDue } from './raid-poll.js';

const NODE_ID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
const RAID: Step = { interface: 'raid', step: 'delete_configuration', priority: 0, args: {} };
const TASKS: RaidTasks = { operation: 'delete', monitors: ['/taskmon/1'], pending: false };
const mine = () => true;
/** A node in `state` whose step run of `kind` is on its RAID step (index 1), with tasks unless told. */
const nodeIn = (state: ProvisionState, kind: 'clean' | 'deploy', fields: Partial<Node> = {}, tasks: RaidTasks | null = TASKS): Node =>
  newNode(NODE_ID, '2026-11-21T09:00:00.000Z', { provision_state: state, reservation: null, step_run: { kind, steps: [RAID, RAID], index: 1, ...(tasks && { raid_tasks: tasks }) }, ...fields });

describe('the RAID tasks a conductor polls', () => {
  it('are those of an unlocked node it owns that waits on a RAID step with tasks, cleaning or deploying', () => {
    expect(raidTasksDue(nodeIn('clean wait', 'clean'), mine)).toEqual({ kind: 'clean', index: 1, tasks: TASKS });
    expect(raidTasksDue(nodeIn('wait call-back', 'deploy'), mine)).toEqual({ kind: 'deploy', index: 1, tasks: TASKS });
  });

  it('are none for a node another conductor owns or holds, one not waiting, one without tasks, or one waiting in the other run’s state', () => {
    expect(raidTasksDue(nodeIn('clean wait', 'clean'), () => false)).toBeNull();
    expect(raidTasksDue(nodeIn('clean wait', 'clean', { reservation: 'conductor-b' }), mine)).toBeNull();
    expect(raidTasksDue(nodeIn('cleaning', 'clean', { reservation: 'conductor-b' }), mine)).toBeNull();
    expect(raidTasksDue(nodeIn('clean failed', 'clean'), mine)).toBeNull();
    expect(raidTasksDue(nodeIn('clean wait', 'clean', {}, null), mine)).toBeNull();
    expect(raidTasksDue(nodeIn('wait call-back', 'clean'), mine)).toBeNull();
    expect(raidTasksDue(nodeIn('available', 'clean', { step_run: null }), mine)).toBeNull();
  });
});
