import { type EventStore } from '@ironledger/event-store';
import { type LiveProjection } from './projection.js';

/**
 * The store and the started projection of a process that runs several services (the all-in-one
 * process): each service uses them and leaves opening and closing them to the process.
 */
export interface SharedState {
  readonly store: EventStore;
  readonly projection: LiveProjection;
}
