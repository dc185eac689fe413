export * from './subscription.js';
export * from './nats.js';
export * from './sse.js';
export * from './sse-parser.js';
export * from './backoff.js';
export { type ReceivedEvent } from '@ironledger/lifecycle-events';
