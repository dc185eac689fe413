import { describe, expect, it } from '@jest/globals';
import { NodeNotFoundError } from '@ironledger/domain';
import { TooManyAttempts } from '../http/auth.js';
import { ApiError } from '../http/errors.js';
import { AgentFloodGuard } from './agent-flood.js';

describe('the flood guard of the ramdisk endpoints', () => {
  let clock = 0;
  const guard = () => new AgentFloodGuard({ maxFailures: 3, windowMs: 5000, maxClients: 2 }, () => clock);
  const refuse = () => {
    throw new NodeNotFoundError('x');
  };
  const outcome = async (promise: Promise<unknown>) => promise.then(() => 'ok', (error: Error) => (error instanceof TooManyAttempts ? `429 after ${error.retryAfterS}s` : error.constructor.name));

  it('answers 429 to an address past its refusals, until it has gone the window without one, and always serves what succeeds', async () => {
    clock = 0;
    const floods = guard();
    for (let i = 0; i < 3; i++) expect(await outcome(floods.guard('10.0.0.9', refuse))).toBe('NodeNotFoundError');
    expect(await outcome(floods.guard('10.0.0.9', refuse))).toBe('429 after 5s');
    // A real agent behind the same address is served.
    expect(await floods.guard('10.0.0.9', () => 'node')).toBe('node');
    // Another address is not touched.
    expect(await outcome(floods.guard('10.0.0.7', refuse))).toBe('NodeNotFoundError');
    clock += 4999;
    expect(await outcome(floods.guard('10.0.0.9', refuse))).toBe('429 after 5s');
    clock += 5000;
    expect(await outcome(floods.guard('10.0.0.9', refuse))).toBe('NodeNotFoundError');
  });

  it('counts only the caller’s mistakes, not outages or conflicts, and forgets the oldest address beyond its capacity', async () => {
    clock = 0;
    const floods = guard();
    for (let i = 0; i < 10; i++) await outcome(floods.guard('a', () => Promise.reject(new ApiError(503, 'down'))));
    for (let i = 0; i < 10; i++) await outcome(floods.guard('a', () => Promise.reject(new ApiError(409, 'busy'))));
    expect(await outcome(floods.guard('a', refuse))).toBe('NodeNotFoundError');
    for (let i = 0; i < 5; i++) await outcome(floods.guard('b', refuse));
    await outcome(floods.guard('c', refuse));
    await outcome(floods.guard('d', refuse));
    expect(await outcome(floods.guard('b', refuse))).toBe('NodeNotFoundError');
  });
});
