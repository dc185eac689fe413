/**
 * The fleet at a glance (`GET /v1/fleet`, ironledger's): how many nodes are in each provision
 * and power state, in maintenance and in each fault. Counted over the read model in one pass, so
 * that the console never has to fetch the nodes themselves to count them.
 */
import { type Node, POWER_STATES, PROVISION_STATES } from '@ironledger/domain';

export interface FleetSummary {
  /** The log position the counts are at: the read model's now, or the last event folded in for `at`. */
  readonly position: number;
  /** When the log's first event happened (`null`: an empty log): the earliest instant worth asking `at` for. */
  readonly since: string | null;
  readonly nodes: number;
  /** Every provision state, in the state table's order, zeros included: a client learns the states from it. */
  readonly provision_state: Readonly<Record<string, number>>;
  /** `power on`, `power off` and `null` (never read from a BMC), zeros included. */
  readonly power_state: Readonly<Record<string, number>>;
  readonly maintenance: number;
  /** The faults nodes are in (only those some node is in). */
  readonly fault: Readonly<Record<string, number>>;
}

export function fleetSummary(nodes: Iterable<Node>, position: number, since: string | null): FleetSummary {
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
  }
  return { position, since, nodes: count, provision_state: provision, power_state: power, maintenance, fault };
}
