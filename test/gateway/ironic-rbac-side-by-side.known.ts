/**
 * The cases of the side-by-side sample (`ironic-rbac-side-by-side.e2e.spec.ts`) that ironledger
 * does not answer as real Ironic 21.4 did, by run, grouped by the reason. The spec checks that
 * this list is exact: a case that starts matching must be taken off it.
 */
import { type KnownDifference, type RbacRun } from './ironic-rbac.known.js';

const WHY = {
  history: "Fixture: Ironic records no history entry for a node enrolled, managed, provided and powered off (its history holds errors and corrections), so the case asks for an entry that does not exist (404); ironledger records one for every event of the node, and the case reads the oldest (200).",
} as const;

export const SIDE_BY_SIDE_DIFFERENCES: Readonly<Record<RbacRun, readonly KnownDifference[]>> = {
  system_scoped: [],
  legacy: [],
  'legacy (scoped canary)': [],
  project_scoped: [{ why: WHY.history, cases: ['node_history_get_entry_member', 'owner_service_node_history_get_entry_reader'] }],
};
