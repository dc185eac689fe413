export * from './event-store.js';
export * from './errors.js';
export * from './in-memory.js';
export * from './jetstream.js';
export * from './open.js';
export * from './shared-subscriptions.js';
