import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { NodeCommandHandler, rebuildReadModel } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { JetStreamEventStore } from '@ironledger/event-store';
import { nodeHistory, positioned } from '@ironledger/lifecycle-events';
import {
  driveFleet,
  isolatedStreams,
  SCRIPTED_NAME,
  SCRIPTED_NODE,
  SCRIPTED_PASSWORD,
  scriptedCommands,
  scriptedEvents,
  scriptedTime,
  simulatedNodeId,
  simulatedPassword,
  testNatsUrl as natsUrl,
} from '@ironledger/lifecycle-events/testing';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

describe('the ironledger CLI, run as a process against a seeded store', () => {
  const names = isolatedStreams('cli');
  let store: JetStreamEventStore;
  /** Store position of each scripted step's last event. */
  const stepPositions: number[] = [];

  /** Runs `ironledger <args>` from source (as its bin, dist/main.js, would after a build); resolves with exit code and output. */
  async function ironledger(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', './scripts/register-ts.mjs', 'apps/cli/src/main.ts', ...args], {
        cwd: root,
        env: { ...process.env, NATS_URL: natsUrl(), JETSTREAM_STREAM: names.storeStream, JETSTREAM_SUBJECT_PREFIX: names.storePrefix },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: names.storeStream, subjectPrefix: names.storePrefix });
    const handler = new NodeCommandHandler(store);
    // Other nodes live their lives before the scripted one, and the scripted one's steps are interleaved with theirs.
    await driveFleet(handler, { nodes: 5, steps: 12, seed: 31 });
    for (const command of scriptedCommands()) stepPositions.push((await handler.handle(command)).position);
  }, 60_000);

  afterAll(async () => {
    await store.close();
    const nc = await connect({ servers: natsUrl() });
    await (await jetstreamManager(nc)).streams.delete(names.storeStream).catch(() => undefined);
    await nc.close();
  });

  it('history lists every event of the node in order, by name or UUID, without secrets', async () => {
    const { code, stdout } = await ironledger('history', SCRIPTED_NAME);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    const { events } = scriptedEvents();
    expect(lines[0]).toBe(`Node ${SCRIPTED_NODE} "${SCRIPTED_NAME}": ${events.length} events`);
    expect(lines[1]).toMatch(/^TIME +POSITION +EVENT +FROM → TO +ACTOR +REQUEST +ERROR$/);
    const rows = lines.slice(3);
    const expected = nodeHistory(events.map((event, i) => ({ position: i + 1, event })));
    expect(rows).toHaveLength(expected.length);
    for (const [i, row] of rows.entries()) {
      const e = expected[i];
      expect(row).toContain(e.at.replace('T', ' ').replace('.000Z', 'Z'));
      expect(row).toContain(e.action);
      if (e.from && e.to) expect(row).toContain(`${e.from} → ${e.to}`);
      expect(row).toContain(e.requestId);
      if (e.error) expect(row).toContain(e.error);
    }
    expect(rows[18]).toMatch(/fail +deploying → deploy failed +conductor +req-019 +deploy step write_image failed: checksum mismatch$/);
    expect(stdout).not.toContain(SCRIPTED_PASSWORD);

    const byUuid = await ironledger('history', SCRIPTED_NODE, '--json');
    const json = JSON.parse(byUuid.stdout) as { node: string; events: { position: number; action: string }[] };
    expect(json.node).toBe(SCRIPTED_NODE);
    expect(json.events).toEqual(nodeHistory(positioned(await store.readStream(nodeStreamId(SCRIPTED_NODE)))));
    expect(byUuid.stdout).not.toContain(SCRIPTED_PASSWORD);
  }, 30_000);

  it('replay --at gives the fleet as recorded at each instant, by time and by position', async () => {
    const { states } = scriptedEvents();
    for (const i of [0, 2, 6, 12, 14, 18, states.length - 1]) {
      const byTime = await ironledger('replay', '--at', scriptedTime(i), '--json');
      expect(byTime.code).toBe(0);
      const fleet = JSON.parse(byTime.stdout) as { fleet: { uuid: string; provision_state: string; power_state: string | null; maintenance: boolean }[] };
      const node = fleet.fleet.find((n) => n.uuid === SCRIPTED_NODE);
      const { provision_state, power_state, maintenance, name, extra, driver_info } = states[i]!;
      // Masked as the API masks the node: the BMC password only.
      expect(node).toMatchObject({ provision_state, power_state, maintenance, name, extra, driver_info: { ...driver_info, ipmi_password: '******' } });
      const byPosition = JSON.parse((await ironledger('replay', '--at', String(stepPositions[i]), '--json')).stdout) as typeof fleet;
      expect(byPosition.fleet.find((n) => n.uuid === SCRIPTED_NODE)).toEqual(node);
      expect(byTime.stdout + JSON.stringify(byPosition)).not.toContain(SCRIPTED_PASSWORD);
      expect(byTime.stdout).not.toContain(simulatedPassword(simulatedNodeId(31, 0)));
    }
    // Before the scripted node existed it is not in the fleet; the simulated ones (their clock starts earlier) are.
    const before = JSON.parse((await ironledger('replay', '--at', '2026-03-01T08:00:30Z', '--json')).stdout) as { fleet: { uuid: string }[] };
    expect(before.fleet.map((n) => n.uuid)).not.toContain(SCRIPTED_NODE);
    expect(before.fleet.length).toBeGreaterThan(0);

    const text = await ironledger('replay', '--at', scriptedTime(12));
    expect(text.stdout).toMatch(new RegExp(`${SCRIPTED_NODE} +${SCRIPTED_NAME} +active +power on +no`));
    expect(text.stdout).toMatch(/^checksum [0-9a-f]{64}$/m);
  }, 60_000);

  it('replay folds the whole log: the provision-state counts and checksum of the read model', async () => {
    const model = await rebuildReadModel(store);
    const { code, stdout } = await ironledger('replay');
    expect(code).toBe(0);
    expect(stdout).toContain(`Fleet now: ${model.size} nodes`);
    expect(stdout).toContain(`checksum ${model.checksum()}`);
    const json = JSON.parse((await ironledger('replay', '--json')).stdout) as { provisionStates: Record<string, number>; checksum: string; position: number };
    expect(json.checksum).toBe(model.checksum());
    expect(json.position).toBe(model.position);
    expect(Object.values(json.provisionStates).reduce((a, b) => a + b, 0)).toBe(model.size);
  }, 30_000);

  it('rebuild reports equal checksums and exits 0, with progress on stderr', async () => {
    const { code, stdout, stderr } = await ironledger('rebuild');
    expect(code).toBe(0);
    const [live, rebuilt] = [/live +checksum ([0-9a-f]{64})/.exec(stdout)?.[1], /rebuilt +checksum ([0-9a-f]{64})/.exec(stdout)?.[1]];
    expect(live).toBeDefined();
    expect(live).toBe(rebuilt);
    expect(live).toBe((await rebuildReadModel(store)).checksum());
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('equal');
    expect(stderr).toMatch(/rebuild \[█+\] +100% +[\d,]+ events +[\d,]+ events\/s +position [\d,]+ +ETA/);
  }, 30_000);

  it('refuses bad usage with exit code 2 and an unknown node with exit code 3', async () => {
    expect((await ironledger('history')).code).toBe(2);
    expect((await ironledger('replay', '--at', 'yesterday')).code).toBe(2);
    expect((await ironledger('frobnicate')).code).toBe(2);
    const unknown = await ironledger('history', 'no-such-node');
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('No node "no-such-node"');
  }, 30_000);
});
