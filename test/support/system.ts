/**
 * Starts ironledger's real processes for end-to-end tests: conductors and a gateway, on the
 * NATS server that `npm test` provides in NATS_URL, with a JetStream stream and command-bus
 * subjects of their own so that test runs neither see each other's events nor answer each other. `stop()` kills every process it started.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsAccess } from '@ironledger/bus';
import { JetStreamEventStore } from '@ironledger/event-store';
import { freePort, type Service, spawnService } from './processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** An app's entry: its source, or what `npm run build` made of it (what `npm start` runs). */
const main = (app: string, built = false) => (built ? `apps/${app}/dist/main.js` : `apps/${app}/src/main.ts`);

export interface SystemOptions {
  /** How many conductor processes (default 1). */
  readonly conductors?: number;
  /** How many gateway processes (default 1), each on its own port. */
  readonly gateways?: number;
  /** Extra environment for every process (e.g. COMMAND_TIMEOUT_MS). */
  readonly env?: Readonly<Record<string, string>>;
  /** Extra environment for the conductor of each index (e.g. CONDUCTOR_GROUP). */
  readonly conductorEnv?: readonly Readonly<Record<string, string>>[];
  /** Extra environment for the gateway of each index (e.g. the policy's OSLO_POLICY_ENFORCE_SCOPE). */
  readonly gatewayEnv?: readonly Readonly<Record<string, string>>[];
  /** The NATS server, or a comma-separated list of a cluster's, to use (default: NATS_URL, the one `npm test` provides). */
  readonly natsUrl?: string;
  /** How much of each process's output to keep for `logs()` (default 20,000 characters). */
  readonly logChars?: number;
  /** Flags for `node` itself in every process (the benchmarks' NODE_FLAGS). */
  readonly nodeFlags?: readonly string[];
  /** Run the built apps (each app's dist, as `npm start` does; build them first) instead of their sources. */
  readonly built?: boolean;
  /** The gateway, the one conductor and power sync in one process (apps/all-in-one), named `all-in-one`. */
  readonly allInOne?: boolean;
  /** A power-sync process beside the conductors, named `power-sync`, with this environment added (none unless given). */
  readonly powerSync?: Readonly<Record<string, string>>;
  /** The address the gateways listen on (default 127.0.0.1): 0.0.0.0 for agents in network namespaces of their own. */
  readonly gatewayHost?: string;
}

export interface RunningSystem {
  /** The (first) gateway's base URL, e.g. http://127.0.0.1:41234. */
  readonly baseUrl: string;
  /** Every gateway's base URL, the first one's first. */
  readonly baseUrls: readonly string[];
  readonly natsUrl: string;
  readonly conductorIds: readonly string[];
  /** The JetStream stream holding the run's events (the event store). */
  readonly storeStream: string;
  /** The JetStream stream the gateway relays events into (subscribers' stream). */
  readonly relayStream: string;
  /** Where the gateway relays each project's events when it does (RELAY_PROJECT_EVENTS, on under Keystone). */
  readonly projectEventsPrefix: string;
  /** The isolated event store the processes use (opened on first use, closed by `stop`). */
  store(): Promise<JetStreamEventStore>;
  /** How many events the store holds: a refused request must leave it unchanged. */
  eventCount(): Promise<number>;
  /** Stops the conductors only: the gateway keeps running without them. */
  stopConductors(): Promise<void>;
  /** The processes, by name (the conductor ids, `gateway`, and `gateway-2`, … for more). */
  processes(): readonly Service[];
  /** Stops every process and deletes the run's JetStream stream. */
  stop(): Promise<void>;
  /** The recent output of every process, for failure messages. */
  logs(): string;
}

export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const natsUrl = options.natsUrl ?? process.env.NATS_URL;
  if (!natsUrl) throw new Error('NATS_URL is not set: run the end-to-end tests through `npm test`, or with NATS_URL=$(bash scripts/nats.sh start)');
  await waitForFile(main(options.allInOne ? 'all-in-one' : 'conductor', options.built), 120_000);

  const run = randomBytes(4).toString('hex');
  const stream = `E2E_${run}`;
  const subjectPrefix = `e2e.${run}`;
  const env = { NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: `e2e_${run}`, JETSTREAM_STREAM: stream, JETSTREAM_SUBJECT_PREFIX: subjectPrefix, RELAY_STREAM: `${stream}_EVENTS`, EVENTS_SUBJECT_PREFIX: `e2e_${run}.events`, RELAY_PROJECT_STREAM: `${stream}_PROJECT_EVENTS`, PROJECT_EVENTS_SUBJECT_PREFIX: `e2e_${run}.projects`, HEARTBEAT_INTERVAL_MS: '500', ...options.env };
  const processes: Service[] = [];
  const conductorIds = Array.from({ length: options.conductors ?? 1 }, (_, i) => `e2e-${run}-c${i + 1}`);
  let store: JetStreamEventStore | undefined;

  const system: RunningSystem = {
    baseUrl: '',
    baseUrls: [],
    natsUrl,
    conductorIds,
    storeStream: stream,
    relayStream: `${stream}_EVENTS`,
    projectEventsPrefix: env.PROJECT_EVENTS_SUBJECT_PREFIX,
    store: async () => (store ??= await JetStreamEventStore.connect({ servers: natsUrl, stream, subjectPrefix })),
    eventCount: async () => (await (await system.store()).readAll({ after: 0, limit: 1_000_000 })).length,
    stopConductors: async () => {
      await Promise.all(processes.filter((p) => conductorIds.includes(p.name)).map((p) => p.stop()));
    },
    processes: () => processes,
    stop: async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await store?.close();
      await deleteStream(natsUrl, stream, env);
      await deleteStream(natsUrl, `${stream}_EVENTS`, env);
      await deleteStream(natsUrl, `${stream}_PROJECT_EVENTS`, env);
      if (options.powerSync || options.allInOne) await deleteStream(natsUrl, `${stream}_POWER_SYNC`, env);
    },
    logs: () => processes.map((p) => `--- ${p.name}\n${p.output()}`).join('\n'),
  };
  try {
    if (options.allInOne) {
      if (conductorIds.length !== 1 || (options.gateways ?? 1) !== 1) throw new Error('the all-in-one process runs one conductor and one gateway');
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const allInOneEnv = { ...env, GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port), CONDUCTOR_ID: conductorIds[0], POWER_SYNC_ID: `e2e-${run}-ps`, POWER_SYNC_PASSES: `${stream}_POWER_SYNC` };
      processes.push(spawnService(main('all-in-one', options.built), allInOneEnv, 'all-in-one', options.logChars, options.nodeFlags));
      await waitUntilReady(baseUrl, conductorIds, processes);
      return { ...system, baseUrl, baseUrls: [baseUrl] };
    }
    for (const [index, id] of conductorIds.entries()) processes.push(spawnService(main('conductor', options.built), { ...env, ...options.conductorEnv?.[index], CONDUCTOR_ID: id }, id, options.logChars, options.nodeFlags));
    if (options.powerSync) {
      const powerSyncEnv = { ...env, POWER_SYNC_PASSES: `${stream}_POWER_SYNC`, POWER_SYNC_ID: `e2e-${run}-ps`, ...options.powerSync };
      processes.push(spawnService(main('power-sync', options.built), powerSyncEnv, 'power-sync', options.logChars, options.nodeFlags));
    }
    const baseUrls: string[] = [];
    for (let i = 1; i <= (options.gateways ?? 1); i++) {
      const port = await freePort();
      processes.push(spawnService(main('gateway', options.built), { ...env, ...options.gatewayEnv?.[i - 1], GATEWAY_HOST: options.gatewayHost ?? '127.0.0.1', GATEWAY_PORT: String(port) }, i === 1 ? 'gateway' : `gateway-${i}`, options.logChars, options.nodeFlags));
      baseUrls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(baseUrls.map((url) => waitUntilReady(url, conductorIds, processes)));
    return { ...system, baseUrl: baseUrls[0], baseUrls };
  } catch (error) {
    const logs = system.logs();
    await system.stop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
}

/** Until the gateway answers /readyz and has heard every conductor's heartbeat. */
async function waitUntilReady(baseUrl: string, conductorIds: readonly string[], processes: readonly Service[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const dead = processes.find((p) => p.exited());
    if (dead) throw new Error(`${dead.name} exited during start-up`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      const body = (await response.json()) as { conductors?: string[] };
      if (response.ok && conductorIds.every((id) => body.conductors?.includes(id))) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error('The system did not become ready within 60 s');
}

async function waitForFile(path: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(`${ROOT}/${path}`)) {
    if (Date.now() > deadline) throw new Error(`${path} does not exist`);
    await sleep(1000);
  }
}

/** Deletes `stream`, connecting as the services do with `env` (their NATS credentials and certificates, if any). */
async function deleteStream(servers: string, stream: string, env: Readonly<Record<string, string>>): Promise<void> {
  const nc = await connect(natsAccess(servers, env));
  try {
    await (await jetstreamManager(nc)).streams.delete(stream);
  } catch {
    // Never created: nothing to clean up.
  } finally {
    await nc.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
