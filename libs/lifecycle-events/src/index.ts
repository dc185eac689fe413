export * from './redact.js';
export * from './wire.js';
export * from './notifications.js';
export * from './history.js';
export * from './relay.js';
export { OrderedPublisher, RelayOutOfStepError } from './ordered-publisher.js';
export { stableUuid } from './ids.js';
