import { describe, expect, it } from '@jest/globals';
import {
  ADOPTION_STATES,
  CLEANING_STATES,
  INSPECTION_STATES,
  isStable,
  nextState,
  RESCUE_LIKE_STATES,
  RESUMABLE_STATES,
  successEvent,
  targetAfter,
  TRANSITIONS,
  WAIT_CAPABLE_STATES,
  WAITING_STATES,
} from './machine.js';
import {
  DELETE_ALLOWED_STATES,
  MACHINE_EVENTS,
  PROVISION_STATES,
  STABLE_STATES,
  STUCK_STATES_TREATED_AS_FAIL,
  TARGET_STATES,
  UNSTABLE_STATES,
  UPDATE_ALLOWED_STATES,
  VERBS,
} from './states.js';

/**
 * The seed's state machine, written out independently of `machine.ts` as
 * "from | event | to" lines, so that the table is checked against the specification.
 */
const SEED = `
available | deploy | deploying
deploying | fail | deploy failed
deploy failed | rebuild | deploying
deploy failed | deploy | deploying
deploying | wait | wait call-back
wait call-back | resume | deploying
wait call-back | fail | deploy failed
deploying | done | active
active | rebuild | deploying
active | delete | deleting
wait call-back | delete | deleting
deploy failed | delete | deleting
deleting | fail | error
deleting | clean | cleaning
cleaning | done | available
cleaning | fail | clean failed
clean wait | fail | clean failed
clean wait | abort | clean failed
cleaning | wait | clean wait
clean wait | resume | cleaning
clean failed | manage | manageable
manageable | provide | cleaning
manageable | clean | cleaning
cleaning | manage | manageable
available | manage | manageable
error | rebuild | deploying
error | delete | deleting
manageable | inspect | inspecting
inspecting | done | manageable
inspecting | fail | inspect failed
inspecting | wait | inspect wait
inspect wait | done | manageable
inspect wait | fail | inspect failed
inspect wait | abort | inspect failed
inspect failed | manage | manageable
inspect failed | inspect | inspecting
active | rescue | rescuing
rescuing | done | rescue
rescuing | wait | rescue wait
rescue wait | resume | rescuing
rescue | rescue | rescuing
rescue | delete | deleting
rescue wait | fail | rescue failed
rescuing | fail | rescue failed
rescue wait | abort | rescue failed
rescue failed | rescue | rescuing
rescue failed | unrescue | unrescuing
rescue failed | delete | deleting
rescue wait | delete | deleting
rescue | unrescue | unrescuing
unrescuing | done | active
unrescuing | fail | unrescue failed
unrescue failed | rescue | rescuing
unrescue failed | unrescue | unrescuing
unrescue failed | delete | deleting
enroll | manage | verifying
verifying | done | manageable
verifying | fail | enroll
manageable | adopt | adopting
adopting | done | active
adopting | fail | adopt failed
adopt failed | adopt | adopting
adopt failed | manage | manageable`;

const seed = new Map(
  SEED.trim()
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .map(([from, event, to]) => [`${from}/${event}`, to]),
);

describe('the provision state machine table', () => {
  it('has the seed’s 24 states, 15 events and 63 transitions, without duplicates', () => {
    expect(PROVISION_STATES).toHaveLength(24);
    expect(new Set(PROVISION_STATES).size).toBe(24);
    expect(MACHINE_EVENTS).toHaveLength(15);
    expect(TRANSITIONS).toHaveLength(63);
    expect(seed.size).toBe(63);
    expect(new Set(TRANSITIONS.map((t) => `${t.from}/${t.event}`)).size).toBe(63);
  });

  describe.each(PROVISION_STATES)('from %s', (state) => {
    it.each(MACHINE_EVENTS)('on %s goes exactly where the seed says, or nowhere', (event) => {
      const expected = seed.get(`${state}/${event}`);
      expect(nextState(state, event)).toBe(expected);
    });
  });

  it('only names known states', () => {
    for (const { from, to } of TRANSITIONS) {
      expect(PROVISION_STATES).toContain(from);
      expect(PROVISION_STATES).toContain(to);
    }
  });

  it('reaches every state from enroll, and leaves every state somehow', () => {
    const reached = new Set<string>(['enroll']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const { from, to } of TRANSITIONS) {
        if (reached.has(from) && !reached.has(to)) grew = reached.add(to) !== undefined;
      }
    }
    expect([...reached].sort()).toEqual([...PROVISION_STATES].sort());
    for (const state of PROVISION_STATES) expect(TRANSITIONS.some((t) => t.from === state)).toBe(true);
  });
});

describe('state sets and targets', () => {
  const failureStates = ['deploy failed', 'clean failed', 'inspect failed', 'adopt failed', 'rescue failed', 'unrescue failed'];

  it('splits the states into stable, unstable and failure states', () => {
    expect([...STABLE_STATES, ...UNSTABLE_STATES, ...failureStates].sort()).toEqual([...PROVISION_STATES].sort());
  });

  it('gives every non-stable state a target and no stable state one', () => {
    for (const state of PROVISION_STATES) {
      expect(isStable(state)).toBe(STABLE_STATES.includes(state));
      if (isStable(state)) expect(TARGET_STATES[state]).toBeUndefined();
      else expect(STABLE_STATES).toContain(TARGET_STATES[state]);
    }
    expect(TARGET_STATES).toMatchObject({ verifying: 'manageable', 'wait call-back': 'active', cleaning: 'available', deleting: 'available', 'rescue wait': 'rescue', unrescuing: 'active' });
  });

  it('can fail every state a dead conductor leaves behind', () => {
    expect(STUCK_STATES_TREATED_AS_FAIL).toHaveLength(8);
    for (const state of STUCK_STATES_TREATED_AS_FAIL) {
      expect(UNSTABLE_STATES).toContain(state);
      expect(nextState(state, 'fail')).toBeDefined();
    }
  });

  it('keeps the seed’s update and delete sets', () => {
    expect([...DELETE_ALLOWED_STATES].sort()).toEqual(['adopt failed', 'enroll', 'manageable']);
    expect(UPDATE_ALLOWED_STATES).toHaveLength(10);
    expect(UPDATE_ALLOWED_STATES).not.toContain('deploying');
  });

  it('maps API targets to machine events, with the later aliases', () => {
    expect(VERBS).toEqual({
      active: 'deploy', deploy: 'deploy', rebuild: 'rebuild', deleted: 'delete', undeploy: 'delete', manage: 'manage',
      provide: 'provide', inspect: 'inspect', abort: 'abort', clean: 'clean', adopt: 'adopt', rescue: 'rescue', unrescue: 'unrescue',
    });
  });

  it('clears the target in stable states and honours a chosen one elsewhere', () => {
    expect(targetAfter('manageable', 'available')).toBeNull();
    expect(targetAfter('cleaning')).toBe('available');
    expect(targetAfter('cleaning', 'manageable')).toBe('manageable');
  });

  it('derives the waiting and resumable states from the table', () => {
    expect([...WAITING_STATES].sort()).toEqual(['clean wait', 'inspect wait', 'rescue wait', 'wait call-back']);
    expect([...RESUMABLE_STATES].sort()).toEqual(['clean wait', 'rescue wait', 'wait call-back']);
  });

  it('derives each kind of work’s states from the table, as Ironic lists them', () => {
    expect([...WAIT_CAPABLE_STATES].sort()).toEqual(['cleaning', 'deploying', 'inspecting', 'rescuing']);
    expect([...CLEANING_STATES].sort()).toEqual(['clean failed', 'clean wait', 'cleaning']);
    expect([...INSPECTION_STATES].sort()).toEqual(['inspect failed', 'inspect wait', 'inspecting']);
    expect([...ADOPTION_STATES].sort()).toEqual(['adopt failed', 'adopting']);
    // Ironic's states.RESCUE_LIKE_STATES
    expect([...RESCUE_LIKE_STATES].sort()).toEqual(['rescue failed', 'rescue wait', 'rescuing', 'unrescue failed', 'unrescuing']);
  });

  it('finds the success edge of every working state, choosing by target where cleaning has two', () => {
    const success = Object.fromEntries(STUCK_STATES_TREATED_AS_FAIL.map((state) => [state, successEvent(state, TARGET_STATES[state] ?? null)]));
    expect(success).toEqual({ deploying: 'done', cleaning: 'done', verifying: 'done', inspecting: 'done', adopting: 'done', rescuing: 'done', unrescuing: 'done', deleting: 'clean' });
    expect(successEvent('cleaning', 'manageable')).toBe('manage');
    expect(successEvent('inspect wait', 'manageable')).toBe('done');
    expect(successEvent('clean wait', 'available')).toBeUndefined();
    expect(successEvent('manageable', null)).toBeUndefined();
  });
});
