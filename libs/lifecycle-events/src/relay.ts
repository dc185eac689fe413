import { hostname } from 'node:os';
import { backoffDelay, ensureStream, natsAccess } from '@ironledger/bus';
import { jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NODE_EVENTS_SUBJECT_PREFIX, notificationSubject, NOTIFICATIONS_SUBJECT_PREFIX, PROJECT_EVENTS_SUBJECT_PREFIX, projectEventSubject, resourceEventSubject } from '@ironledger/contracts';
import { type DomainEvent, FleetReadModel, PositionWaiters, type ResourceEvent, Tenancy, toResourceEvent } from '@ironledger/application';
import { type NodeEvent } from '@ironledger/domain';
import { type EventStore, type RecordedEvent, type Subscription } from '@ironledger/event-store';
import { type IronicNotification, toNotifications } from './notifications.js';
import { OrderedPublisher } from './ordered-publisher.js';
import { redactSecrets } from './redact.js';
import { DEFAULT_PROJECT_RELAY_STREAM, DEFAULT_RELAY_STREAM, RelayHeader, toRelayedEvent } from './wire.js';

export interface EventRelayOptions {
  /** Where the events come from. */
  readonly store: EventStore;
  /** NATS servers of the relay stream; ignored when `connection` is given. */
  readonly servers?: string | string[];
  /** A connection to use instead of opening one (`stop()` leaves it open). */
  readonly connection?: NatsConnection;
  /**
   * `fleet` (the default): every resource event, on `<subjectPrefix>.<kind>.<id>.<EventType>`.
   * `projects`: node and allocation events only, under the projects they belong to
   * (`<subjectPrefix>.<owner>.<lessee>.<kind>.<id>.<EventType>`, see `Tenancy`), for tenants'
   * NATS permissions to select; costs a fold of owners and lessees, two strings per resource.
   */
  readonly scope?: 'fleet' | 'projects';
  /** The JetStream stream written (default `IRONLEDGER_NODE_EVENTS`, or `IRONLEDGER_PROJECT_EVENTS` for `projects`). */
  readonly stream?: string;
  /** Copies of that stream in a NATS cluster (see `ensureStream`; default: one for a new stream, an existing one's own). */
  readonly replicas?: number;
  /** The subjects' first tokens (default `ironledger.events`, or `ironledger.projects` for `projects`). */
  readonly subjectPrefix?: string;
  /**
   * Also publish Ironic-style notifications on core NATS (`<subjectPrefix>.<event_type>`, default
   * prefix `ironledger.notifications`). Costs a fold of the whole log at start and the node
   * states in memory. Lossy, as Ironic's are: events relayed again after a failure are not notified twice.
   */
  readonly notifications?: false | { readonly subjectPrefix?: string; readonly host?: string };
  /** Publishes awaiting their acknowledgement, at most (default 1024). */
  readonly maxInFlight?: number;
  /** Back-off after a failure: first delay, doubled up to `maxRetryDelayMs` (defaults 100 and 5000). */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  /** Hears about every failure the relay recovers from (it retries forever). */
  readonly onError?: (error: unknown) => void;
}

/** Where the relay stream ends: its last sequence, and the store position of the event stored there. */
interface Tail {
  readonly sequence: number;
  readonly position: number;
}

/**
 * Republishes every resource event of the store (nodes, chassis, …), in order and exactly once,
 * into a JetStream stream (one message per event, secrets redacted), where subscribers filter by
 * resource and event type and resume from a position.
 *
 * Exactly once, across restarts and concurrent relays: the checkpoint is the position in the
 * header of the stream's last message, read at start and after every failure; every publish
 * expects the stream's last sequence to be the one before it, so a relay that fell behind
 * another one is refused instead of storing an event twice or out of order, and resynchronises;
 * `Nats-Msg-Id` = position makes a retried publish a no-op as well. Publishes are pipelined
 * (`maxInFlight`), acknowledged in order on one reply subject (`OrderedPublisher`).
 */
export class EventRelay {
  private nc?: NatsConnection;
  private jsm?: JetStreamManager;
  private readonly stream: string;
  private readonly subjectPrefix: string;
  private readonly maxInFlight: number;
  private running?: Promise<void>;
  private subscription?: Subscription;
  private stopping = false;
  private wake?: () => void;
  private acked = 0;
  private readonly waiters = new PositionWaiters(() => this.acked);
  /** Node states for notifications: the log folded up to the last event notified. */
  private readonly fleet = new FleetReadModel();
  /** For the `projects` scope: owners and lessees, the log folded up to the last event read. */
  private tenancy?: Tenancy;

  constructor(private readonly options: EventRelayOptions) {
    const byProject = options.scope === 'projects';
    this.stream = options.stream ?? (byProject ? DEFAULT_PROJECT_RELAY_STREAM : DEFAULT_RELAY_STREAM);
    this.subjectPrefix = options.subjectPrefix ?? (byProject ? PROJECT_EVENTS_SUBJECT_PREFIX : NODE_EVENTS_SUBJECT_PREFIX);
    this.maxInFlight = options.maxInFlight ?? 1024;
  }

  /** Position of the last event known to be in the relay stream. */
  get position(): number {
    return this.acked;
  }

  /** Connects, creates or updates the relay stream, and starts relaying from its checkpoint. */
  async start(): Promise<void> {
    if (this.running) throw new Error('The relay is already running');
    this.stopping = false;
    this.nc = this.options.connection ?? (await connect({ ...natsAccess(this.options.servers ?? 'nats://127.0.0.1:4222'), name: 'ironledger event relay', maxReconnectAttempts: -1 }));
    // No API check: ensureStream asks, and waits out a cluster that does not answer yet.
    this.jsm = await jetstreamManager(this.nc, { checkAPI: false });
    await ensureStream(this.jsm, this.stream, { subjects: [`${this.subjectPrefix}.>`], storage: StorageType.File, allow_direct: true }, this.options.replicas);
    const tail = await this.readTail();
    this.acknowledge(tail.position);
    if (this.options.notifications) await this.foldUpTo(tail.position, (recorded) => this.fleet.apply(recorded), () => this.fleet.position);
    this.running = this.run();
  }

  /** Stops relaying; publishes under way finish first. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.subscription?.close();
    await this.running;
    this.running = undefined;
    this.waiters.cancelAll();
    if (!this.options.connection) await this.nc?.drain();
    this.nc = undefined;
  }

  /** Resolves `true` once the event at `position` (or a later one) is in the relay stream, `false` after `timeoutMs`. */
  waitFor(position: number, timeoutMs = 5000): Promise<boolean> {
    return this.waiters.waitFor(position, timeoutMs);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const before = this.acked;
      try {
        await this.pump(await this.readTail());
      } catch (error) {
        if (this.stopping) return;
        this.options.onError?.(error);
        failures = this.acked > before ? 1 : failures + 1;
        await this.pause(backoffDelay(failures - 1, { initialMs: this.options.retryDelayMs ?? 100, maxMs: this.options.maxRetryDelayMs ?? 5000 }));
      }
    }
  }

  /** Relays from `tail` on until stopped (returns) or until something fails (throws). */
  private async pump(tail: Tail): Promise<void> {
    if (this.options.scope === 'projects') await this.foldTenancyTo(tail.position);
    const subscription = this.options.store.subscribeToAll({ after: tail.position });
    this.subscription = subscription;
    if (this.stopping) return subscription.close();
    const publisher = new OrderedPublisher(this.nc!);
    let failure: { error: unknown } | undefined;
    const fail = (error: unknown) => {
      if (failure) return;
      failure = { error };
      void subscription.close();
    };
    let sequence = tail.sequence;
    const inFlight: Promise<void>[] = [];
    try {
      for await (const recorded of subscription) {
        if (failure || this.stopping) break;
        const found = this.routed(recorded);
        if (!found) continue;
        const { kind, id, event, subject } = found;
        const served = redactSecrets(event);
        const notifications = this.notificationsFor(recorded, served);
        const { position } = recorded;
        const fields = { [RelayHeader.position]: String(position), [RelayHeader.eventType]: event.type, [RelayHeader.kind]: kind, [RelayHeader.resourceId]: id };
        const body = JSON.stringify(toRelayedEvent(position, kind, served));
        const published = publisher
          .publish(subject, body, ++sequence, String(position), fields)
          .then(() => {
            this.acknowledge(position);
            for (const notification of notifications) this.publishNotification(notification);
          })
          .catch(fail);
        inFlight.push(published);
        if (inFlight.length >= this.maxInFlight) await inFlight.shift();
      }
    } finally {
      await Promise.all(inFlight);
      publisher.close();
      this.subscription = undefined;
    }
    if (failure) throw failure.error;
    if (!this.stopping) throw new Error('The store subscription ended');
  }

  /** The resource event `recorded` holds and the subject it goes to, or undefined when this relay passes it by. */
  private routed(recorded: RecordedEvent): (ResourceEvent & { subject: string }) | undefined {
    if (this.tenancy) {
      const tenant = this.tenancy.apply(recorded);
      return tenant && { ...tenant, subject: projectEventSubject(tenant.projects, tenant.kind, tenant.id, tenant.event.type, this.subjectPrefix) };
    }
    const found = toResourceEvent(recorded);
    return found && { ...found, subject: resourceEventSubject(found.kind, found.id, found.event.type, this.subjectPrefix) };
  }

  /**
   * Owners and lessees folded up to the relay's checkpoint. After a failure the fold may be past
   * it (events read but not stored): it is folded again from the start, since an event judged on
   * later owners could reach a project that did not hold the node when it happened.
   */
  private async foldTenancyTo(position: number): Promise<void> {
    if (!this.tenancy || this.tenancy.position > position) this.tenancy = new Tenancy();
    const tenancy = this.tenancy;
    await this.foldUpTo(position, (recorded) => tenancy.apply(recorded), () => tenancy.position);
  }

  /** Ironic's notifications for an event (`served`: the event with its secrets masked). */
  private notificationsFor(recorded: RecordedEvent, served: DomainEvent): IronicNotification[] {
    const settings = this.options.notifications;
    // Events folded before were relayed before (and notified, unless that publish failed).
    if (!settings || recorded.position <= this.fleet.position) return [];
    const applied = this.fleet.apply(recorded);
    if (applied?.kind !== 'node') return [];
    const { before, after } = applied;
    return toNotifications(served as NodeEvent, { position: recorded.position, before, after, host: settings.host ?? hostname() });
  }

  private publishNotification(notification: IronicNotification): void {
    const settings = this.options.notifications || {};
    try {
      this.nc?.publish(notificationSubject(notification.event_type, settings.subjectPrefix ?? NOTIFICATIONS_SUBJECT_PREFIX), JSON.stringify(notification));
    } catch (error) {
      // Notifications are best effort (as Ironic's are); the event itself is safely relayed.
      this.options.onError?.(error);
    }
  }

  /** Folds the log up to `position` (from `folded()` on) so that the next event is judged on the states before it. */
  private async foldUpTo(position: number, fold: (recorded: RecordedEvent) => unknown, folded: () => number): Promise<void> {
    while (folded() < position) {
      const page = await this.options.store.readAll({ after: folded(), limit: 10_000 });
      for (const recorded of page) {
        if (recorded.position > position) return;
        fold(recorded);
      }
      if (page.length === 0) return;
    }
  }

  /** The relay's checkpoint: the stream's last sequence and the position of the event stored there. */
  private async readTail(): Promise<Tail> {
    const jsm = this.jsm!;
    const { state } = await jsm.streams.info(this.stream);
    if (state.messages === 0) return { sequence: state.last_seq, position: 0 };
    const last = await jsm.streams.getMessage(this.stream, { seq: state.last_seq });
    const position = Number(last?.header.get(RelayHeader.position));
    if (!last || !Number.isSafeInteger(position) || position <= 0) {
      throw new Error(`The last message of ${this.stream} (sequence ${state.last_seq}) carries no ${RelayHeader.position} header`);
    }
    return { sequence: state.last_seq, position };
  }

  private acknowledge(position: number): void {
    if (position <= this.acked) return;
    this.acked = position;
    this.waiters.release();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

