import { describe, expect, it } from '@jest/globals';
import { type Introspection } from './introspection.js';
import { lookUpNode, nodeOwningMacs } from './lookup.js';
import { newPort, type Node } from './node.js';
import { nodeIn } from './testing/fixtures.js';

const waiting: Introspection = { state: 'waiting', started_at: '2026-11-21T10:00:00Z', finished_at: null, error: null };
const finished: Introspection = { state: 'finished', started_at: '2026-11-21T09:00:00Z', finished_at: '2026-11-21T09:05:00Z', error: null };

function node(uuid: string, { bmc, macs = [], introspection = waiting }: { bmc?: string; macs?: string[]; introspection?: Introspection | null }): Node {
  return nodeIn('inspect wait', {
    uuid,
    driver_info: bmc ? { redfish_address: `https://${bmc}:8000` } : {},
    ports: macs.map((address, i) => newPort({ uuid: `${uuid}-p${i}`, address }, waiting.started_at)),
    introspection,
  });
}

describe('looking a ramdisk’s node up by its attributes', () => {
  it('finds the node that matches the most attribute kinds', () => {
    const nodes = [node('a', { bmc: '10.0.0.1', macs: ['aa:00:00:00:00:01'] }), node('b', { bmc: '10.0.0.1', macs: ['aa:00:00:00:00:02'] }), node('c', { bmc: '10.0.0.3' })];
    // All three share nothing but a and b share the BMC host (as simulated BMCs do): the MAC decides.
    const result = lookUpNode(nodes, { bmc_address: ['10.0.0.1'], mac: ['aa:00:00:00:00:02', 'ff:ff:ff:ff:ff:ff'] });
    expect(result).toMatchObject({ kind: 'found', score: 2 });
    expect(result.kind === 'found' && result.node.uuid).toBe('b');
    expect(lookUpNode(nodes, { bmc_address: ['10.0.0.3'], mac: [] })).toMatchObject({ kind: 'found', score: 1, node: { uuid: 'c' } });
  });

  it('counts an attribute kind once, however many of its values match', () => {
    const nodes = [node('a', { macs: ['aa:00:00:00:00:01', 'aa:00:00:00:00:02'] }), node('b', { bmc: '10.0.0.9', macs: ['aa:00:00:00:00:03'] })];
    // a matches two MACs (score 1); b matches its BMC and one MAC (score 2).
    expect(lookUpNode(nodes, { bmc_address: ['10.0.0.9'], mac: ['aa:00:00:00:00:01', 'aa:00:00:00:00:02', 'aa:00:00:00:00:03'] })).toMatchObject({ kind: 'found', node: { uuid: 'b' } });
  });

  it('refuses to guess between nodes with the same best score, and names them', () => {
    const nodes = [node('b', { bmc: '10.0.0.1' }), node('a', { bmc: '10.0.0.1' }), node('c', { bmc: '10.0.0.2' })];
    expect(lookUpNode(nodes, { bmc_address: ['10.0.0.1'], mac: ['aa:00:00:00:00:09'] })).toEqual({ kind: 'ambiguous', candidates: ['a', 'b'], score: 1 });
  });

  it('finds nothing when nothing matches', () => {
    expect(lookUpNode([node('a', { bmc: '10.0.0.1', macs: ['aa:00:00:00:00:01'] })], { bmc_address: ['10.9.9.9'], mac: ['bb:00:00:00:00:01'] })).toEqual({ kind: 'not_found' });
    expect(lookUpNode([], { bmc_address: [], mac: [] })).toEqual({ kind: 'not_found' });
  });

  it('only considers nodes whose introspection is running', () => {
    const nodes = [node('done', { macs: ['aa:00:00:00:00:01'], introspection: finished }), node('never', { macs: ['aa:00:00:00:00:01'], introspection: null }), node('running', { bmc: '10.0.0.1' })];
    expect(lookUpNode(nodes, { bmc_address: ['10.0.0.1'], mac: ['aa:00:00:00:00:01'] })).toMatchObject({ kind: 'found', score: 1, node: { uuid: 'running' } });
    expect(lookUpNode(nodes, { bmc_address: [], mac: ['aa:00:00:00:00:01'] })).toEqual({ kind: 'not_found' });
  });

  it('tells which node owns a MAC, whatever its introspection, when exactly one does', () => {
    const nodes = [node('done', { macs: ['aa:00:00:00:00:01'], introspection: finished }), node('other', { macs: ['aa:00:00:00:00:02'], introspection: null })];
    expect(nodeOwningMacs(nodes, ['aa:00:00:00:00:01'])?.uuid).toBe('done');
    expect(nodeOwningMacs(nodes, ['aa:00:00:00:00:01', 'aa:00:00:00:00:02'])).toBeUndefined();
    expect(nodeOwningMacs(nodes, ['cc:00:00:00:00:01'])).toBeUndefined();
  });
});
