export * from './event-store.js';
export * from './errors.js';
