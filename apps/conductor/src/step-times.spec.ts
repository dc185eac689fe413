import { describe, expect, it } from '@jest/globals';
import { newNode, type Node, type Step, type StepProgress } from '@ironledger/domain';
import { StepTimes } from './step-times.js';

const step = (iface: string, name: string): Step => ({ interface: iface, step: name, priority: 10, args: {} });
const PLAN = [step('deploy', 'erase_devices'), step('raid', 'create_configuration')];
const node = (fields: Partial<Node> = {}): Node => newNode('00000000-0000-4000-8000-000000000001', '2026-11-21T12:00:00.000Z', { provision_state: 'cleaning', ...fields });
const running = (index: number | null) => node({ step_run: { kind: 'clean', steps: PLAN, index } });

describe('StepTimes', () => {
  it('times a step the agent runs across pieces of work, from the piece that started it to the one that saw it finish', () => {
    const times = new StepTimes();
    const start: StepProgress[] = [{ type: 'planned', kind: 'clean', steps: PLAN }, { type: 'started', kind: 'clean', index: 0 }];
    expect(times.observe(node(), start, false, 1_000, 1_200, running(0))).toEqual([{ kind: 'clean', step: 'deploy.erase_devices', result: 'started' }]);
    const next: StepProgress[] = [{ type: 'finished', kind: 'clean', index: 0 }, { type: 'started', kind: 'clean', index: 1 }];
    expect(times.observe(running(0), next, false, 61_000, 61_100, running(1))).toEqual([
      { kind: 'clean', step: 'deploy.erase_devices', result: 'succeeded', seconds: 60.1 },
      { kind: 'clean', step: 'raid.create_configuration', result: 'started' },
    ]);
  });

  it('does not count a RAID step left waiting for the BMC’s tasks as succeeded', () => {
    const times = new StepTimes();
    const waits: StepProgress[] = [{ type: 'started', kind: 'clean', index: 1 }, { type: 'raid_tasks', kind: 'clean', index: 1, tasks: { operation: 'create', monitors: ['/taskmon/1'], pending: [] } }];
    expect(times.observe(running(0), waits, false, 0, 100, running(1))).toEqual([{ kind: 'clean', step: 'raid.create_configuration', result: 'started' }]);
  });

  it('names as failed the step the failed piece started, or the one running when it began', () => {
    const times = new StepTimes();
    expect(times.observe(running(null), [{ type: 'started', kind: 'clean', index: 0 }], true, 0, 500, null)).toEqual([
      { kind: 'clean', step: 'deploy.erase_devices', result: 'started' },
      { kind: 'clean', step: 'deploy.erase_devices', result: 'failed', seconds: 0.5 },
    ]);
    // Started under another conductor: counted, not timed.
    expect(times.observe(running(1), [], true, 0, 500, null)).toEqual([{ kind: 'clean', step: 'raid.create_configuration', result: 'failed' }]);
  });

  it('forgets a node whose step run is over', () => {
    const times = new StepTimes();
    times.observe(node(), [{ type: 'planned', kind: 'clean', steps: PLAN }, { type: 'started', kind: 'clean', index: 0 }], false, 0, 10, running(0));
    // The run was aborted (the node left cleaning): a later run's step 0 is not timed from the first.
    times.observe(running(0), [], false, 20, 30, node({ provision_state: 'manageable' }));
    expect(times.observe(running(0), [{ type: 'finished', kind: 'clean', index: 0 }], false, 40, 50, null)).toEqual([{ kind: 'clean', step: 'deploy.erase_devices', result: 'succeeded' }]);
  });
});
