import { NamedError } from '@ironledger/domain';
/** Admission control for ipmitool processes: a counting semaphore and one lane per BMC. */

/** Thrown by `acquire` when the deadline passes before a slot frees up. */
export class SlotTimeout extends NamedError {
  constructor() {
    super('no slot before the deadline');
  }
}

interface Waiter {
  grant: () => void;
  timer?: ReturnType<typeof setTimeout>;
}

/** At most `capacity` holders at once; waiters are served first come, first served. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`Semaphore capacity must be a positive integer, not ${capacity}`);
  }

  get inUse(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves with the function that gives the slot back; rejects with `SlotTimeout` at `deadline` (epoch ms). */
  acquire(deadline?: number): Promise<() => void> {
    if (this.active < this.capacity && this.waiters.length === 0) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { grant: () => resolve(this.releaser()) };
      if (deadline !== undefined) {
        waiter.timer = setTimeout(() => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(new SlotTimeout());
        }, Math.max(0, deadline - Date.now()));
      }
      this.waiters.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant(); // the slot passes straight to the next waiter
      } else {
        this.active--;
      }
    };
  }
}

/**
 * One command at a time per BMC, and a pause of at least `minIntervalMs` between the end of
 * one command and the start of the next (Ironic's `min_command_interval`: some BMCs fall over
 * when hammered).
 */
export class BmcLanes {
  private readonly lanes = new Map<string, { readonly lock: Semaphore; lastEnded: number }>();

  constructor(private readonly minIntervalMs: number) {}

  /** Waits for the BMC's turn (rejecting with `SlotTimeout` at `deadline`); returns the release. */
  async enter(key: string, deadline?: number): Promise<() => void> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { lock: new Semaphore(1), lastEnded: 0 };
      this.lanes.set(key, lane);
    }
    const release = await lane.lock.acquire(deadline);
    const pause = lane.lastEnded + this.minIntervalMs - Date.now();
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    const entered = lane;
    return () => {
      entered.lastEnded = Date.now();
      release();
    };
  }
}
