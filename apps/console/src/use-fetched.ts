import { useEffect, useState } from 'preact/hooks';

export interface Fetched<T> {
  /** The last value loaded for the current arguments (kept while they are reloaded). */
  readonly value?: T;
  readonly error?: Error;
  readonly loading: boolean;
}

/** Loads `load()` whenever `deps` change; an answer that arrives after newer arguments were asked for is dropped. */
export function useFetched<T>(load: () => Promise<T>, deps: readonly unknown[]): Fetched<T> {
  const [state, setState] = useState<Fetched<T>>({ loading: true });
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (value) => current && setState({ value, loading: false }),
      (error: Error) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
    // The caller names what the load depends on, as with useEffect.
  }, deps);
  return state;
}
