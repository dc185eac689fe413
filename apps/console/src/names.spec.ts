import { describe, expect, it } from '@jest/globals';
import { type LoggedEvent } from './api.js';
import { namesFromEvents, unknownNames } from './names.js';

const event = (type: string, nodeId: string | undefined, data: Record<string, unknown>): LoggedEvent => ({ position: 1, type, data, meta: { at: '', actor: 'a', requestId: 'r', nodeId } });

describe('node names', () => {
  it('are learned from enrolments and renames, in order', () => {
    const events = [
      event('NodeRegistered', 'n1', { name: 'web-1', driver: 'ipmi' }),
      event('NodeRegistered', 'n2', { name: null }),
      event('NodeUpdated', 'n1', { changes: { name: 'web-01' } }),
      event('NodeUpdated', 'n1', { changes: { description: 'x' } }),
      event('NodeUpdated', 'n2', { changes: { name: null } }),
      event('MaintenanceSet', undefined, { reason: 'x' }),
    ];
    expect(namesFromEvents(events)).toEqual([
      ['n1', 'web-1'],
      ['n2', null],
      ['n1', 'web-01'],
      ['n2', null],
    ]);
  });

  it('asks only for the nodes not known yet, once each', () => {
    expect(unknownNames(new Map([['n1', 'web-1'], ['n2', null]]), ['n1', 'n3', 'n2', 'n3', 'n4'])).toEqual(['n3', 'n4']);
  });
});
