export * from './event-store.contract.js';
