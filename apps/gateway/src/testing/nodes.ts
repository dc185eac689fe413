import { DEFAULT_NODE_FIELDS, type Node } from '@ironledger/domain';

export const NODE_UUID = 'bc99bc34-3254-4955-b67e-28cfb80c80e3';

/** A node in `available` with Ironic's defaults; `overrides` for the rest. */
export function aNode(overrides: Partial<Node> = {}): Node {
  return {
    ...DEFAULT_NODE_FIELDS,
    uuid: NODE_UUID,
    name: 'n1',
    provision_state: 'available',
    target_provision_state: null,
    power_state: 'power off',
    target_power_state: null,
    maintenance: false,
    maintenance_reason: null,
    fault: null,
    last_error: null,
    reservation: null,
    clean_steps: null,
    deploy_steps: null,
    created_at: '2026-11-21T22:54:08.773Z',
    updated_at: '2026-11-21T22:55:12.588Z',
    provision_updated_at: '2026-11-21T22:55:12.570Z',
    introspection: null,
    ports: [],
    ...overrides,
  } as Node;
}
