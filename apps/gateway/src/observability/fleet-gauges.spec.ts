import { describe, expect, it } from '@jest/globals';
import { NO_AGENT, newNode, type Node } from '@ironledger/domain';
import { Registry } from 'prom-client';
import { fleetCensus, registerFleetGauges, STUCK_CANDIDATE_STATES } from './fleet-gauges.js';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
let next = 0;
const node = (fields: Partial<Node> & Pick<Node, 'provision_state'>): Node => newNode(`00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`, ago(86_400), fields);

describe('fleetCensus', () => {
  it('counts as stuck the nodes in a wait or failed state for longer than the threshold, from when their provision state last changed', () => {
    const census = fleetCensus(
      [
        node({ provision_state: 'clean wait', provision_updated_at: ago(3601) }),
        node({ provision_state: 'clean wait', provision_updated_at: ago(3599) }),
        node({ provision_state: 'deploy failed', provision_updated_at: ago(7200) }),
        // Never moved since it was created, a day ago.
        node({ provision_state: 'inspect failed' }),
        node({ provision_state: 'wait call-back', provision_updated_at: ago(4000) }),
        node({ provision_state: 'active', provision_updated_at: ago(999_999) }),
        node({ provision_state: 'deploying', provision_updated_at: ago(999_999) }),
      ],
      NOW,
      3600_000,
    );
    expect(Object.fromEntries(census.stuck)).toEqual({ 'clean wait': 1, 'deploy failed': 1, 'inspect failed': 1, 'wait call-back': 1 });
    expect(census.summary).toMatchObject({ nodes: 7, provision_state: expect.objectContaining({ 'clean wait': 2, active: 1 }) });
  });

  it('reports the oldest running agent heartbeat by provision state', () => {
    const agent = (seconds: number) => ({ ...NO_AGENT, token: 't', last_heartbeat: ago(seconds) });
    const census = fleetCensus(
      [node({ provision_state: 'clean wait', agent: agent(30) }), node({ provision_state: 'clean wait', agent: agent(95) }), node({ provision_state: 'deploying', agent: agent(5) }), node({ provision_state: 'available' })],
      NOW,
      3600_000,
    );
    expect(Object.fromEntries(census.oldestHeartbeatS)).toEqual({ 'clean wait': 95, deploying: 5 });
  });

  it('takes every wait and failed state of the table as a candidate, and no other', () => {
    expect([...STUCK_CANDIDATE_STATES].sort()).toEqual(['adopt failed', 'clean failed', 'clean wait', 'deploy failed', 'inspect failed', 'inspect wait', 'rescue failed', 'rescue wait', 'unrescue failed', 'wait call-back']);
  });
});

describe('registerFleetGauges', () => {
  it('exposes the counts at scrape time, every state with zeros, from one pass per second', async () => {
    const nodes = [node({ provision_state: 'available', power_state: 'power off' }), node({ provision_state: 'clean failed', maintenance: true, fault: 'clean failure', provision_updated_at: ago(7200) })];
    let passes = 0;
    let now = NOW;
    const registry = new Registry();
    registerFleetGauges(registry, { summaries: () => (passes++, nodes) }, { stuckAfterS: 3600, now: () => now });
    const text = await registry.metrics();
    expect(passes).toBe(1);
    expect(text).toContain('ironledger_fleet_nodes{provision_state="available"} 1');
    expect(text).toContain('ironledger_fleet_nodes{provision_state="enroll"} 0');
    expect(text).toContain('ironledger_fleet_power_state_nodes{power_state="power off"} 1');
    expect(text).toContain('ironledger_fleet_power_state_nodes{power_state="null"} 1');
    expect(text).toContain('ironledger_fleet_maintenance_nodes 1');
    expect(text).toContain('ironledger_fleet_fault_nodes{fault="clean failure"} 1');
    expect(text).toContain('ironledger_fleet_stuck_nodes{provision_state="clean failed"} 1');
    expect(text).toContain('ironledger_fleet_stuck_nodes{provision_state="clean wait"} 0');
    // The fault is cleared: its series goes, and the next second brings a new pass.
    nodes[1] = { ...nodes[1]!, maintenance: false, fault: null };
    now += 1000;
    const later = await registry.metrics();
    expect(passes).toBe(2);
    expect(later).not.toContain('ironledger_fleet_fault_nodes{');
    expect(later).toContain('ironledger_fleet_maintenance_nodes 0');
  });
});
