import { describe, expect, it } from '@jest/globals';
import { stableUuid } from './ids.js';
import { scriptedEvents } from './testing/scripted.js';
import { parseRelayedEvent, resourceIdOf, toRelayedEvent } from './wire.js';

describe('the relayed-event wire format', () => {
  const [event] = scriptedEvents().events;

  it('round-trips an event with its position', () => {
    expect(parseRelayedEvent(JSON.stringify(toRelayedEvent(42_000, 'node', event)))).toEqual({ position: 42_000, kind: 'node', event });
  });

  it.each([
    ['not an object', '7'],
    ['no position', JSON.stringify({ type: 'NodeDeleted', data: {}, meta: { nodeId: 'n' } })],
    ['a zero position', JSON.stringify({ position: 0, type: 'NodeDeleted', data: {}, meta: { nodeId: 'n' } })],
    ['an unknown type', JSON.stringify({ position: 1, type: 'NodeExploded', data: {}, meta: { nodeId: 'n' } })],
    ['no meta', JSON.stringify({ position: 1, type: 'NodeDeleted', data: {} })],
    ['an unknown kind', JSON.stringify({ position: 1, kind: 'rack', type: 'NodeDeleted', data: {}, meta: { nodeId: 'n' } })],
    ['a type of another kind', JSON.stringify({ position: 1, kind: 'chassis', type: 'NodeDeleted', data: {}, meta: { chassisId: 'c' } })],
    ['meta without the kind’s id', JSON.stringify({ position: 1, kind: 'chassis', type: 'ChassisDeleted', data: {}, meta: { nodeId: 'n' } })],
  ])('refuses %s', (_what, json) => {
    expect(() => parseRelayedEvent(json)).toThrow(TypeError);
  });

  it('reads a message relayed before resources other than nodes existed as a node event', () => {
    const old = JSON.stringify({ position: 7, type: event.type, data: event.data, meta: event.meta });
    expect(parseRelayedEvent(old)).toEqual({ position: 7, kind: 'node', event });
  });

  it('round-trips an event of another resource, whose id names it', () => {
    const created = { type: 'ChassisCreated', data: { description: 'rack 1', extra: {} }, meta: { chassisId: 'c-1', at: '2026-11-24T00:00:00.000Z', actor: 'op', requestId: 'r', correlationId: 'r', causationId: 'r' } } as const;
    const received = parseRelayedEvent(JSON.stringify(toRelayedEvent(9, 'chassis', created)));
    expect(received).toEqual({ position: 9, kind: 'chassis', event: created });
    expect(resourceIdOf(received)).toBe('c-1');
  });
});

describe('stableUuid', () => {
  it('gives a version-5 UUID that depends only on the name', () => {
    const id = stableUuid('history:1000');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUuid('history:1000')).toBe(id);
    expect(stableUuid('history:1001')).not.toBe(id);
  });
});
