/** The CLI's commands: each reads the store, writes its result to `out`, and returns the exit code. */
import { LiveProjection, type FleetReadModel, rebuildReadModel } from '@ironledger/application';
import { type EventStore } from '@ironledger/event-store';
import { nodeStreamId } from '@ironledger/contracts';
import { nodeHistory, type PointInTime, positioned, type PositionedEvent, provisionStateCounts, readFleetAt, redactNode, resolveNodeId } from '@ironledger/lifecycle-events';
import { count, duration, ProgressBar, type ProgressPoint } from '@ironledger/observability';
import { clip, table, transition } from './format.js';

export interface Io {
  /** Results (stdout). */
  readonly out: (text: string) => void;
  /** Progress and diagnostics (stderr). */
  readonly err: NodeJS.WritableStream & { isTTY?: boolean };
}

export const EXIT = { ok: 0, different: 1, usage: 2, notFound: 3 } as const;

/** `ironledger history <node>`: every event of one node, oldest first. */
export async function history(store: EventStore, idOrName: string, { json }: { json: boolean }, io: Io): Promise<number> {
  const nodeId = await resolveNodeId(store, idOrName);
  if (!nodeId) {
    io.err.write(`No node "${idOrName}" in the log (neither a UUID nor a name any node ever had).\n`);
    return EXIT.notFound;
  }
  const events = positioned(await store.readStream(nodeStreamId(nodeId)));
  const entries = nodeHistory(events);
  const name = lastName(events);
  if (json) {
    io.out(JSON.stringify({ node: nodeId, name, events: entries }, null, 2));
    return EXIT.ok;
  }
  const deleted = entries.at(-1)?.type === 'NodeDeleted';
  io.out(`Node ${nodeId}${name ? ` "${name}"` : ''}${deleted ? ' (deleted)' : ''}: ${entries.length} events\n`);
  io.out(
    table(
      ['TIME', 'POSITION', 'EVENT', 'FROM → TO', 'ACTOR', 'REQUEST', 'ERROR'],
      entries.map((e) => [e.at.replace('T', ' ').replace(/(\.\d+)?Z$/, 'Z'), String(e.position), clip(e.action, 60), transition(e.from, e.to), e.actor, e.requestId, e.error ? clip(e.error, 100) : '']),
      { right: [1] },
    ),
  );
  return EXIT.ok;
}

/** `ironledger replay [--at <time|position>]`: the fleet now (the whole log folded) or at a past instant. */
export async function replay(store: EventStore, { at, json }: { at?: PointInTime; json: boolean }, io: Io): Promise<number> {
  const bar = new ProgressBar(io.err, 'replay', 'events');
  let events = 0;
  const progress = (n: number, position: number) => {
    events = n;
    bar.update(n, reading(position, 0));
  };
  const model = at ? await readFleetAt(store, at, progress) : await rebuildReadModel(store, progress);
  const elapsed = bar.done(events, reading(model.position, 0));
  const counts = provisionStateCounts(model.all());
  const checksum = model.checksum();
  if (json) {
    io.out(JSON.stringify({ at: at ?? null, position: model.position, nodes: model.size, provisionStates: counts, checksum, ...(at && { fleet: [...model.all()].map(redactNode) }) }, null, 2));
    return EXIT.ok;
  }
  const when = !at ? 'now' : 'position' in at ? `at position ${count(at.position)}` : `as of ${at.time}`;
  io.out(`Fleet ${when}: ${count(model.size)} nodes, last event at position ${count(model.position)} (${count(events)} events read in ${duration(elapsed)})\n`);
  if (at) io.out(`${fleetTable(model)}\n`);
  io.out(`${table(['PROVISION STATE', 'NODES'], Object.entries(counts).map(([state, n]) => [state, count(n)]), { right: [1] })}\n`);
  io.out(`checksum ${checksum}`);
  return EXIT.ok;
}

/**
 * `ironledger rebuild`: rebuilds the read model from the whole log with a progress bar (one read
 * and one fold of the log: the live projection starts from the rebuilt model, the rebuilt one
 * is kept as a copy), brings both to the same position and compares them.
 */
export async function rebuild(store: EventStore, { json }: { json: boolean }, io: Io): Promise<number> {
  const live = new LiveProjection(store);
  const head = await store.lastPosition();
  const bar = new ProgressBar(io.err, 'rebuild', 'events');
  let events = 0;
  let position = 0;
  try {
    const report = await live.startAndRebuild((n, p) => {
      events = n;
      position = p;
      bar.update(n, reading(p, head));
    });
    const rebuildMs = bar.done(events, reading(position, head));
    const rate = (events * 1000) / Math.max(rebuildMs, 1);
    if (json) {
      io.out(JSON.stringify({ ...report, events, rebuildMs: Math.round(rebuildMs), eventsPerSecond: Math.round(rate) }, null, 2));
    } else {
      io.out(`rebuilt  ${count(events)} events, ${count(report.nodes)} nodes, up to position ${count(report.position)} in ${duration(rebuildMs)} (${count(rate)} events/s)\n`);
      io.out(`live     checksum ${report.liveChecksum}\n`);
      io.out(`rebuilt  checksum ${report.rebuiltChecksum}\n`);
      io.out(report.equal ? 'equal' : `DIFFERENT: ${report.differences.join(', ') || '(positions differ)'}`);
    }
    return report.equal ? EXIT.ok : EXIT.different;
  } finally {
    await live.stop();
  }
}

/** The name a node bore last (kept after deletion, for the record). */
function lastName(events: readonly PositionedEvent[]): string | null {
  let name: string | null = null;
  for (const { event } of events) {
    if (event.type === 'NodeRegistered') name = event.data.name;
    else if (event.type === 'NodeUpdated' && event.data.changes.name !== undefined) name = event.data.changes.name;
  }
  return name;
}

function fleetTable(model: FleetReadModel): string {
  const nodes = [...model.all()].sort((a, b) => a.uuid.localeCompare(b.uuid));
  return table(
    ['UUID', 'NAME', 'PROVISION STATE', 'TARGET', 'POWER', 'MAINTENANCE', 'LAST ERROR'],
    nodes.map((n) => [n.uuid, n.name ?? '', n.provision_state, n.target_provision_state ?? '', n.power_state ?? '', n.maintenance ? 'yes' : 'no', clip(n.last_error ?? '', 60)]),
  );
}

/**
 * How far a read of the log has come: judged by position against the log's head when the read
 * began (0: unknown), which grows about linearly with the events read.
 */
function reading(position: number, head: number): ProgressPoint {
  return { fraction: head > 0 ? position / head : undefined, detail: `position ${count(position)}` };
}
