import { describe, expect, it } from '@jest/globals';
import { type NodeEvent } from './events.js';
import { evolve } from './evolve.js';
import { copyNode, newNode, type Node, restoreNode } from './node.js';
import { emptyList, emptyObject, known, shared, sharedIfEmpty, sharedList } from './shared-values.js';

/** What the store hands back: the events parsed from their JSON, sharing nothing with the ones given. */
const decoded = (events: NodeEvent[]): NodeEvent[] => JSON.parse(JSON.stringify(events)) as NodeEvent[];
const meta = (nodeId: string, at: string) => ({ nodeId, at, actor: 'operator', requestId: `req-${at}`, correlationId: `req-${at}`, causationId: `req-${at}` });

function registered(nodeId: string): Node {
  const [event] = decoded([
    {
      type: 'NodeRegistered',
      meta: meta(nodeId, '2026-11-25T10:00:00.000Z'),
      data: { ...newNode(nodeId, '', { provision_state: 'enroll', driver: 'redfish', boot_interface: 'redfish-virtual-media' }), provision_state: 'enroll' },
    } as unknown as NodeEvent,
  ]);
  return evolve(null, event!)!;
}

describe('shared values', () => {
  it('gives the domain’s own string for its words and leaves other strings alone', () => {
    const parsed = JSON.parse('["redfish-virtual-media", "wait call-back", "rack-7"]') as string[];
    expect(known(parsed[0]!)).toBe('redfish-virtual-media');
    expect(known(parsed[1]!)).toBe('wait call-back');
    expect(known(parsed[2]!)).toBe('rack-7');
    expect(known(null)).toBeNull();
  });

  it('keeps one of each repeated string and list, and shared empties that nobody can change', () => {
    expect(shared('ProcVirtualization')).toBe(shared(['Proc', 'Virtualization'].join('')));
    const list = sharedList(['Enabled', 'Disabled']);
    expect(sharedList(JSON.parse('["Enabled","Disabled"]') as string[])).toBe(list);
    expect(Object.isFrozen(list)).toBe(true);
    expect(sharedList([])).toBe(emptyList('allowable_values'));
    expect(sharedIfEmpty({}, 'extra')).toBe(emptyObject('extra'));
    expect(sharedIfEmpty([], 'ports')).toBe(emptyList('ports'));
    expect(emptyObject('extra')).not.toBe(emptyObject('instance_info'));
    const full = { a: 1 };
    expect(sharedIfEmpty(full, 'extra')).toBe(full);
    expect(() => ((emptyObject('extra') as Record<string, unknown>).a = 1)).toThrow(TypeError);
  });
});

describe('node state', () => {
  it('copies every field of a node, in the order nodes have always had', () => {
    const node = registered('00000000-0000-4000-8000-000000000001');
    const copy = copyNode(node);
    expect(copy).not.toBe(node);
    expect(Object.keys(copy)).toEqual(Object.keys(node));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(node));
    expect(Object.keys(node).at(-1)).toBe('provision_state');
    expect(Object.keys(node)).toHaveLength(67);
  });

  it('shares interface names and empty fields between nodes folded from parsed events', () => {
    const [a, b] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'].map(registered);
    expect(a!.boot_interface).toBe('redfish-virtual-media');
    expect(a!.extra).toBe(b!.extra);
    expect(a!.instance_info).toBe(b!.instance_info);
    expect(a!.ports).toBe(b!.ports);
    expect(a!.traits).toBe(b!.traits);
  });

  it('shares no object between two fields of one node: a structured clone can change one alone', () => {
    const clone = structuredClone(registered('00000000-0000-4000-8000-000000000001'));
    (clone.extra as Record<string, unknown>).rack = 'r7';
    (clone.ports as unknown[]).push('port');
    expect(clone.instance_info).toEqual({});
    expect(clone.driver_info).toEqual({});
    expect(clone.raid_config).toEqual({});
    expect(clone.traits).toEqual([]);
    expect(clone.portgroups).toEqual([]);
  });

  it('shares BIOS attribute names, types and allowed values between nodes, and keeps each setting’s fields as read', () => {
    const setting = { name: 'ProcTurboMode', value: 'Enabled', attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'], read_only: false };
    const [a, b] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'].map((id) => {
      const [event] = decoded([{ type: 'BiosSettingsCached', meta: meta(id, '2026-11-25T10:01:00.000Z'), data: { set: [setting], removed: [] } } as NodeEvent]);
      return evolve(registered(id), event!)!;
    });
    const [x, y] = [a!.bios_settings[0]!, b!.bios_settings[0]!];
    expect(x).toEqual({ ...setting, created_at: '2026-11-25T10:01:00.000Z', updated_at: null });
    expect(Object.keys(x)).toEqual([...Object.keys(setting), 'created_at', 'updated_at']);
    expect(x.allowable_values).toBe(y.allowable_values);
    expect(x.value).toBe(x.allowable_values![0]);

    // A node parsed back from its JSON (a packed node unpacked) shares them as well.
    const restored = restoreNode(JSON.parse(JSON.stringify(b)) as Node);
    expect(restored).toEqual(b);
    expect(restored.bios_settings[0]!.allowable_values).toBe(x.allowable_values);
    expect(restored.extra).toBe(b.extra);
  });
});
