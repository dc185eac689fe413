export * from './names.js';
export * from './messages.js';
export * from './fleet.js';
