/** `GET /v1/fleet` (ironledger's): the fleet at a glance, as the gateway counts it and the console shows it. */
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
