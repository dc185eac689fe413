/**
 * The real OpenStack client against ironledger: Debian's `baremetal` (python3-ironicclient 5.0.1,
 * negotiates API 1.78) drives a node through its whole life against a gateway and a conductor
 * started from source (test/support/system.ts). `scripts/install-ironic-client.sh` installs the client.
 *
 * Every CLI call goes through a recording proxy; when a check fails, the error shows exactly what
 * the client sent and what it got back. While a command runs, a 10 ms poller (direct to the
 * gateway) records the node's (provision_state, target_provision_state, power_state,
 * target_power_state, maintenance) so the state sequence of each command is checked too.
 *
 * BAREMETAL_CLI_ENDPOINT=http://127.0.0.1:6385 runs the same walk against another Ironic API
 * (e.g. Ironic 21.4 from Debian's packages) instead of starting ironledger.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { type Exchange, formatExchanges, type Recorder, startRecorder } from '../support/http-recorder.js';
import { sleep } from '../support/processes.js';
import { type RunningSystem, startSystem } from '../support/system.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const external = process.env.BAREMETAL_CLI_ENDPOINT;
const NAME = `cli-${process.pid}-${Date.now().toString(36)}`;
const RENAMED = `${NAME}-renamed`;

type Tuple = readonly [provision: string | null, target: string | null, power: string | null, targetPower: string | null, maintenance: boolean];

interface CliRun {
  readonly args: readonly string[];
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  /** Distinct node tuples the poller saw while the command ran (and just after). */
  readonly states: Tuple[];
  readonly exchanges: Exchange[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
function getJson(base: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers: { 'X-OpenStack-Ironic-API-Version': 'latest' }, timeout: 5000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

describe('the real baremetal CLI against ironledger', () => {
  let system: RunningSystem | undefined;
  let api = '';
  let recorder: Recorder;
  let uuid = '';
  const transcript: CliRun[] = [];

  const cliEnv = () => {
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('OS_')) env[key] = value;
    return { ...env, OS_AUTH_TYPE: 'none', OS_ENDPOINT: recorder.url, PYTHONWARNINGS: 'ignore' };
  };

  async function nodeTuple(): Promise<Tuple | undefined> {
    if (!uuid) return undefined;
    const { status, body } = await getJson(api, `/v1/nodes/${uuid}?fields=provision_state,target_provision_state,power_state,target_power_state,maintenance`);
    if (status !== 200) return undefined;
    const n = body as Record<string, unknown>;
    return [n.provision_state as string | null, n.target_provision_state as string | null, n.power_state as string | null, n.target_power_state as string | null, n.maintenance as boolean];
  }

  /**
   * Runs `baremetal ARGS`, polling the node every 10 ms meanwhile and after it exits: at least
   * `settleMs`, then until the node is stable (no target provision or power state), at most 20 s.
   */
  async function cli(args: readonly string[], settleMs = 250): Promise<CliRun> {
    const states: Tuple[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const tuple = await nodeTuple().catch(() => undefined);
        if (tuple && JSON.stringify(states.at(-1)) !== JSON.stringify(tuple)) states.push(tuple);
        await sleep(10);
      }
    })();
    const started = Date.now();
    const child = spawn('baremetal', args, { env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
    const seconds = (Date.now() - started) / 1000;
    await sleep(settleMs);
    const settled = Date.now() + 20_000;
    while (Date.now() < settled) {
      const now = states.at(-1);
      if (!now || (now[1] === null && now[3] === null)) break;
      await sleep(20);
    }
    polling = false;
    await poller;
    const run = { args, code, stdout, stderr, seconds, states, exchanges: recorder.take() };
    transcript.push(run);
    return run;
  }

  /** Runs the checks; on failure, the error carries the command, its output and the HTTP captures. */
  function verify(run: CliRun, checks: () => void): void {
    try {
      checks();
    } catch (error) {
      const detail = [
        `$ baremetal ${run.args.join(' ')}   -> exit ${run.code} after ${run.seconds.toFixed(1)} s`,
        run.stdout && `stdout:\n${run.stdout.slice(0, 3000)}`,
        run.stderr && `stderr:\n${run.stderr.slice(0, 3000)}`,
        `node states seen: ${JSON.stringify(run.states)}`,
        `HTTP exchanges (client -> gateway):\n${formatExchanges(run.exchanges)}`,
      ]
        .filter(Boolean)
        .join('\n');
      (error as Error).message = `${(error as Error).message}\n\n${detail}`;
      throw error;
    }
  }

  const ok = (run: CliRun) => expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
  const json = (run: CliRun) => JSON.parse(run.stdout) as Record<string, unknown>;
  const provisionPath = (run: CliRun) => run.states.map((t) => t[0]).filter((s, i, all) => i === 0 || all[i - 1] !== s);
  /** The provision states seen, in order, are a sub-sequence of `path` that ends at its last state (transient states may be too quick to see). */
  const expectPath = (run: CliRun, path: readonly string[]) => {
    const seen = provisionPath(run);
    let at = 0;
    for (const state of seen) {
      const found = path.indexOf(state ?? 'null', at);
      if (found < 0) throw new Error(`provision states ${JSON.stringify(seen)} do not follow ${JSON.stringify(path)}`);
      at = found;
    }
    expect(seen.at(-1)).toBe(path.at(-1));
    expect(run.states.at(-1)?.[1]).toBeNull();
  };
  const last = (run: CliRun) => run.states.at(-1)!;

  beforeAll(async () => {
    const which = spawnSync('sh', ['-c', 'command -v baremetal'], { encoding: 'utf8' });
    if (which.status !== 0) throw new Error('the `baremetal` CLI is missing: run `bash scripts/install-ironic-client.sh` (as root) first');
    if (external) {
      api = external.replace(/\/$/, '');
    } else {
      system = await startSystem();
      api = system.baseUrl;
    }
    const deadline = Date.now() + 20_000;
    while ((await getJson(api, '/v1').catch(() => ({ status: 0 }))).status !== 200) {
      if (Date.now() > deadline) throw new Error(`${api}/v1 does not answer`);
      await sleep(100);
    }
    recorder = await startRecorder(api);
  }, 150_000);

  afterAll(async () => {
    mkdirSync(`${root}/.run`, { recursive: true });
    writeFileSync(`${root}/.run/baremetal-cli-transcript.json`, JSON.stringify({ api, transcript }, null, 1));
    await recorder?.close();
    agent.destroy();
    await system?.stop();
  });

  // One node walks through its whole life; each step is its own test (they run in order and share the node).
  const STEP_MS = 60_000;

  it('node create', async () => {
    const run = await cli(['node', 'create', '--driver', 'fake-hardware', '--name', NAME, '-f', 'json']);
    verify(run, () => {
      ok(run);
      const node = json(run);
      expect(node).toMatchObject({ name: NAME, driver: 'fake-hardware', provision_state: 'enroll', power_state: null, target_provision_state: null, maintenance: false, extra: {} });
      expect(node.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      uuid = node.uuid as string;
    });
  }, STEP_MS);

  it('node list, node show', async () => {
    let run = await cli(['node', 'list', '-f', 'json']);
    verify(run, () => {
      ok(run);
      const rows = JSON.parse(run.stdout) as Record<string, unknown>[];
      expect(rows).toContainEqual({ UUID: uuid, Name: NAME, 'Instance UUID': null, 'Power State': null, 'Provisioning State': 'enroll', Maintenance: false });
    });
    run = await cli(['node', 'show', NAME, '-f', 'json']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toMatchObject({ uuid, name: NAME, provision_state: 'enroll', driver: 'fake-hardware', power_state: null, maintenance: false, maintenance_reason: null, last_error: null });
    });
  }, STEP_MS);

  it('node deploy from enroll fails with Ironic’s message', async () => {
    const run = await cli(['node', 'deploy', NAME]);
    verify(run, () => {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`The requested action "active" can not be performed on node "${uuid}" while it is in state "enroll". (HTTP 400)`);
      expect(provisionPath(run)).toEqual(['enroll']);
    });
  }, STEP_MS);

  it('node set --extra, node set --name', async () => {
    let run = await cli(['node', 'set', NAME, '--extra', 'k=v']);
    verify(run, () => ok(run));
    run = await cli(['node', 'set', NAME, '--name', RENAMED]);
    verify(run, () => ok(run));
    run = await cli(['node', 'show', RENAMED, '-f', 'json', '-c', 'uuid', '-c', 'name', '-c', 'extra', '-c', 'provision_state']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toEqual({ uuid, name: RENAMED, extra: { k: 'v' }, provision_state: 'enroll' });
    });
  }, STEP_MS);

  it('node manage --wait: enroll -> verifying -> manageable', async () => {
    // The client's first GET comes right after the 202 and must not see a stale stable state.
    const run = await cli(['node', 'manage', RENAMED, '--wait', '30']);
    verify(run, () => {
      ok(run);
      expectPath(run, ['enroll', 'verifying', 'manageable']);
    });
  }, STEP_MS);

  it('node provide: manageable -> cleaning -> available', async () => {
    const run = await cli(['node', 'provide', RENAMED]);
    verify(run, () => {
      ok(run);
      expectPath(run, ['manageable', 'cleaning', 'available']);
    });
  }, STEP_MS);

  it('node deploy --wait: available -> deploying -> active', async () => {
    const run = await cli(['node', 'deploy', RENAMED, '--wait', '60']);
    verify(run, () => {
      ok(run);
      expectPath(run, ['available', 'deploying', 'active']);
      expect(last(run)).toEqual(['active', null, null, null, false]);
    });
  }, STEP_MS + 30_000);

  it('node power on, node power off', async () => {
    let run = await cli(['node', 'power', 'on', RENAMED]);
    verify(run, () => {
      ok(run);
      expect(last(run)).toEqual(['active', null, 'power on', null, false]);
      for (const t of run.states) expect([null, 'power on']).toContain(t[3]);
    });
    run = await cli(['node', 'power', 'off', RENAMED]);
    verify(run, () => {
      ok(run);
      expect(last(run)).toEqual(['active', null, 'power off', null, false]);
      for (const t of run.states) expect([null, 'power off']).toContain(t[3]);
    });
  }, STEP_MS);

  it('node maintenance set --reason, node maintenance unset', async () => {
    let run = await cli(['node', 'maintenance', 'set', RENAMED, '--reason', 'cli test']);
    verify(run, () => {
      ok(run);
      expect(last(run)).toEqual(['active', null, 'power off', null, true]);
    });
    run = await cli(['node', 'show', RENAMED, '-f', 'json', '-c', 'maintenance', '-c', 'maintenance_reason']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toEqual({ maintenance: true, maintenance_reason: 'cli test' });
    });
    run = await cli(['node', 'maintenance', 'unset', RENAMED]);
    verify(run, () => {
      ok(run);
      expect(last(run)).toEqual(['active', null, 'power off', null, false]);
    });
  }, STEP_MS);

  it('node undeploy: active -> deleting -> cleaning -> available', async () => {
    const run = await cli(['node', 'undeploy', RENAMED]);
    verify(run, () => {
      ok(run);
      expectPath(run, ['active', 'deleting', 'cleaning', 'available']);
    });
  }, STEP_MS);

  it('node manage: available -> manageable', async () => {
    const run = await cli(['node', 'manage', RENAMED]);
    verify(run, () => {
      ok(run);
      expectPath(run, ['available', 'manageable']);
    });
  }, STEP_MS);

  it('node boot device, inject nmi, console, boot mode, secure boot, target RAID config', async () => {
    let run = await cli(['node', 'boot', 'device', 'set', RENAMED, 'pxe', '--persistent']);
    verify(run, () => ok(run));
    run = await cli(['node', 'boot', 'device', 'show', RENAMED, '-f', 'json']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toEqual({ boot_device: 'pxe', persistent: false });
    });
    run = await cli(['node', 'boot', 'device', 'show', '--supported', RENAMED, '-f', 'json']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toEqual({ supported_boot_devices: 'pxe' });
    });
    run = await cli(['node', 'inject', 'nmi', RENAMED]);
    verify(run, () => {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Driver fake-hardware does not support inject_nmi (disabled or not implemented). (HTTP 400)');
    });
    for (const action of ['enable', 'disable']) {
      run = await cli(['node', 'console', action, RENAMED]);
      verify(run, () => ok(run));
    }
    run = await cli(['node', 'console', 'show', RENAMED, '-f', 'json']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toEqual({ console_enabled: false, console_info: null });
    });
    for (const args of [['boot', 'mode', 'set', RENAMED, 'uefi'], ['secure', 'boot', 'on', RENAMED]]) {
      run = await cli(['node', ...args]);
      verify(run, () => ok(run));
    }
    run = await cli(['node', 'set', RENAMED, '--target-raid-config', '{"logical_disks": [{"size_gb": 10, "raid_level": "1"}]}']);
    verify(run, () => ok(run));
    run = await cli(['node', 'set', RENAMED, '--target-raid-config', '{"logical_disks": []}']);
    verify(run, () => {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('RAID config validation error: [] is too short (HTTP 400)');
    });
    run = await cli(['node', 'show', RENAMED, '-f', 'json', '-c', 'target_raid_config', '-c', 'boot_mode', '-c', 'secure_boot']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toEqual({ target_raid_config: { logical_disks: [{ size_gb: 10, raid_level: '1' }] }, boot_mode: null, secure_boot: null });
    });
    run = await cli(['node', 'unset', RENAMED, '--target-raid-config']);
    verify(run, () => ok(run));
  }, STEP_MS);

  it('node clean with bios.apply_configuration, node bios setting list and show', async () => {
    const steps = '[{"interface": "bios", "step": "apply_configuration", "args": {"settings": [{"name": "NumCores", "value": 4}, {"name": "Alpha", "value": "x"}]}}]';
    let run = await cli(['node', 'clean', RENAMED, '--clean-steps', steps, '--wait', '30']);
    verify(run, () => {
      ok(run);
      expectPath(run, ['manageable', 'cleaning', 'manageable']);
    });
    run = await cli(['node', 'bios', 'setting', 'list', RENAMED, '-f', 'json']);
    verify(run, () => {
      ok(run);
      expect(JSON.parse(run.stdout)).toEqual([
        { 'BIOS setting name': 'Alpha', 'BIOS setting value': 'x' },
        { 'BIOS setting name': 'NumCores', 'BIOS setting value': '4' },
      ]);
    });
    run = await cli(['node', 'bios', 'setting', 'show', RENAMED, 'NumCores', '-f', 'json']);
    verify(run, () => {
      ok(run);
      expect(json(run)).toMatchObject({ name: 'NumCores', value: '4', allowable_values: [], attribute_type: null, updated_at: null });
    });
    run = await cli(['node', 'bios', 'setting', 'show', RENAMED, 'Nope']);
    verify(run, () => {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Node ${uuid} doesn't have a BIOS setting 'Nope' (HTTP 404)`);
    });
  }, STEP_MS);

  it('node delete, then the node is gone', async () => {
    let run = await cli(['node', 'delete', RENAMED]);
    verify(run, () => {
      ok(run);
      expect(run.stdout + run.stderr).toContain(`Deleted node ${RENAMED}`);
    });
    expect((await getJson(api, `/v1/nodes/${uuid}`)).status).toBe(404);
    run = await cli(['node', 'show', uuid]);
    verify(run, () => {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Node ${uuid} could not be found. (HTTP 404)`);
    });
  }, STEP_MS);
});
