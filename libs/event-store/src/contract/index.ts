export * from './event-store.contract.js';
export * from './commits.js';
