import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, type LoggedEvent } from './api.js';
import { type NameBook, namesFromEvents, unknownNames } from './names.js';

/** Names asked for at once: a burst of events about many nodes must not flood the gateway. */
const PARALLEL = 4;

export interface NodeNames {
  readonly names: NameBook;
  /** Names read elsewhere (the table's rows). */
  readonly learn: (nodes: readonly { uuid: string; name: string | null }[]) => void;
}

/** The names of the nodes `events` are about (see `names.ts`), filled in as they are learned. */
export function useNodeNames(events: readonly LoggedEvent[]): NodeNames {
  const [book, setBook] = useState<NameBook>(new Map());
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const learned = namesFromEvents([...events].reverse());
    if (learned.length > 0) setBook((previous) => new Map([...previous, ...learned]));
    const missing = unknownNames(new Map([...book, ...learned]), events.flatMap((event) => (event.meta.nodeId ? [event.meta.nodeId] : []))).filter((uuid) => !asked.current.has(uuid));
    for (const uuid of missing) asked.current.add(uuid);
    void (async () => {
      for (let start = 0; start < missing.length; start += PARALLEL) {
        const found = await Promise.all(missing.slice(start, start + PARALLEL).map(async (uuid) => [uuid, await nameOf(uuid)] as const));
        const named = found.filter((entry): entry is [string, string | null] => entry[1] !== undefined);
        for (const [uuid, name] of found) if (name === undefined) asked.current.delete(uuid);
        setBook((previous) => new Map([...previous, ...named]));
      }
    })();
  }, [events]);
  const learn = useCallback((nodes: readonly { uuid: string; name: string | null }[]) => {
    if (nodes.length > 0) setBook((previous) => new Map([...previous, ...nodes.map((node) => [node.uuid, node.name] as const)]));
  }, []);
  return { names: book, learn };
}

/** The node's name; `null` when it has none or is gone; `undefined` when it could not be read (asked again later). */
async function nameOf(uuid: string): Promise<string | null | undefined> {
  try {
    return (await api.node(uuid, null)).name;
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? null : undefined;
  }
}
