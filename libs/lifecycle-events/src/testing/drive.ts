import { type CommandMeta, type Node, type NodeCommand } from '@ironledger/domain';
import { nextStep, type Random, seededRandom, simulatedClock, simulatedNodeId } from './fleet-simulator.js';

/** What `driveFleet` needs of a command handler (`NodeCommandHandler` fits). */
export interface CommandSink {
  handle(command: NodeCommand): Promise<{ readonly state: Node | null; readonly position: number }>;
}

export interface DriveOptions {
  /** Nodes driven side by side (default 10). */
  readonly nodes?: number;
  /** Commands per node (default 20). */
  readonly steps?: number;
  readonly seed?: number;
  /** Pause between two commands of a node, ms (default 0). */
  readonly pauseMs?: number;
  /** Stops early when aborted. */
  readonly signal?: AbortSignal;
}

/**
 * Drives simulated nodes through their lifecycles via a command handler, each node's commands
 * one after another, the nodes concurrently. Returns the position of the last event appended.
 */
export async function driveFleet(sink: CommandSink, { nodes = 10, steps = 20, seed = 1, pauseMs = 0, signal }: DriveOptions = {}): Promise<number> {
  const clock = simulatedClock();
  let request = 0;
  let last = 0;
  const meta = (): CommandMeta => ({ at: clock(), actor: 'operator', requestId: `req-${seed}-${++request}`, conductor: 'conductor-sim' });
  await Promise.all(
    Array.from({ length: nodes }, async (_, i) => {
      const random: Random = seededRandom(seed * 1000 + i);
      const id = simulatedNodeId(seed, i);
      let node: Node | null = null;
      for (let s = 0; s < steps && !signal?.aborted; s++) {
        const step = nextStep(id, node, random, meta());
        if (!step) break;
        const result = await sink.handle(step.command);
        node = result.state;
        last = Math.max(last, result.position);
        if (node === null) break;
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs * random() * 2));
      }
    }),
  );
  return last;
}
