export * from './subscription.js';
export * from './nats.js';
export * from './sse.js';
export * from './sse-parser.js';
export { backoffDelay, type BackoffOptions, sleep } from '@ironledger/bus';
export { type ReceivedEvent } from '@ironledger/lifecycle-events';
