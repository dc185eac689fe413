/**
 * The Redfish driver against OpenStack sushy-tools' emulator, the BMC emulator Ironic's own CI
 * drives (its fake systems driver, HTTP basic auth from an htpasswd file, bound to loopback),
 * besides the project's simulator. sushy-tools has no session service and answers a login with
 * 401: under the default `redfish_auth_type` (auto) the driver must fall back to basic auth, as
 * Ironic (sushy) does.
 *
 * sushy-tools comes from `scripts/sushy-tools.sh install` (Debian's python3-flask and the
 * emulator's own repository, which the install clones); where it is not installed, this suite is
 * skipped and says why.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import { type JsonObject } from '@ironledger/domain';
import { type ClosablePowerDriver, hardwareTypes, RedfishError, redfishPower } from '../index.js';
import { redfishNode } from './test-node.js';

jest.setTimeout(120_000);

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const PYTHON = '/usr/bin/python3';
const PASSWORD = 'Sushy-Tools-pw';

/** Where sushy-tools' source is installed, or why it cannot run here. */
function sushyTools(): { source: string } | { missing: string } {
  let source: string;
  try {
    source = execFileSync('bash', [`${ROOT}/scripts/sushy-tools.sh`, 'path'], { encoding: 'utf8' }).trim();
  } catch {
    return { missing: 'sushy-tools is not installed (run `bash scripts/sushy-tools.sh install`)' };
  }
  try {
    execFileSync(PYTHON, ['-c', 'import flask, webob, bcrypt, tenacity, requests'], { stdio: 'ignore' });
  } catch {
    return { missing: `${PYTHON} lacks sushy-tools' Debian dependencies (run \`bash scripts/sushy-tools.sh install\`)` };
  }
  return { source };
}

const found = sushyTools();
const TITLE = 'the Redfish driver against sushy-tools';
// Said on stderr too, which jest shows even for a suite whose tests are all skipped.
if ('missing' in found) process.stderr.write(`sushy-tools suite SKIPPED: ${found.missing}\n`);

('source' in found ? describe : describe.skip)('missing' in found ? `${TITLE}: SKIPPED, ${found.missing}` : TITLE, () => {
  let emulator: ChildProcess | undefined;
  let dir: string;
  let url: string;
  let output = '';
  const drivers: ClosablePowerDriver[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ironledger-sushy-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    writeFileSync(join(dir, 'htpasswd'), `admin:${bcrypt.hashSync(PASSWORD, 4)}\n`);
    // Its documented settings; the fake systems driver keeps its state in this run's directory.
    writeFileSync(
      join(dir, 'emulator.conf'),
      [
        `SUSHY_EMULATOR_LISTEN_IP = '127.0.0.1'`,
        `SUSHY_EMULATOR_LISTEN_PORT = ${port}`,
        `SUSHY_EMULATOR_AUTH_FILE = '${join(dir, 'htpasswd')}'`,
        `SUSHY_EMULATOR_FAKE_DRIVER = True`,
        `SUSHY_EMULATOR_STATE_DIR = '${dir}'`,
      ].join('\n'),
    );
    emulator = spawn(PYTHON, ['-m', 'sushy_tools.emulator.main', '--config', join(dir, 'emulator.conf'), '--fake'], {
      cwd: dir,
      env: { ...process.env, PYTHONPATH: (found as { source: string }).source },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    emulator.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    emulator.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if ((await fetch(`${url}/redfish/v1/`).then((r) => r.ok, () => false))) break;
      if (Date.now() > deadline || emulator.exitCode !== null) throw new Error(`sushy-tools did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await Promise.all(drivers.map((driver) => driver.close()));
    if (emulator && emulator.exitCode === null) {
      const exited = new Promise((resolve) => emulator!.once('exit', resolve));
      emulator.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const driver = () => {
    const created = redfishPower({ pollIntervalMs: 250, powerTimeoutSeconds: 30, requestTimeoutMs: 5000 });
    drivers.push(created);
    return created;
  };
  // The default auth type (auto), the system discovered from the BMC's only member.
  const node = (info: JsonObject = {}) => redfishNode(1, { redfish_address: url, redfish_username: 'admin', redfish_password: PASSWORD, ...info });

  it('verifies the credentials (what `manage` does) under the default auth type, falling back to basic auth', async () => {
    const power = driver();
    power.validate(node());
    expect(await power.getPowerState(node())).toBe('power off');
  });

  it('powers the system on and off (what deployments and tear-down end with)', async () => {
    const hardware = hardwareTypes({ redfish: { pollIntervalMs: 250, powerTimeoutSeconds: 30, requestTimeoutMs: 5000 } }).get('redfish')!;
    try {
      expect(await hardware.power.setPowerState(node(), 'power on')).toBe('power on');
      expect(await hardware.power.getPowerState(node())).toBe('power on');
      expect(await hardware.provisioning.tearDown({ ...node(), boot_interface: 'pxe' })).toEqual({ result: 'done', powerState: 'power off' });
    } finally {
      await hardware.close?.();
    }
  });

  it('refuses wrong credentials as an auth error that keeps the password to itself', async () => {
    const error = await driver().getPowerState(node({ redfish_password: 'wrong-password' })).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RedfishError);
    expect((error as RedfishError).kind).toBe('auth');
    expect((error as Error).message).not.toContain('wrong-password');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
