import { describe, expect, it } from '@jest/globals';
import { NO_AGENT, newNode, type Node } from '@ironledger/domain';
import { Microversion } from '../http/microversion.js';
import { nodeView, nodeViewJson } from '../nodes/node.view.js';
import { fleetCensus } from '../observability/fleet-gauges.js';
import { AgentLiveness, parseHeardHeartbeat } from './agent-liveness.js';

const at = (second: number) => new Date(Date.parse('2026-11-21T10:00:00.000Z') + second * 1000).toISOString();
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A node in `deploying` whose agent's last recorded heartbeat was at `recorded` (seconds), none when null. */
const running = (n: number, recorded: number | null): Node =>
  newNode(uuid(n), at(-60), { provision_state: 'deploying', agent: { ...NO_AGENT, token: 't', url: 'http://10.0.0.5:9999', last_heartbeat: recorded === null ? null : at(recorded) } });

describe('AgentLiveness', () => {
  it('shows the later of the recorded heartbeat and the last one the gateways heard', () => {
    const node = running(1, 5);
    const liveness = new AgentLiveness(() => node);
    expect(liveness.lastHeartbeat(node)).toBe(at(5));
    liveness.note({ node: node.uuid, at: at(30) });
    liveness.note({ node: node.uuid, at: at(20) });
    expect(liveness.lastHeartbeat(node)).toBe(at(30));
    // Recorded later than heard (another gateway's, not heard here yet).
    expect(liveness.lastHeartbeat(running(1, 40))).toBe(at(40));
  });

  it('shows nothing heard while the node records no heartbeat of its agent (a new boot, or no agent any more)', () => {
    const liveness = new AgentLiveness(() => undefined);
    liveness.note({ node: uuid(1), at: at(30) });
    expect(liveness.lastHeartbeat(running(1, null))).toBeNull();
    expect(liveness.lastHeartbeat({ ...running(1, null), agent: null })).toBeNull();
  });

  it('forgets the nodes that run no agent any more as it grows, keeping those that do', () => {
    const nodes = new Map<string, Node>();
    const liveness = new AgentLiveness((id) => nodes.get(id));
    nodes.set(uuid(1), running(1, 1));
    for (let n = 1; n <= 3000; n++) liveness.note({ node: uuid(n), at: at(2) });
    expect(liveness.size).toBeLessThan(1100);
    expect(liveness.lastHeartbeat(nodes.get(uuid(1))!)).toBe(at(2));
  });

  it('reads what other gateways publish, and nothing else', () => {
    expect(parseHeardHeartbeat(JSON.stringify({ node: uuid(1), at: at(1) }))).toEqual({ node: uuid(1), at: at(1) });
    for (const text of ['', 'null', '{"node":1,"at":"x"}', JSON.stringify({ node: uuid(1), at: 'yesterday' }), '{']) expect(parseHeardHeartbeat(text)).toBeUndefined();
  });
});

describe('the heard heartbeat', () => {
  const node = running(1, 5);
  const liveness = new AgentLiveness(() => node);
  const context = { version: new Microversion(82), baseUrl: 'http://api', conductor: null, agentLastHeartbeat: (found: Node) => liveness.lastHeartbeat(found) };

  it('shows in the node view as Ironic writes it, also after the same node was rendered before', () => {
    const heartbeatIn = (json: string) => (JSON.parse(json) as { driver_internal_info: { agent_last_heartbeat: string } }).driver_internal_info.agent_last_heartbeat;
    expect(heartbeatIn(nodeViewJson(node, context, ['driver_internal_info']))).toBe('2026-11-21T10:00:05.000');
    liveness.note({ node: node.uuid, at: at(50) });
    expect(heartbeatIn(nodeViewJson(node, context, ['driver_internal_info']))).toBe('2026-11-21T10:00:50.000');
    // A past instant's node shows what was recorded.
    expect(nodeView(node, { ...context, agentLastHeartbeat: undefined }, ['driver_internal_info']).driver_internal_info).toMatchObject({ agent_last_heartbeat: '2026-11-21T10:00:05.000' });
  });

  it('ages the fleet gauges’ oldest heartbeat', () => {
    liveness.note({ node: node.uuid, at: at(100) });
    const census = fleetCensus([node], Date.parse(at(110)), 3600_000, (found) => liveness.lastHeartbeat(found));
    expect(census.oldestHeartbeatS.get('deploying')).toBe(10);
  });
});
