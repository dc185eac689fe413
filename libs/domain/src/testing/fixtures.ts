import { type CommandMeta } from '../commands.js';
import { DEFAULT_PORTGROUP_FIELDS, newNode, type Node, type Portgroup } from '../node.js';
import { type ProvisionState, STUCK_STATES_TREATED_AS_FAIL, TARGET_STATES } from '../states.js';

export const NODE_ID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
export const CONDUCTOR = 'conductor-a';

export const meta = (overrides: Partial<CommandMeta> = {}): CommandMeta => ({
  at: '2026-11-21T10:00:00.000Z',
  actor: 'operator',
  requestId: 'req-1',
  conductor: CONDUCTOR,
  ...overrides,
});

/** A node at rest in `state`, as if it got there the usual way (held by CONDUCTOR while working). */
export function nodeIn(state: ProvisionState, overrides: Partial<Node> = {}): Node {
  return newNode(NODE_ID, '2026-11-21T09:00:00.000Z', {
    provision_state: state,
    target_provision_state: TARGET_STATES[state] ?? null,
    reservation: STUCK_STATES_TREATED_AS_FAIL.includes(state) ? CONDUCTOR : null,
    ...overrides,
  });
}

/** A port group with Ironic's defaults, made at 09:00 on the fixtures' day. */
export const portgroup = (uuid: string, fields: Partial<Portgroup> = {}): Portgroup => ({
  ...DEFAULT_PORTGROUP_FIELDS,
  uuid,
  internal_info: {},
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: null,
  ...fields,
});
