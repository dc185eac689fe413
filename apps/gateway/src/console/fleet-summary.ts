/**
 * The fleet at a glance (`GET /v1/fleet`, ironledger's): how many nodes are in each provision
 * and power state, in maintenance and in each fault. Counted over the read model in one pass, so
 * that the console never has to fetch the nodes themselves to count them.
 */
import { type FleetSummary } from '@ironledger/contracts';
import { type NodeSummary } from '@ironledger/application';
import { POWER_STATES, PROVISION_STATES } from '@ironledger/domain';

/** `visit`: called with each node as it is counted, for counts of the caller's own in the same pass (the fleet gauges'). */
export function fleetSummary(nodes: Iterable<NodeSummary>, position: number, since: string | null, visit?: (node: NodeSummary) => void): FleetSummary {
  const provision: Record<string, number> = Object.fromEntries(PROVISION_STATES.map((state) => [state, 0]));
  const power: Record<string, number> = Object.fromEntries([...POWER_STATES, 'null'].map((state) => [state, 0]));
  const fault: Record<string, number> = {};
  let count = 0;
  let maintenance = 0;
  for (const node of nodes) {
    count++;
    provision[node.provision_state]!++;
    power[node.power_state ?? 'null']!++;
    if (node.maintenance) maintenance++;
    if (node.fault !== null) fault[node.fault] = (fault[node.fault] ?? 0) + 1;
    visit?.(node);
  }
  return { position, since, nodes: count, provision_state: provision, power_state: power, maintenance, fault };
}
