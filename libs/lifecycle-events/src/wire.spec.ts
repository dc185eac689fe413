import { describe, expect, it } from '@jest/globals';
import { stableUuid } from './ids.js';
import { scriptedEvents } from './testing/scripted.js';
import { parseRelayedEvent, toRelayedEvent } from './wire.js';

describe('the relayed-event wire format', () => {
  const [event] = scriptedEvents().events;

  it('round-trips an event with its position', () => {
    expect(parseRelayedEvent(JSON.stringify(toRelayedEvent(42_000, event)))).toEqual({ position: 42_000, event });
  });

  it.each([
    ['not an object', '7'],
    ['no position', JSON.stringify({ type: 'NodeDeleted', data: {}, meta: { nodeId: 'n' } })],
    ['a zero position', JSON.stringify({ position: 0, type: 'NodeDeleted', data: {}, meta: { nodeId: 'n' } })],
    ['an unknown type', JSON.stringify({ position: 1, type: 'NodeExploded', data: {}, meta: { nodeId: 'n' } })],
    ['no meta', JSON.stringify({ position: 1, type: 'NodeDeleted', data: {} })],
  ])('refuses %s', (_what, json) => {
    expect(() => parseRelayedEvent(json)).toThrow(TypeError);
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
