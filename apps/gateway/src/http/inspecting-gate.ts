import { type Node } from '@ironledger/domain';
import { ApiError } from './errors.js';
import { type Microversion, Versions } from './microversion.js';

/**
 * From 1.39, which added `inspect wait`, Ironic refuses with 409 to update a node being
 * inspected, or to update or move a port or port group on one. `what` names the resource as
 * Ironic's message does (`node "…"`, `port "…" on "…"`).
 */
export function refuseUpdateWhileInspecting(node: Node, version: Microversion, what: string): void {
  if (node.provision_state === 'inspecting' && version.atLeast(Versions.INSPECT_WAIT_STATE)) {
    throw new ApiError(409, `Cannot update ${what} while it is in state "inspecting".`);
  }
}
