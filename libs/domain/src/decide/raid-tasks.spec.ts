/** A `redfish` RAID step waiting for its BMC tasks: the wait it leaves the node in, the heartbeats meanwhile, and what a poll records. */
import { describe, expect, it } from '@jest/globals';
import { InvalidStateError } from '../errors.js';
import { type Node } from '../node.js';
import { type RaidTasks, type Step, type StepKind } from '../steps.js';
import { CONDUCTOR, nodeIn } from '../testing/fixtures.js';
import { type Command, given, when } from '../testing/decider-specification.js';

const RAID: Step = { interface: 'raid', step: 'create_configuration', priority: 0, args: {}, abortable: false };
const ERASE: Step = { interface: 'deploy', step: 'erase_devices_metadata', priority: 0, args: {} };
const TASKS: RaidTasks = { operation: 'create', monitors: ['/taskmon/1'], pending: [] };
const NEXT: RaidTasks = { operation: 'create', monitors: ['/taskmon/2'], pending: [] };
const CONFIG = { logical_disks: [{ size_gb: 100, raid_level: '1', controller: 'RAID.1', id: '1', name: 'v1' }] };

/** A cleaning running the RAID step (index 0 of [RAID, ERASE]), as the conductor works on it. */
const cleaning = (): Node => ({ ...nodeIn('cleaning', { reservation: CONDUCTOR }), agent: { token: 'secret', url: 'http://10.0.0.5:9999', version: '9.9.0', last_heartbeat: null }, step_run: { kind: 'clean', steps: [RAID, ERASE], index: 0 } });
/** The same node once its work reported the step's tasks: in clean wait, unlocked. */
const waiting = (): Node => when(cleaning(), { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', progress: [{ type: 'raid_tasks', kind: 'clean', index: 0, tasks: TASKS }], heartbeat_seen: null } }).node;
const poll = (data: Partial<{ kind: StepKind; index: number; checked: string[] }> & ({ tasks: RaidTasks } | { raid_config: typeof CONFIG })): Command => ({
  type: 'RecordRaidTasks',
  data: { kind: 'clean', index: 0, checked: ['/taskmon/1'], ...data },
});
const beat: Command = { type: 'RecordAgentHeartbeat', data: { callback_url: 'http://10.0.0.5:9999', agent_version: '9.9.0', agent_token: 'secret', agent_status: null } };

describe('a redfish RAID step waiting for its tasks', () => {
  it('leaves the node in its wait state, unlocked, with the tasks on its step run', () => {
    const decided = when(cleaning(), { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', progress: [{ type: 'raid_tasks', kind: 'clean', index: 0, tasks: TASKS }], heartbeat_seen: null } });
    expect(decided.types).toEqual(['RaidTasksSubmitted', 'ProvisionStateChanged']);
    expect(decided.events[0]!.data).toEqual({ kind: 'clean', index: 0, step: RAID, tasks: TASKS });
    expect(decided.node).toMatchObject({ provision_state: 'clean wait', reservation: null, step_run: { index: 0, raid_tasks: TASKS } });
  });

  it('is not resumed by a heartbeat that came while the work ran, nor by later ones: they are only recorded', () => {
    const beaten = when(cleaning(), beat, { conductor: 'conductor-b' }).node;
    const outcome = when(beaten, { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', progress: [{ type: 'raid_tasks', kind: 'clean', index: 0, tasks: TASKS }], heartbeat_seen: null } });
    expect(outcome.node.provision_state).toBe('clean wait');
    expect(when(waiting(), beat).types).toEqual(['AgentHeartbeatRecorded']);
  });

  it('records the next round of tasks a poll submitted, and the node waits on', () => {
    const next = given(waiting()).when(poll({ tasks: NEXT })).then([expect.objectContaining({ type: 'RaidTasksSubmitted', data: { kind: 'clean', index: 0, step: RAID, tasks: NEXT } })]);
    expect(next.node).toMatchObject({ provision_state: 'clean wait', reservation: null, step_run: { raid_tasks: NEXT } });
  });

  it('finishes the step with the configuration the BMC has, and resumes the run under the polling conductor', () => {
    const done = when(waiting(), poll({ raid_config: CONFIG }), { conductor: 'conductor-b' });
    expect(done.types).toEqual(['StepFinished', 'ProvisionStateChanged']);
    expect(done.node).toMatchObject({ provision_state: 'cleaning', reservation: 'conductor-b', step_run: { index: 0 }, raid_config: CONFIG });
    expect(done.node.step_run?.raid_tasks).toBeUndefined();
  });

  it('does the same for a deploy step in wait call-back', () => {
    const deploying: Node = { ...nodeIn('deploying', { reservation: CONDUCTOR }), step_run: { kind: 'deploy', steps: [ERASE, { ...RAID, step: 'apply_configuration' }], index: 1 } };
    const progress = [{ type: 'raid_tasks' as const, kind: 'deploy' as const, index: 1, tasks: TASKS }];
    const wait = when(deploying, { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', progress } }).node;
    expect(wait.provision_state).toBe('wait call-back');
    expect(when(wait, poll({ kind: 'deploy', index: 1, raid_config: CONFIG })).node.provision_state).toBe('deploying');
  });

  it('refuses, appending nothing, a poll that came too late: tasks already moved on, the node aborted, locked or not waiting', () => {
    given(waiting()).when(poll({ checked: ['/taskmon/0'], raid_config: CONFIG })).thenThrows(InvalidStateError);
    given(waiting()).when(poll({ index: 1, raid_config: CONFIG })).thenThrows(InvalidStateError);
    given(waiting()).when(poll({ kind: 'deploy', raid_config: CONFIG })).thenThrows(InvalidStateError);
    given({ ...waiting(), reservation: 'conductor-b' }).when(poll({ raid_config: CONFIG })).thenThrows(InvalidStateError);
    given(cleaning()).when(poll({ raid_config: CONFIG })).thenThrows(InvalidStateError);
    const aborted = when(waiting(), { type: 'RequestProvisionAction', data: { target: 'abort' } }).node;
    given(aborted).when(poll({ raid_config: CONFIG })).thenThrows(InvalidStateError);
  });
});
