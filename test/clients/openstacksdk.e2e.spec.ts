/**
 * openstacksdk from Debian (python3-openstacksdk 0.101) against ironledger: `sdk_walk.py` goes
 * through every family of the v1 API with the SDK's baremetal proxy, and `nova_flow.py` makes the
 * calls Nova's ironic driver makes for one instance (claim, validate, instance fields, VIFs,
 * deploy with a config drive, tear-down, detach, clear). Both scripts assert on what comes back
 * and exit non-zero at the first mismatch; their stderr is the failure message here.
 *
 * BAREMETAL_CLI_ENDPOINT=http://127.0.0.1:6385 runs the same scripts against another Ironic API
 * (e.g. Ironic 21.4 from Debian's packages) instead of starting ironledger.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningSystem, startSystem } from '../support/system.js';

/** Debian's interpreter: the one on PATH may be another Python without the openstack package. */
const PYTHON = '/usr/bin/python3';
const here = fileURLToPath(new URL('.', import.meta.url));
const external = process.env.BAREMETAL_CLI_ENDPOINT;
const installed = spawnSync(PYTHON, ['-c', 'import openstack.baremetal.v1._proxy'], { encoding: 'utf8' }).status === 0;

let system: RunningSystem | undefined;
const endpoint = () => external ?? system!.baseUrl;

interface ScriptRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one of the scripts against the endpoint (asynchronously: the gateway runs in this process's children). */
function runScript(script: string): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [`${here}${script}`, endpoint()], { env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The script's summary, or a failure that shows its stderr (and the system's logs when ironledger ran). */
function passed(run: ScriptRun): { checks: number; checked: string[]; network_interface: string } {
  if (run.code !== 0) {
    const logs = system ? `\n--- ironledger logs (tail)\n${system.logs().slice(-4000)}` : '';
    throw new Error(`exit ${run.code}\n--- stderr\n${run.stderr}\n--- stdout\n${run.stdout.slice(-2000)}${logs}`);
  }
  return JSON.parse(run.stdout) as { checks: number; checked: string[]; network_interface: string };
}

beforeAll(async () => {
  if (installed && !external) system = await startSystem();
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const title = `openstacksdk 0.101 against ${external ?? 'ironledger'}`;
(installed ? describe : describe.skip)(installed ? title : `${title}: skipped, ${PYTHON} cannot import openstack (apt-get install python3-openstacksdk)`, () => {
  it('walks every v1 family through the baremetal proxy', async () => {
    const summary = passed(await runScript('sdk_walk.py'));
    expect(summary.checked).toEqual(
      expect.arrayContaining([
        'create_node reaches available',
        'nodes?shard= lists the sharded node',
        'validate_node: boot, deploy, power and management pass',
        'set, add and remove traits',
        'create_port with portgroup_uuid',
        'create_allocation and wait_for_allocation',
        'a backfilled allocation is active at once',
        'create_deploy_template keeps its steps',
        'update and patch a volume target',
        'deleted chassis: 404',
      ]),
    );
    expect(summary.checks).toBeGreaterThan(90);
  }, 300_000);

  it('serves a Nova-style instance: deploy with a config drive, tear down, detach, clear', async () => {
    const summary = passed(await runScript('nova_flow.py'));
    expect(summary.checked).toEqual(
      expect.arrayContaining(['the config drive is stored but masked', 'torn down and cleaned: available', 'instance_uuid and instance_info cleared', 'the node is offered again', 'the instance takes another node at once']),
    );
    // ironledger offers the flat network interface, so VIFs are bound to ports; the reference Ironic has noop only.
    if (!external) expect(summary.network_interface).toBe('flat');
  }, 300_000);
});
