export * from './names.js';
export * from './codec.js';
export * from './messages.js';
export * from './conductor-client.js';
