import { describe, expect, it } from '@jest/globals';
import { parseAgentControl } from './agent.js';

describe('agent control bodies', () => {
  it('accept every setting, and for the fleet a range', () => {
    const body = { fault: 'dies-mid-write', diskBytesPerSecond: 1000, heartbeatMs: 50, bootMs: 0, external: true };
    expect(parseAgentControl(body, false)).toEqual({ ok: true, value: body });
    expect(parseAgentControl({ diskBytesPerSecond: null, heartbeatMs: null }, false).ok).toBe(true);
    expect(parseAgentControl({ from: 2, to: 9, fault: 'none' }, true).ok).toBe(true);
  });

  it.each([
    [null, false, 'the body must be a JSON object'],
    [{ fault: 'flaky' }, false, '"fault" must be one of "none", "never-boots", "dies-mid-write", "corrupt-write"'],
    [{ diskBytesPerSecond: 0 }, false, '"diskBytesPerSecond" must be a positive integer'],
    [{ heartbeatMs: 1.5 }, false, '"heartbeatMs" must be a positive integer'],
    [{ bootMs: -1 }, false, '"bootMs" must be a non-negative integer'],
    [{ external: 'yes' }, false, '"external" must be true or false'],
    [{ from: 1 }, false, 'unknown field "from"'],
    [{ to: 0 }, true, '"to" must be a positive integer'],
  ])('refuse %j (fleet: %s), naming the field', (body, fleet, error) => {
    const parsed = parseAgentControl(body, fleet);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toMatch(new RegExp(`^${error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});
