export * from './names.js';
export * from './messages.js';
