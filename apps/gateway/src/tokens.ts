/** Injection token of the gateway's `EventStore` (an interface, so it needs one). */
export const EVENT_STORE = Symbol('EventStore');
