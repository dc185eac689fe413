import { type Node, POWER_FAILURE_FAULT, POWER_SYNC_EXCLUDED_STATES, type RecordPowerSync } from '@ironledger/domain';
import { type PowerDriver } from '@ironledger/drivers';

/** What deciding whether a pass visits a node reads of it: all in its summary. */
type DueFacts = Pick<Node, 'maintenance' | 'provision_state' | 'reservation' | 'target_power_state' | 'fault'>;

/** Whether a regular pass visits the node. */
export function dueForSync(node: DueFacts): boolean {
  return !node.maintenance && !POWER_SYNC_EXCLUDED_STATES.has(node.provision_state) && idle(node);
}

/** Whether a recovery pass visits the node: it is in the maintenance power sync itself set. */
export function dueForRecovery(node: DueFacts): boolean {
  return node.maintenance && node.fault === POWER_FAILURE_FAULT && node.provision_state !== 'enroll' && idle(node);
}

/** No conductor work and no power action under way. */
const idle = (node: DueFacts) => node.reservation === null && node.target_power_state === null;

export interface VisitSettings {
  /** Push the BMC back to the recorded state instead of recording the BMC's. */
  readonly force: boolean;
  readonly maxRetries: number;
}

/**
 * Reads one node's BMC and says what power sync should record, or `null` when there is
 * nothing to record (the BMC agrees and nothing was wrong before).
 */
export async function visit(node: Node, power: PowerDriver, { force, maxRetries }: VisitSettings): Promise<RecordPowerSync['data'] | null> {
  let actual;
  try {
    actual = await power.getPowerState(node);
  } catch (error) {
    return { outcome: 'failed', error: `Failed to read the power state: ${(error as Error).message}`, maxRetries };
  }
  const troubled = node.power_sync_failures > 0 || node.maintenance;
  if (actual === node.power_state) return troubled ? { outcome: 'read', power_state: actual } : null;
  // Nothing recorded yet, nothing readable, or told to trust the BMC: record what it says.
  // A node in power-failure maintenance is only read, never forced.
  if (!force || node.power_state === null || actual === null || node.maintenance) return { outcome: 'read', power_state: actual };
  try {
    await power.setPowerState(node, node.power_state);
    return { outcome: 'forced', found: actual };
  } catch (error) {
    return { outcome: 'failed', error: `Failed to restore power state ${node.power_state}: ${(error as Error).message}`, power_state: actual, maxRetries };
  }
}
