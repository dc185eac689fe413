/**
 * Enrols a fleet at bus level: each node's events are decided and evolved by the domain, as a
 * conductor would, and appended straight to the event store the services read (the store settings
 * of their environment: NATS_URL, JETSTREAM_STREAM, JETSTREAM_SUBJECT_PREFIX), with no HTTP and no
 * command bus in between. Each command's events are one commit (one JetStream message), as the
 * command handlers append them; a node's commits go one after the other, and many nodes are
 * enrolled at once (`inFlight`), so the store's speed, not round trips, sets the pace. (One commit
 * per node would be faster, but its 4 KB messages make the log unlike the services' own: the fold
 * at start pulls 10,000 messages at a time, which nats-server then refuses as a slow consumer.)
 *
 *  - `verified`: as `bench/events/node-size.bench.ts`'s "redfish" fleet, i.e. as
 *    `scripts/enroll-fleet.mjs` and a conductor leave a node: registered (redfish, virtual media),
 *    `manage`, boot mode and the simulator's BIOS settings cached, `manageable`, one power sync read
 *    (`power off`, the simulator's default). Six commands, seven events or so per node.
 *  - `registered`: one `RegisterNode` per node, `available` (Ironic's initial state below API 1.11).
 *
 * Not written: ports and name claims (their own streams); the nodes carry their names all the same.
 *
 *   NATS_URL=… node --import ./scripts/register-ts.mjs bench/share/seed.ts verified|registered N BMC_URL
 */
import { toEventData } from '@ironledger/application';
import { BIOS_ATTRIBUTES } from '@ironledger/bmc-sim';
import { nodeStreamId } from '@ironledger/contracts';
import { type BiosSettingValue, type CommandMeta, decide, evolve, type Node, type NodeCommand, pythonStr } from '@ironledger/domain';
import { type EventStore, openEventStore, storeConfigFromEnv } from '@ironledger/event-store';
import { count, duration, ProgressBar } from '@ironledger/observability';
import { simulatedNodeId } from '@ironledger/lifecycle-events/testing';

export type FleetKind = 'verified' | 'registered';

/** The id of the fleet's node `n` (0-based; its BMC is the simulator's system n + 1). */
export const fleetNodeId = (n: number): string => simulatedNodeId(0x5a4e, n);

export interface SeedOptions {
  readonly kind: FleetKind;
  readonly nodes: number;
  /** The BMC simulator's base URL: node n's `redfish_address` is `<bmcUrl>/bmc/<n + 1>`. */
  readonly bmcUrl: string;
  /** The conductors named as the `manage` request's and the conductor steps' (round robin). */
  readonly conductors?: readonly string[];
  /** Nodes enrolled at once, one commit of each in flight (default 256). */
  readonly inFlight?: number;
}

export interface SeedReport {
  readonly nodes: number;
  readonly commits: number;
  readonly events: number;
  /** Bytes of JSON appended (the events' data and metadata as the store encodes them, roughly). */
  readonly bytes: number;
  readonly seconds: number;
}

/** The BIOS settings the Redfish driver reads from the simulator's system `index` (its attribute registry's fields). */
export function simulatedBios(index: number): BiosSettingValue[] {
  return BIOS_ATTRIBUTES.map((entry) => ({
    name: entry.AttributeName,
    value: pythonStr(entry.AttributeName === 'SerialNumber' ? `SIM${String(index).padStart(6, '0')}` : entry.DefaultValue),
    attribute_type: entry.Type,
    allowable_values: entry.Value ? entry.Value.map((value) => value.ValueName) : null,
    lower_bound: entry.LowerBound ?? null,
    max_length: entry.MaxLength ?? null,
    min_length: entry.MinLength ?? null,
    read_only: entry.ReadOnly,
    reset_required: entry.ResetRequired,
    unique: entry.IsSystemUniqueProperty ?? null,
    upper_bound: entry.UpperBound ?? null,
  }));
}

let request = 0;
const meta = (actor: string, conductor?: string): CommandMeta => ({ at: new Date().toISOString(), actor, requestId: `req-share-${++request}`, ...(conductor ? { conductor } : {}) });

/** Node n's commands, in order. */
function commands(kind: FleetKind, n: number, bmcUrl: string, conductor: string): NodeCommand[] {
  const nodeId = fleetNodeId(n);
  const register = {
    type: 'RegisterNode',
    nodeId,
    meta: meta('admin'),
    data: {
      name: `sim-${String(n).padStart(7, '0')}`,
      driver: 'redfish',
      boot_interface: 'redfish-virtual-media',
      driver_info: { redfish_address: `${bmcUrl}/bmc/${n + 1}`, redfish_username: 'admin', redfish_password: 'password' },
      provision_state: kind === 'verified' ? 'enroll' : 'available',
    },
  } as NodeCommand;
  if (kind === 'registered') return [register];
  return [
    register,
    { type: 'RequestProvisionAction', nodeId, meta: meta('admin', conductor), data: { target: 'manage' } } as NodeCommand,
    { type: 'CacheBootMode', nodeId, meta: meta('conductor', conductor), data: { boot_mode: 'uefi', secure_boot: false } } as NodeCommand,
    { type: 'CacheBiosSettings', nodeId, meta: meta('conductor', conductor), data: { settings: simulatedBios(n + 1) } } as NodeCommand,
    { type: 'RecordProvisionOutcome', nodeId, meta: meta('conductor', conductor), data: { outcome: 'succeeded' } } as NodeCommand,
    { type: 'RecordPowerSync', nodeId, meta: meta('power-sync'), data: { outcome: 'read', power_state: 'power off' } } as NodeCommand,
  ];
}

/** Appends the fleet to `store`, `inFlight` commits at a time, with a progress bar on stderr. */
export async function seedFleet(store: EventStore, { kind, nodes, bmcUrl, conductors = ['conductor-1'], inFlight = 256 }: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const bar = new ProgressBar(process.stderr, `  seed (${kind})`, 'nodes');
  let next = 0;
  let done = 0;
  let events = 0;
  let bytes = 0;
  let commits = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, nodes) }, async () => {
      while (next < nodes) {
        const n = next++;
        // One commit per command, as the conductors' command handlers append them.
        let node: Node | null = null;
        let revision = -1;
        for (const command of commands(kind, n, bmcUrl, conductors[n % conductors.length]!)) {
          const decided = decide(command, node);
          for (const event of decided) node = evolve(node, event);
          const data = decided.map(toEventData);
          bytes += data.reduce((sum, event) => sum + JSON.stringify(event.data).length + JSON.stringify(event.metadata).length, 0);
          revision = (await store.append(nodeStreamId(fleetNodeId(n)), data, { expectedRevision: revision < 0 ? 'no_stream' : revision })).nextRevision;
          events += data.length;
          commits++;
        }
        if (++done % 1000 === 0) bar.update(done, { fraction: done / nodes, detail: `${count(commits)} commits` });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  bar.done(done, { fraction: 1, detail: `${count(commits)} commits, ${count(events)} events in ${duration(seconds * 1000)}` });
  return { nodes: done, commits, events, bytes, seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [kind, nodes, bmcUrl] = process.argv.slice(2);
  if ((kind !== 'verified' && kind !== 'registered') || !Number(nodes)) throw new Error('usage: seed.ts verified|registered N [BMC_URL]');
  const store = await openEventStore(storeConfigFromEnv());
  console.log(JSON.stringify(await seedFleet(store, { kind, nodes: Number(nodes), bmcUrl: bmcUrl ?? 'http://127.0.0.1:8000' })));
  await store.close();
}
