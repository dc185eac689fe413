import { type EventStore, type Subscription } from '@ironledger/event-store';
import { PositionWaiters } from './position-waiters.js';
import { type AppliedEvent, FleetReadModel } from './read-model.js';

const PAGE = 10_000;

/** Folds the whole event log into a fresh read model (what `rebuild` compares against). */
export async function rebuildReadModel(store: EventStore, onProgress?: (events: number, position: number) => void): Promise<FleetReadModel> {
  const model = new FleetReadModel();
  await foldLog(store, [model], onProgress);
  return model;
}

/** Folds the whole event log into each of `models` (fresh ones), reading it once. */
async function foldLog(store: EventStore, models: readonly FleetReadModel[], onProgress?: (events: number, position: number) => void): Promise<void> {
  let count = 0;
  for await (const page of store.readAllPages({ pageSize: PAGE })) {
    for (const model of models) for (const event of page) model.apply(event);
    count += page.length;
    onProgress?.(count, page[page.length - 1].position);
  }
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

  /** Catches up with the log, then follows it live. Resolves once caught up. */
  async start(): Promise<void> {
    await this.catchUp([]);
  }

  /**
   * `start` and `rebuild` with one read of the log instead of two: the live model catches up from
   * the same pages a second one is rebuilt from, then the two are compared as `rebuild` does.
   */
  async startAndRebuild(onProgress?: (events: number, position: number) => void): Promise<RebuildReport> {
    const rebuilt = new FleetReadModel();
    await this.catchUp([rebuilt], onProgress);
    return this.compareWith(rebuilt);
  }

  /** Folds the whole log into a fresh model (and into `alsoInto`), then follows it live. */
  private async catchUp(alsoInto: readonly FleetReadModel[], onProgress?: (events: number, position: number) => void): Promise<void> {
    const model = new FleetReadModel();
    await foldLog(this.store, [model, ...alsoInto], onProgress);
    this.model = model;
    this.running = this.follow();
    this.waiters.release();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.running;
    this.waiters.cancelAll();
  }

  /** Applies live events; a broken subscription is re-established from the model's position. */
  private async follow(): Promise<void> {
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
