/**
 * Floods of the ramdisk's public endpoints: look-ups and heartbeats anyone may send. Each one is
 * judged from the read model (a refused heartbeat never reaches a conductor), so a flood costs
 * little; what this adds is that a client address that keeps being refused is told to slow down:
 * past `maxFailures` refusals, its refusals are answered 429 (with `Retry-After`) until it has
 * gone `windowMs` without one. A request that would succeed is always served, whoever sends it:
 * a real agent behind the same address as an attacker (a NAT, the simulator's loopback) is never
 * held up by the attacker's refusals.
 */
import { LruMap } from '@ironledger/domain';
import { TooManyAttempts } from '../http/auth.js';
import { toHttpError } from '../http/errors.js';

export interface AgentFloodLimits {
  /** AGENT_FLOOD_MAX_FAILURES (default 30): refused look-ups and heartbeats of one address before it gets 429s… */
  readonly maxFailures: number;
  /** AGENT_FLOOD_WINDOW_S (default 10, here in ms): …until it has gone this long without a refusal. */
  readonly windowMs: number;
  /** Addresses remembered at most (the oldest forgotten first), so that a spread-out flood cannot fill the memory. */
  readonly maxClients?: number;
}

export const DEFAULT_AGENT_FLOOD_LIMITS: AgentFloodLimits = { maxFailures: 30, windowMs: 10_000, maxClients: 10_000 };

const SLOW_DOWN = 'Too many refused ramdisk requests from this address, please retry later.';

export class AgentFloodGuard {
  /** Refusals per address and when the address's window ends; the address refused longest ago is forgotten first. */
  private readonly failures: LruMap<string, { count: number; until: number }>;

  constructor(
    private readonly limits: AgentFloodLimits = DEFAULT_AGENT_FLOOD_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.failures = new LruMap(limits.maxClients ?? DEFAULT_AGENT_FLOOD_LIMITS.maxClients!);
  }

  /** Runs `attempt` for `client`; its refusal counts against the address, and past the limit becomes a 429. */
  async guard<T>(client: string, attempt: () => Promise<T> | T): Promise<T> {
    try {
      return await attempt();
    } catch (error) {
      const { status } = toHttpError(error);
      // Only the caller's own mistakes count: an outage (5xx) or a conflict with the conductor is nobody's flood.
      if (status < 400 || status >= 500 || status === 409) throw error;
      const retryAfterS = this.refused(client);
      if (retryAfterS !== null) throw new TooManyAttempts(SLOW_DOWN, retryAfterS);
      throw error;
    }
  }

  /** Counts a refusal; the seconds to wait when the address is past its limit, else null. */
  private refused(client: string): number | null {
    const now = this.now();
    const known = this.failures.peek(client);
    const count = known && known.until > now ? known.count + 1 : 1;
    this.failures.set(client, { count, until: now + this.limits.windowMs });
    return count > this.limits.maxFailures ? Math.max(1, Math.ceil(this.limits.windowMs / 1000)) : null;
  }
}
