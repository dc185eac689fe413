export * from './states.js';
export * from './machine.js';
export * from './node.js';
export * from './commands.js';
export * from './events.js';
export * from './errors.js';
export * from './decider.js';
