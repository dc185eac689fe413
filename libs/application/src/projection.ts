import { type EventStore, type Subscription } from '@ironledger/event-store';
import { PositionWaiters } from './position-waiters.js';
import { type WholeNodes } from './node-table.js';
import { type AppliedEvent, FleetReadModel } from './read-model.js';

/**
 * Events folded per page of a whole-log read: few enough that a page's events die young (with the
 * store making them only as a page fills, a rebuild of a million events took 0.92 times as long as
 * with pages of 10,000).
 */
const PAGE = 1_000;

/**
 * Folds the whole event log into a fresh read model (what `rebuild` compares against); `whole`:
 * the only nodes to keep whole, the rest packed (see `FleetReadModel.keepWhole`).
 */
export async function rebuildReadModel(store: EventStore, onProgress?: (events: number, position: number) => void, whole?: WholeNodes): Promise<FleetReadModel> {
  const model = new FleetReadModel();
  if (whole) await model.keepWhole(whole);
  let count = 0;
  for await (const page of store.readAllPages({ pageSize: PAGE })) {
    for (const event of page) model.apply(event);
    count += page.length;
    onProgress?.(count, page[page.length - 1].position);
  }
  return model;
}

export interface RebuildReport {
  readonly equal: boolean;
  readonly position: number;
  readonly nodes: number;
  readonly liveChecksum: string;
  readonly rebuiltChecksum: string;
  /** Nodes whose live state differs from the rebuilt one. */
  readonly differences: string[];
}

/**
 * A read model kept current by a catch-up subscription to the store: reads never touch the
 * streams. `waitFor(position)` gives read-your-writes to a client that just committed.
 */
export class LiveProjection {
  private model = new FleetReadModel();
  private subscription?: Subscription;
  private running?: Promise<void>;
  private stopped = false;
  private readonly waiters = new PositionWaiters(() => this.model.position);
  private readonly listeners = new Set<(applied: AppliedEvent) => void>();
  /** Why the subscription last broke, while it is being re-established (the model is then stale). */
  failure?: Error;

  constructor(
    private readonly store: EventStore,
    private readonly retryMs = 1000,
  ) {}

  get readModel(): FleetReadModel {
    return this.model;
  }

  /**
   * Catches up with the log, then follows it live. Resolves once caught up. `whole`: the only
   * nodes to keep whole until told otherwise (by a process acting for a share of the fleet that
   * does not know its share yet, say), the rest packed.
   */
  async start(whole?: WholeNodes): Promise<void> {
    this.follow(await rebuildReadModel(this.store, undefined, whole));
  }

  /**
   * `start` and `rebuild` with one read and one fold of the log instead of two: the rebuilt model
   * is a copy of the caught-up one, taken before the first live event. Folding the same events a
   * second time in the same process could only find the same state. What is compared is what
   * follows: the live model's events from its subscription, the rebuilt one's read from the log.
   */
  async startAndRebuild(onProgress?: (events: number, position: number) => void): Promise<RebuildReport> {
    const model = await rebuildReadModel(this.store, onProgress);
    const rebuilt = model.copy();
    this.follow(model);
    return this.compareWith(rebuilt);
  }

  /** Makes `model` (caught up with the log) the live one and follows the log from its position. */
  private follow(model: FleetReadModel): void {
    this.model = model;
    this.running = this.followLive();
    this.waiters.release();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.running;
    this.waiters.cancelAll();
  }

  /** Applies live events; a broken subscription is re-established from the model's position. */
  private async followLive(): Promise<void> {
    while (!this.stopped) {
      const subscription = this.store.subscribeToAll({ after: this.model.position });
      this.subscription = subscription;
      try {
        for await (const event of subscription) {
          this.failure = undefined;
          const applied = this.model.apply(event);
          if (applied) for (const listener of this.listeners) listener(applied);
          this.waiters.release();
        }
        return;
      } catch (error) {
        this.failure = error as Error;
        await new Promise((resolve) => setTimeout(resolve, this.retryMs));
      }
    }
  }

  /** Calls `listener` with every live event once the model has applied it; returns how to stop. */
  onEvent(listener: (applied: AppliedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves `true` once the model has applied `position`, or `false` after `timeoutMs`. */
  waitFor(position: number, timeoutMs = 5000): Promise<boolean> {
    return this.waiters.waitFor(position, timeoutMs);
  }

  /** Recomputes the read model from the whole log and compares it with the live one at the same position. */
  async rebuild(onProgress?: (events: number, position: number) => void): Promise<RebuildReport> {
    return this.compareWith(await rebuildReadModel(this.store, onProgress));
  }

  /** Compares the live model with `rebuilt` at the same position. */
  private async compareWith(rebuilt: FleetReadModel): Promise<RebuildReport> {
    // The live model may move on meanwhile: bring the rebuilt one to the same point, then
    // compare synchronously so that no event lands in between.
    while ((await this.waitFor(rebuilt.position)) && this.model.position > rebuilt.position) {
      const target = this.model.position;
      const page = await this.store.readAll({ after: rebuilt.position, limit: PAGE });
      for (const event of page) if (event.position <= target) rebuilt.apply(event);
    }
    const live = this.model;
    const differences = live.differences(rebuilt);
    return { equal: differences.length === 0 && live.position === rebuilt.position, position: rebuilt.position, nodes: rebuilt.size, liveChecksum: live.checksum(), rebuiltChecksum: rebuilt.checksum(), differences };
  }
}
