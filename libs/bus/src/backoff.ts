/** How long to wait before reconnection attempt `attempt` (0-based): doubling from `initialMs` up to `maxMs`, with jitter. */
export function backoffDelay(attempt: number, { initialMs = 250, maxMs = 10_000 }: BackoffOptions = {}, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  // Half fixed, half random: reconnecting clients spread out, yet never retry at once.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface BackoffOptions {
  readonly initialMs?: number;
  readonly maxMs?: number;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
