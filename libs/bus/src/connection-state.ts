import { type NatsConnection } from '@nats-io/transport-node';

/**
 * Whether a NATS connection is up right now, and since when: nats.js reconnects by itself and
 * `isClosed()` stays false while it does, so the connection's status events are followed.
 * Listeners hear about every reconnection (subscriptions that must start over, liveness that
 * must be judged afresh).
 */
export class ConnectionState {
  private up = true;
  private upSince: number;
  private readonly listeners = new Set<() => void>();
  private readonly disconnectListeners = new Set<() => void>();

  constructor(
    private readonly nats: NatsConnection,
    private readonly now: () => number = Date.now,
  ) {
    this.upSince = now();
    void this.follow();
  }

  /** Connected now (not reconnecting, not closed). */
  get connected(): boolean {
    return this.up && !this.nats.isClosed();
  }

  /** Milliseconds the connection has been up without interruption (0 while it is down). */
  upFor(): number {
    return this.connected ? this.now() - this.upSince : 0;
  }

  /** Calls `listener` whenever the connection goes down; returns how to stop. */
  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  /** Calls `listener` after every reconnection; returns how to stop. */
  onReconnect(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async follow(): Promise<void> {
    for await (const status of this.nats.status()) {
      if (status.type === 'disconnect') {
        this.up = false;
        for (const listener of this.disconnectListeners) listener();
      } else if (status.type === 'reconnect') {
        this.up = true;
        this.upSince = this.now();
        for (const listener of this.listeners) listener();
      }
    }
    this.up = false;
  }
}
