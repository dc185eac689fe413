/**
 * The default of an exhaustive `switch`: it compiles only when every case is handled, and
 * throws if a value the types ruled out arrives anyway (say, from an older or newer peer).
 * `what` names the kind of value in the message ("event", "work", …).
 */
export function assertNever(value: never, what = 'case'): never {
  throw new TypeError(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
