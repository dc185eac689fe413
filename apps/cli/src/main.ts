#!/usr/bin/env node
/**
 * ironledger — audit and repair tool reading the event store directly (NATS_URL, EVENT_STORE,
 * JETSTREAM_STREAM, JETSTREAM_SUBJECT_PREFIX, KURRENTDB_URL, as the services read them).
 */
import { parseArgs } from 'node:util';
import { type EventStore, openEventStore, storeConfigFromEnv } from '@ironledger/event-store';
import { parsePointInTime, type PointInTime } from '@ironledger/lifecycle-events';
import { EXIT, history, type Io, rebuild, replay } from './commands.js';

const USAGE = `usage: ironledger <command> [options]

commands:
  history <node-uuid-or-name> [--json]   every event of one node: time, event, from → to, actor, request, error
  replay [--at <ISO time | position>] [--json]
                                         the fleet now (provision-state counts and checksum), or as it was at
                                         a past instant (every node, the counts and the checksum)
  rebuild [--json]                       rebuild the read model from the whole log (progress on stderr) and
                                         verify it equals a live projection; exit code 1 when different

The store comes from the environment: NATS_URL (default nats://127.0.0.1:4222), EVENT_STORE
(jetstream | kurrentdb), JETSTREAM_STREAM, JETSTREAM_SUBJECT_PREFIX, KURRENTDB_URL.`;

async function main(argv: string[]): Promise<number> {
  const io: Io = { out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`), err: process.stderr };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, at: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (error) {
    io.err.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : (text: string) => io.err.write(`${text}\n`))(USAGE);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  const usage = (message: string) => {
    io.err.write(`${message}\n\n${USAGE}\n`);
    return EXIT.usage;
  };
  let at: PointInTime | undefined;
  if (values.at !== undefined) {
    if (command !== 'replay') return usage('--at goes with replay');
    try {
      at = parsePointInTime(values.at);
    } catch (error) {
      return usage((error as Error).message);
    }
  }
  let run: (store: EventStore) => Promise<number>;
  switch (command) {
    case 'history':
      if (rest.length !== 1) return usage('history takes one node UUID or name');
      run = (store) => history(store, rest[0], { json: values.json }, io);
      break;
    case 'replay':
      if (rest.length > 0) return usage('replay takes no arguments');
      run = (store) => replay(store, { at, json: values.json }, io);
      break;
    case 'rebuild':
      if (rest.length > 0) return usage('rebuild takes no arguments');
      run = (store) => rebuild(store, { json: values.json }, io);
      break;
    default:
      return usage(`unknown command "${command}"`);
  }
  const store = await openEventStore(storeConfigFromEnv());
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ironledger: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
