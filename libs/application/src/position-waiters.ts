/**
 * Callers waiting until something that follows the event log (a projection, a relay) has
 * reached a global position: read-your-writes for a client that has just committed.
 */
export class PositionWaiters {
  private waiters: { position: number; resolve: (reached: boolean) => void }[] = [];

  /** `reached()` tells how far the follower is now. */
  constructor(private readonly reached: () => number) {}

  /** Resolves `true` once `position` (or a later one) is reached, `false` after `timeoutMs` or on `cancelAll`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.reached() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      waiter.resolve = (reached) => {
        clearTimeout(timer);
        resolve(reached);
      };
      this.waiters.push(waiter);
    });
  }

  /** Lets through everyone waiting for a position reached by now; call it whenever the follower moves. */
  release(): void {
    if (this.waiters.length === 0) return;
    const position = this.reached();
    const ready = this.waiters.filter((w) => w.position <= position);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of ready) waiter.resolve(true);
  }

  /** Answers `false` to everyone still waiting (the follower stops). */
  cancelAll(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter.resolve(false);
  }
}
