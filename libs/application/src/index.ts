export * from './command-handler.js';
export * from './read-model.js';
export * from './projection.js';
export * from './position-waiters.js';
export * from './unique-claims.js';
export * from './codec.js';
export * from './shared-state.js';
