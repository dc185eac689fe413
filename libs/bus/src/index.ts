export * from './backoff.js';
export * from './conductor-client.js';
export * from './inbox-requests.js';
export * from './pub-ack.js';
export * from './roster.js';
export * from './servers.js';
export * from './streams.js';
export * from './connection-state.js';
