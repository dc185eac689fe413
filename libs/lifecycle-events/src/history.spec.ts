import { describe, expect, it } from '@jest/globals';
import { toEventData } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type NodeEvent } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import {
  FleetAt,
  historyRecordUuid,
  nodeAt,
  nodeHistory,
  parsePointInTime,
  provisionStateCounts,
  readFleetAt,
  readNodeAt,
  readNodeHistory,
  resolveNodeId,
  toIronicHistory,
} from './history.js';
import { SCRIPTED_NAME, SCRIPTED_NODE, SCRIPTED_PASSWORD, scriptedEvents, scriptedTime } from './testing/scripted.js';

const OTHER = '11111111-2222-4333-8444-555555555555';

/** A store holding the scripted lifecycle, one event per commit, for SCRIPTED_NODE and (30 s later) OTHER. */
async function seeded(): Promise<{ store: InMemoryEventStore; events: NodeEvent[] }> {
  const store = new InMemoryEventStore();
  const { events } = scriptedEvents();
  const other = scriptedEvents(OTHER, '2026-03-01T08:00:30.000Z').events.map((e) =>
    e.type === 'NodeRegistered' ? ({ ...e, data: { ...e.data, name: 'other' } } as NodeEvent) : e,
  );
  // Interleaved by time, as two nodes driven side by side would be.
  const merged = [...events, ...other].sort((a, b) => a.meta.at.localeCompare(b.meta.at));
  const revisions = new Map<string, number>();
  for (const event of merged) {
    const stream = nodeStreamId(event.meta.nodeId);
    const revision = revisions.get(stream) ?? -1;
    await store.append(stream, [toEventData(event)], { expectedRevision: revision < 0 ? 'no_stream' : revision });
    revisions.set(stream, revision + 1);
  }
  return { store, events };
}

describe('nodeHistory', () => {
  const { events } = scriptedEvents();
  const entries = nodeHistory(events.map((event, i) => ({ position: i + 1, event })));

  it('lists every event in order with time, action, from → to, actor, request id and error', () => {
    expect(entries).toHaveLength(events.length);
    expect(entries.map((e) => [e.action, e.from, e.to])).toEqual([
      ['registered', null, 'enroll'],
      ['manage', 'enroll', 'verifying'],
      ['done', 'verifying', 'manageable'],
      ['provide', 'manageable', 'cleaning'],
      ['wait', 'cleaning', 'clean wait'],
      ['resume', 'clean wait', 'cleaning'],
      ['done', 'cleaning', 'available'],
      ['power: power on', null, 'power on'],
      ['power: power on done', null, 'power on'],
      ['deploy (active)', 'available', 'deploying'],
      ['wait', 'deploying', 'wait call-back'],
      ['resume', 'wait call-back', 'deploying'],
      ['done', 'deploying', 'active'],
      ['power state corrected', 'power on', 'power off'],
      ['maintenance set: fan replacement', null, null],
      ['updated driver_info, extra', null, null],
      ['maintenance cleared', null, null],
      ['rebuild', 'active', 'deploying'],
      ['fail', 'deploying', 'deploy failed'],
      ['cleaning up the deployment', null, null],
      ['deploy ramdisk torn down (power off)', null, null],
      ['delete (undeploy)', 'deploy failed', 'deleting'],
      ['clean', 'deleting', 'cleaning'],
      ['done', 'cleaning', 'available'],
    ]);
    expect(entries[0]).toMatchObject({ position: 1, at: scriptedTime(0), type: 'NodeRegistered', actor: 'alice', requestId: 'req-001', error: null, severity: 'INFO' });
    expect(entries[18]).toMatchObject({ actor: 'conductor', error: 'deploy step write_image failed: checksum mismatch', severity: 'ERROR', category: 'provisioning', conductor: 'conductor-1' });
  });

  it('names the activity as Ironic’s node history does', () => {
    expect(entries.map((e) => e.category)).toEqual([
      'registration', 'verify', 'verify', 'cleaning', 'cleaning', 'cleaning', 'cleaning', 'power', 'power', 'provisioning', 'provisioning', 'provisioning',
      'provisioning', 'monitoring', 'maintenance', 'update', 'maintenance', 'provisioning', 'provisioning', 'management', 'provisioning', 'unprovision', 'unprovision',
      'cleaning',
    ]);
  });

  it('keeps secrets out', () => {
    expect(JSON.stringify(entries)).not.toContain(SCRIPTED_PASSWORD);
  });
});

describe('describing introspection and port events', () => {
  const { events } = scriptedEvents();
  const meta = events[0].meta;
  const moves = [
    { type: 'IntrospectionStarted', data: { from: null, event: 'start', to: 'starting' }, meta },
    { type: 'IntrospectionWaiting', data: { from: 'starting', event: 'wait', to: 'waiting' }, meta },
    {
      type: 'InventoryProcessed',
      data: { from: 'waiting', event: 'process', to: 'processing', properties: {}, ports_added: ['52:54:00:00:00:01', '52:54:00:00:00:02'], ports_skipped: [], interfaces_excluded: [], bmc_address: null, error: null },
      meta,
    },
    { type: 'IntrospectionFinished', data: { from: 'processing', event: 'error', to: 'error', error: 'Ramdisk reported error: no disks' }, meta },
    { type: 'PortAdded', data: { uuid: 'p1', address: '52:54:00:00:00:01', pxe_enabled: true, extra: {}, local_link_connection: {}, physical_network: null, is_smartnic: false, source: 'introspection' }, meta },
    { type: 'PortRemoved', data: { uuid: 'p1', address: '52:54:00:00:00:01' }, meta },
  ] as NodeEvent[];
  const entries = nodeHistory([...events.slice(0, 1), ...moves].map((event, i) => ({ position: i + 1, event })));

  it('tells what happened to the introspection record and the ports', () => {
    expect(entries.slice(1).map((e) => [e.action, e.from, e.to, e.severity, e.category])).toEqual([
      ['introspection started', null, 'starting', 'INFO', 'introspection'],
      ['introspection waiting for the ramdisk', 'starting', 'waiting', 'INFO', 'introspection'],
      ['inventory processed, 2 ports added', 'waiting', 'processing', 'INFO', 'introspection'],
      ['introspection failed', 'processing', 'error', 'ERROR', 'introspection'],
      ['port 52:54:00:00:00:01 added (introspection)', null, null, 'INFO', 'ports'],
      ['port 52:54:00:00:00:01 removed', null, null, 'INFO', 'ports'],
    ]);
    expect(entries[4].error).toBe('Ramdisk reported error: no disks');
  });
});

describe('toIronicHistory', () => {
  const { events } = scriptedEvents();
  const records = toIronicHistory(nodeHistory(events.map((event, i) => ({ position: (i + 1) * 1000, event }))));

  it('gives Ironic’s node history records (API 1.78)', () => {
    expect(records[1]).toEqual({
      uuid: historyRecordUuid(2000),
      created_at: '2026-03-01T08:02:00+00:00',
      user: 'alice',
      severity: 'INFO',
      event: 'manage: enroll -> verifying',
      event_type: 'verify',
      conductor: 'conductor-1',
    });
    expect(Object.keys(records[0]).sort()).toEqual(['conductor', 'created_at', 'event', 'event_type', 'severity', 'user', 'uuid']);
  });

  it('records a failure with ERROR severity and the error as its event', () => {
    expect(records.filter((r) => r.severity === 'ERROR')).toEqual([expect.objectContaining({ event: 'deploy step write_image failed: checksum mismatch', user: 'conductor' })]);
  });

  it('derives each record’s UUID from its position, so it never changes', () => {
    const again = toIronicHistory(nodeHistory(events.map((event, i) => ({ position: (i + 1) * 1000, event }))));
    expect(again.map((r) => r.uuid)).toEqual(records.map((r) => r.uuid));
    expect(new Set(records.map((r) => r.uuid)).size).toBe(records.length);
  });
});

describe('point in time', () => {
  it('parses positions and ISO times, and refuses anything else', () => {
    expect(parsePointInTime('12000')).toEqual({ position: 12000 });
    expect(parsePointInTime('2026-03-01T08:05:00Z')).toEqual({ time: '2026-03-01T08:05:00.000Z' });
    expect(parsePointInTime('2026-03-01T09:05:00+01:00')).toEqual({ time: '2026-03-01T08:05:00.000Z' });
    expect(parsePointInTime('2026-03-01')).toEqual({ time: '2026-03-01T00:00:00.000Z' });
    for (const bad of ['yesterday', '-5', '12.5', '2026-13-45T00:00:00Z', '']) expect(() => parsePointInTime(bad)).toThrow(RangeError);
  });

  it('folds one node to the state recorded at each instant, by time (inclusive) and by position', async () => {
    const { store } = await seeded();
    const stream = await store.readStream(nodeStreamId(SCRIPTED_NODE));
    const { states, ends } = scriptedEvents();
    for (let i = 0; i < states.length; i++) {
      expect(nodeAt(stream, { time: scriptedTime(i) })).toEqual(states[i]);
      expect(nodeAt(stream, { time: new Date(Date.parse(scriptedTime(i)) + 59_000).toISOString() })).toEqual(states[i]);
      // A step's events end at its last one.
      expect(nodeAt(stream, { position: stream[ends[i]! - 1]!.position })).toEqual(states[i]);
    }
    expect(nodeAt(stream, { time: '2026-03-01T08:00:59.999Z' })).toBeNull();
    expect(await readNodeAt(store, SCRIPTED_NODE, { time: scriptedTime(12) })).toMatchObject({ provision_state: 'active', power_state: 'power on' });
  });

  it('stops at the first event after the instant, even if a later one claims an earlier time', () => {
    const { events } = scriptedEvents();
    const recorded = events.slice(0, 4).map((event, i) => ({ ...toEventData(event), streamId: nodeStreamId(SCRIPTED_NODE), revision: i, position: i + 1, recordedAt: event.meta.at, metadata: { ...event.meta } }));
    // The 4th event's clock ran behind: its time is before the 3rd one's.
    recorded[3] = { ...recorded[3], metadata: { ...recorded[3].metadata, at: scriptedTime(1) } };
    expect(nodeAt(recorded, { time: scriptedTime(1) })?.provision_state).toBe('verifying');
  });

  it('folds the fleet to each instant, for every node, and counts provision states', async () => {
    const { store } = await seeded();
    const all = await store.readAll();
    // 08:03:10: node 1 is manageable (08:03), node 2 is verifying (08:02:30; done comes at 08:03:30).
    const fleet = new FleetAt({ time: '2026-03-01T08:03:10Z' });
    for (const recorded of all) fleet.apply(recorded);
    expect(fleet.model.get(SCRIPTED_NAME)?.provision_state).toBe('manageable');
    expect(fleet.model.get('other')?.provision_state).toBe('verifying');
    expect(provisionStateCounts(fleet.model.all())).toEqual({ manageable: 1, verifying: 1 });

    const byPosition = await readFleetAt(store, { position: all[4].position });
    expect(byPosition.position).toBe(all[4].position);
    expect(provisionStateCounts(byPosition.all())).toEqual({ manageable: 1, verifying: 1 });
    expect((await readFleetAt(store, { time: '2026-03-01T07:00:00Z' })).size).toBe(0);
    const now = await readFleetAt(store, { time: '2030-01-01T00:00:00Z' });
    expect(provisionStateCounts(now.all())).toEqual({ available: 2 });
  });

  it('resolves a node by UUID or by name, and reads its whole history', async () => {
    const { store, events } = await seeded();
    expect(await resolveNodeId(store, SCRIPTED_NODE)).toBe(SCRIPTED_NODE);
    expect(await resolveNodeId(store, SCRIPTED_NAME)).toBe(SCRIPTED_NODE);
    expect(await resolveNodeId(store, 'other')).toBe(OTHER);
    expect(await resolveNodeId(store, 'nobody')).toBeUndefined();
    expect(await resolveNodeId(store, '99999999-2222-4333-8444-555555555555')).toBeUndefined();
    const history = await readNodeHistory(store, SCRIPTED_NODE);
    expect(history.map((h) => h.type)).toEqual(events.map((e) => e.type));
  });
});
