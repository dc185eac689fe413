/**
 * A verb run on many nodes: a few at a time (the gateway answers each at once, and the
 * conductor works in the background), each node's answer kept, progress told as they come.
 */

export interface NodeOutcome {
  readonly uuid: string;
  /** Ironic's refusal, or `null` when the request was accepted. */
  readonly error: string | null;
}

export interface BulkProgress {
  readonly total: number;
  readonly outcomes: readonly NodeOutcome[];
}

export const failures = (progress: BulkProgress): number => progress.outcomes.filter((outcome) => outcome.error !== null).length;

/** The nodes whose request was accepted (after a delete: the nodes that are gone). */
export const accepted = (progress: BulkProgress): string[] => progress.outcomes.filter((outcome) => outcome.error === null).map((outcome) => outcome.uuid);

/** Runs `run` on every node, at most `parallel` at once, telling `onProgress` after each; stops starting new ones once `signal` aborts. */
export async function runOnAll(
  uuids: readonly string[],
  run: (uuid: string) => Promise<void>,
  { parallel, onProgress, signal }: { parallel: number; onProgress: (progress: BulkProgress) => void; signal?: AbortSignal },
): Promise<BulkProgress> {
  const outcomes: NodeOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < uuids.length && !signal?.aborted) {
      const uuid = uuids[next++]!;
      try {
        await run(uuid);
        outcomes.push({ uuid, error: null });
      } catch (error) {
        outcomes.push({ uuid, error: (error as Error).message });
      }
      onProgress({ total: uuids.length, outcomes: [...outcomes] });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, uuids.length)) }, worker));
  return { total: uuids.length, outcomes };
}
