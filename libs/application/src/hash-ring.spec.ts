import { describe, expect, it } from '@jest/globals';
import { ConductorRings, HashRing, nodeOwnerLookup, ringHash, type RingMember, RosterRings } from './hash-ring.js';

/** Node-like keys: UUIDs made from a counter, as different from each other as real ones. */
const keys = Array.from({ length: 12_000 }, (_, i) => {
  const hex = ringHash(`key-${i}`).toString(16).padStart(8, '0');
  return `${hex}-${(i & 0xffff).toString(16).padStart(4, '0')}-4d2e-ae87-${i.toString(16).padStart(12, '0')}`;
});
const owners = (ring: HashRing) => new Map(keys.map((key) => [key, ring.ownerOf(key)]));
const shareOf = (ring: HashRing, member: string) => keys.filter((key) => ring.ownerOf(key) === member).length / keys.length;

describe('a consistent hash ring', () => {
  const three = new HashRing(['conductor-a', 'conductor-b', 'conductor-c']);

  it('is the same whatever order its members come in, and whoever builds it', () => {
    const shuffled = new HashRing(['conductor-c', 'conductor-a', 'conductor-b', 'conductor-a']);
    expect(shuffled.members).toEqual(['conductor-a', 'conductor-b', 'conductor-c']);
    expect(owners(shuffled)).toEqual(owners(three));
  });

  it('gives every member a fair share (2^5 points each, as Ironic)', () => {
    for (const member of three.members) {
      expect(shareOf(three, member)).toBeGreaterThan(0.2);
      expect(shareOf(three, member)).toBeLessThan(0.47);
    }
  });

  it('spreads more evenly with more points per member', () => {
    const fine = new HashRing(three.members, 10);
    for (const member of fine.members) expect(Math.abs(shareOf(fine, member) - 1 / 3)).toBeLessThan(0.05);
  });

  it('moves keys only to a member that joins', () => {
    const before = owners(three);
    const four = new HashRing([...three.members, 'conductor-d']);
    const moved = keys.filter((key) => four.ownerOf(key) !== before.get(key));
    expect(moved.length).toBeGreaterThan(0);
    expect(new Set(moved.map((key) => four.ownerOf(key)))).toEqual(new Set(['conductor-d']));
  });

  it('moves only the keys of a member that leaves, each to the member that came next for it', () => {
    const two = new HashRing(['conductor-a', 'conductor-c']);
    for (const key of keys) {
      const [first, second] = three.ownersOf(key, 2);
      expect(two.ownerOf(key)).toBe(first === 'conductor-b' ? second : first);
    }
  });

  it('names up to `count` distinct members for a key, its owner first', () => {
    const key = keys[7];
    const all = three.ownersOf(key, 5);
    expect(all).toHaveLength(3);
    expect(new Set(all).size).toBe(3);
    expect(all[0]).toBe(three.ownerOf(key));
  });

  it('has no owner for anything when empty, and one for everything with one member', () => {
    expect(new HashRing([]).ownerOf(keys[0])).toBeUndefined();
    expect(new HashRing([]).ownersOf(keys[0], 2)).toEqual([]);
    const one = new HashRing(['only']);
    expect(keys.every((key) => one.ownerOf(key) === 'only')).toBe(true);
  });

  it('refuses a partition exponent it cannot build', () => {
    expect(() => new HashRing(['a'], -1)).toThrow(RangeError);
    expect(() => new HashRing(['a'], 2.5)).toThrow(RangeError);
    expect(() => new HashRing(['a'], 17)).toThrow(RangeError);
  });
});

describe('conductor rings, one per conductor group and hardware type', () => {
  const members: RingMember[] = [
    { id: 'c1', group: '', drivers: ['ipmi', 'redfish'] },
    { id: 'c2', group: '', drivers: ['ipmi'] },
    { id: 'rack1-a', group: 'rack1', drivers: ['ipmi'] },
    { id: 'rack1-b', group: 'Rack1', drivers: ['ipmi', 'ipmi'] },
  ];
  const rings = new ConductorRings(members);
  const node = (uuid: string, driver: string, conductor_group: string) => ({ uuid, driver, conductor_group });

  it('maps a node only to conductors of its own group that enable its hardware type', () => {
    const seen = (driver: string, group: string) => new Set(keys.slice(0, 2000).map((uuid) => rings.ownerOf(node(uuid, driver, group))));
    expect(seen('ipmi', '')).toEqual(new Set(['c1', 'c2']));
    expect(seen('redfish', '')).toEqual(new Set(['c1']));
    expect(seen('ipmi', 'rack1')).toEqual(new Set(['rack1-a', 'rack1-b']));
  });

  it('compares groups without regard to case, as Ironic stores them in lower case', () => {
    expect(rings.ringFor('RACK1', 'ipmi')?.members).toEqual(['rack1-a', 'rack1-b']);
  });

  it('has no owner for a node whose group or hardware type no conductor serves', () => {
    expect(rings.ownerOf(node(keys[0], 'redfish', 'rack1'))).toBeUndefined();
    expect(rings.ownerOf(node(keys[0], 'ipmi', 'rack2'))).toBeUndefined();
    expect(new ConductorRings([]).ownerOf(node(keys[0], 'ipmi', ''))).toBeUndefined();
  });

  it('keeps the owner of a node when a conductor of another group comes or goes', () => {
    const withRack2 = new ConductorRings([...members, { id: 'rack2-a', group: 'rack2', drivers: ['ipmi'] }]);
    for (const uuid of keys.slice(0, 2000)) expect(withRack2.ownerOf(node(uuid, 'ipmi', ''))).toBe(rings.ownerOf(node(uuid, 'ipmi', '')));
  });
});

describe('the rings over a roster', () => {
  it('follow who is alive, and are built again only when that changes', () => {
    const roster = [{ id: 'c1', group: '', drivers: ['ipmi'], alive: true }, { id: 'c2', group: '', drivers: ['ipmi'], alive: true }];
    const rings = new RosterRings(() => roster);
    const first = rings.current();
    expect(rings.current()).toBe(first);
    expect(first.ringFor('', 'ipmi')?.members).toEqual(['c1', 'c2']);
    roster[1] = { ...roster[1], alive: false };
    expect(rings.current().ringFor('', 'ipmi')?.members).toEqual(['c1']);
  });
});

describe('the owner of the node a message goes to', () => {
  const roster = [{ id: 'c1', group: '', drivers: ['ipmi'], alive: true }, { id: 'rack1-a', group: 'rack1', drivers: ['ipmi'], alive: true }];
  const known = new Map([
    ['n1', { uuid: 'n1', driver: 'ipmi', conductor_group: '' }],
    ['n2', { uuid: 'n2', driver: 'ipmi', conductor_group: 'rack1' }],
    ['n3', { uuid: 'n3', driver: 'redfish', conductor_group: '' }],
  ]);
  const ownerOf = nodeOwnerLookup(() => roster, (nodeId) => known.get(nodeId));

  it('is the conductor the rings give the node to', () => {
    expect(ownerOf({ type: 'RequestProvisionAction', nodeId: 'n1' })).toBe('c1');
    expect(ownerOf({ type: 'RequestProvisionAction', nodeId: 'n2' })).toBe('rack1-a');
  });

  it('is unknown for a node the sender does not know, one nobody serves, and a message naming no node', () => {
    expect(ownerOf({ type: 'RegisterNode', nodeId: 'new' })).toBeUndefined();
    expect(ownerOf({ type: 'SetPowerState', nodeId: 'n3' })).toBeUndefined();
    expect(ownerOf({ type: 'CreateAllocation', allocationId: 'a1' })).toBeUndefined();
  });
});
