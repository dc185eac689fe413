import { newNode, type Node } from '@ironledger/domain';

export const NODE_UUID = 'bc99bc34-3254-4955-b67e-28cfb80c80e3';

/** A node in `available` with Ironic's defaults; `overrides` for the rest. */
export function aNode(overrides: Partial<Node> = {}): Node {
  return newNode(NODE_UUID, '2026-11-21T22:54:08.773Z', {
    name: 'n1',
    provision_state: 'available',
    power_state: 'power off',
    updated_at: '2026-11-21T22:55:12.588Z',
    provision_updated_at: '2026-11-21T22:55:12.570Z',
    ...overrides,
  });
}
