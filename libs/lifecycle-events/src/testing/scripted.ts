/**
 * A scripted lifecycle, the same every time: register (with a BMC password), verify, clean,
 * deploy with a callback wait, power actions, a power-sync correction, maintenance, a failed
 * rebuild (its ramdisk torn down), tear-down. Tests replay it through the domain or through a store.
 */
import { type CommandMeta, decide, evolve, type Node, type NodeCommand, type NodeEvent } from '@ironledger/domain';

export const SCRIPTED_NODE = '7d0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
export const SCRIPTED_NAME = 'rack7-node3';
export const SCRIPTED_PASSWORD = 'hunter2-bmc';
export const SCRIPTED_CONDUCTOR = 'conductor-1';

type Step = Omit<NodeCommand, 'meta' | 'nodeId'> & { readonly actor?: string };

/** The script: commands in order; each takes one simulated minute. */
export const SCRIPT: readonly Step[] = [
  { type: 'RegisterNode', data: { driver: 'ipmi', name: SCRIPTED_NAME, provision_state: 'enroll', driver_info: { ipmi_address: '10.1.7.3', ipmi_username: 'admin', ipmi_password: SCRIPTED_PASSWORD }, properties: { cpus: 32 } } },
  { type: 'RequestProvisionAction', data: { target: 'manage' } },
  { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' }, actor: 'conductor' },
  { type: 'RequestProvisionAction', data: { target: 'provide' } },
  { type: 'RecordProvisionOutcome', data: { outcome: 'waiting' }, actor: 'conductor' },
  { type: 'RecordProvisionOutcome', data: { outcome: 'resumed' }, actor: 'conductor' },
  { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' }, actor: 'conductor' },
  { type: 'RequestPowerAction', data: { target: 'power on' } },
  { type: 'RecordPowerOutcome', data: { outcome: 'succeeded', power_state: 'power on' }, actor: 'conductor' },
  { type: 'RequestProvisionAction', data: { target: 'active' } },
  { type: 'RecordProvisionOutcome', data: { outcome: 'waiting' }, actor: 'conductor' },
  { type: 'RecordProvisionOutcome', data: { outcome: 'resumed' }, actor: 'conductor' },
  { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' }, actor: 'conductor' },
  { type: 'RecordPowerSync', data: { outcome: 'read', power_state: 'power off' }, actor: 'power-sync' },
  { type: 'SetMaintenance', data: { reason: 'fan replacement' } },
  { type: 'UpdateNode', data: { changes: { driver_info: { ipmi_address: '10.1.7.3', ipmi_username: 'admin', ipmi_password: `${SCRIPTED_PASSWORD}-rotated` }, extra: { ticket: 'OPS-42' } } } },
  { type: 'ClearMaintenance', data: {} },
  { type: 'RequestProvisionAction', data: { target: 'rebuild' } },
  { type: 'RecordProvisionOutcome', data: { outcome: 'failed', error: 'deploy step write_image failed: checksum mismatch' }, actor: 'conductor' },
  { type: 'RecordManagementOutcome', data: { outcome: 'succeeded', power_state: 'power off' }, actor: 'conductor' },
  { type: 'RequestProvisionAction', data: { target: 'undeploy' } },
  { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' }, actor: 'conductor' },
  { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' }, actor: 'conductor' },
];

/** The time of script step `i` (0-based). */
export const scriptedTime = (i: number, start = '2026-03-01T08:00:00.000Z'): string => new Date(Date.parse(start) + (i + 1) * 60_000).toISOString();

/** The script's commands with their metadata. */
export function scriptedCommands(nodeId = SCRIPTED_NODE, start?: string): NodeCommand[] {
  return SCRIPT.map(({ actor = 'alice', ...step }, i) => {
    const meta: CommandMeta = { at: scriptedTime(i, start), actor, requestId: `req-${String(i + 1).padStart(3, '0')}`, conductor: SCRIPTED_CONDUCTOR };
    return { ...step, nodeId, meta } as NodeCommand;
  });
}

/** The script decided by the domain: every event, the node after each step, and how many events there were by the end of each step. */
export function scriptedEvents(nodeId = SCRIPTED_NODE, start?: string): { events: NodeEvent[]; states: (Node | null)[]; ends: number[] } {
  const events: NodeEvent[] = [];
  const states: (Node | null)[] = [];
  const ends: number[] = [];
  let node: Node | null = null;
  for (const command of scriptedCommands(nodeId, start)) {
    const decided = decide(command, node);
    for (const event of decided) node = evolve(node, event);
    events.push(...decided);
    states.push(node);
    ends.push(events.length);
  }
  return { events, states, ends };
}
