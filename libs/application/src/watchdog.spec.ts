import { describe, expect, it } from '@jest/globals';
import { newNode, type Node, type ProvisionState } from '@ironledger/domain';
import { INTROSPECTION_TIMEOUT_ERROR, mayNeedWatching, ORPHAN_GRACE_MS, watchdogAction, type WatchdogAction, type WatchdogFacts } from './watchdog.js';

const SELF = 'conductor-self';
const NODE_ID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
const nodeIn = (provision_state: ProvisionState, fields: Partial<Node> = {}): Node => newNode(NODE_ID, '2026-11-21T09:00:00.000Z', { provision_state, ...fields });
const T0 = '2026-11-21T10:00:00.000Z';
const NOW = Date.parse(T0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const META = { at: T0, actor: 'conductor', requestId: 'watchdog-conductor-self-1', conductor: SELF };
const FACTS: WatchdogFacts = {
  conductorId: SELF,
  alive: new Set([SELF, 'conductor-other']),
  workingOn: () => false,
  callbackTimeoutS: 60,
  introspectionTimeoutS: 30,
  nodeStatusKeepTimeS: 600,
  meta: META,
};
const send = (type: string, data: object): WatchdogAction => ({ kind: 'send', command: { type, nodeId: NODE_ID, data, meta: META } as never });
const introspection = (state: 'waiting' | 'finished', startedMsAgo: number, finishedMsAgo?: number) => ({
  state,
  started_at: ago(startedMsAgo),
  finished_at: finishedMsAgo === undefined ? null : ago(finishedMsAgo),
  error: null,
});
/** Waiting for its ramdisk since `msAgo`. */
const waiting = (state: 'wait call-back' | 'inspect wait', msAgo: number, overrides: Partial<Node> = {}) =>
  nodeIn(state, { reservation: null, provision_updated_at: ago(msAgo), updated_at: ago(msAgo), ...overrides });

// One row per case: the node, what differs from FACTS, and the choice (first match wins).
const CASES: [string, Node, Partial<WatchdogFacts>, WatchdogAction | null][] = [
    ['nothing to do: an idle node', nodeIn('available'), {}, null],
    ['a node a dead conductor holds is recovered', nodeIn('deploying', { reservation: 'conductor-gone' }), {}, send('RecoverNode', { deadConductor: 'conductor-gone' })],
    ['a node a live conductor holds is left to it', nodeIn('deploying', { reservation: 'conductor-other' }), {}, null],
    ['an orphan (held here, still past the grace, no work) is resumed', nodeIn('deploying', { reservation: SELF, updated_at: ago(ORPHAN_GRACE_MS * 2) }), {}, { kind: 'resume' }],
    ['a node held here within the grace is not yet an orphan', nodeIn('deploying', { reservation: SELF, updated_at: ago(ORPHAN_GRACE_MS / 2) }), {}, null],
    ['a node held here whose work runs is no orphan', nodeIn('deploying', { reservation: SELF, updated_at: ago(ORPHAN_GRACE_MS * 2) }), { workingOn: () => true }, null],
    ['a node another conductor owns is left to it, though a dead conductor holds it', nodeIn('deploying', { reservation: 'conductor-gone' }), { owns: () => false }, null],
    ['a node another conductor owns is left to it, though its wait timed out', waiting('wait call-back', 61_000), { owns: () => false }, null],
    ['a node this conductor owns is recovered from a dead holder', nodeIn('deploying', { reservation: 'conductor-gone' }), { owns: () => true }, send('RecoverNode', { deadConductor: 'conductor-gone' })],
    ['a node held here is looked after here, whoever owns it now', nodeIn('deploying', { reservation: SELF, updated_at: ago(ORPHAN_GRACE_MS * 2) }), { owns: () => false }, { kind: 'resume' }],
    ['a conductor running no work of its own looks for no orphans', nodeIn('deploying', { reservation: SELF, updated_at: ago(ORPHAN_GRACE_MS * 2) }), { workingOn: undefined }, null],
    [
      'an introspection past the inspector’s timeout fails',
      waiting('inspect wait', 40_000, { introspection: introspection('waiting', 40_000) }),
      {},
      send('RecordProvisionOutcome', { outcome: 'failed', error: INTROSPECTION_TIMEOUT_ERROR }),
    ],
    ['an introspection within its timeout waits on', waiting('inspect wait', 20_000, { introspection: introspection('waiting', 20_000) }), {}, null],
    ['no introspection timeout (0): only the callback timeout counts', waiting('inspect wait', 40_000, { introspection: introspection('waiting', 40_000) }), { introspectionTimeoutS: 0 }, null],
    [
      'a wait past the callback timeout fails',
      waiting('wait call-back', 61_000),
      {},
      send('RecordProvisionOutcome', { outcome: 'failed', error: 'Timeout reached while waiting for callback for node 1be26c0b-03f2-4d2e-ae87-c02d7f33c123' }),
    ],
    ['a wait within the callback timeout waits on', waiting('wait call-back', 59_000), {}, null],
    [
      'a finished introspection record past its retention is dropped',
      nodeIn('manageable', { introspection: introspection('finished', 700_000, 601_000) }),
      {},
      send('ExpireIntrospection', { finished_before: ago(600_000) }),
    ],
    ['a finished introspection record within its retention is kept', nodeIn('manageable', { introspection: introspection('finished', 700_000, 599_000) }), {}, null],
    ['records kept forever (0) are never dropped', nodeIn('manageable', { introspection: introspection('finished', 700_000, 601_000) }), { nodeStatusKeepTimeS: 0 }, null],
];

describe('the watchdog’s choice for a node', () => {
  it.each(CASES)('%s', (_case, node, facts, expected) => {
    expect(watchdogAction(node, NOW, { ...FACTS, ...facts })).toEqual(expected);
  });

  it('passes over on its summary only nodes that could need no more than their introspection record dropped', () => {
    const acting = CASES.filter(([, , , expected]) => expected !== null && !(expected.kind === 'send' && expected.command.type === 'ExpireIntrospection'));
    expect(acting.length).toBeGreaterThan(5);
    expect(acting.filter(([, node]) => !mayNeedWatching(node)).map(([name]) => name)).toEqual([]);
    expect([nodeIn('available'), nodeIn('active'), nodeIn('manageable')].map(mayNeedWatching)).toEqual([false, false, false]);
  });
});
