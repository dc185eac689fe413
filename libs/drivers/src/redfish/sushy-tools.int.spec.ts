/**
 * The Redfish driver against OpenStack sushy-tools' emulator, the BMC emulator Ironic's own CI
 * drives (its fake systems driver, HTTP basic auth from an htpasswd file, bound to loopback),
 * besides the project's simulator. sushy-tools has no session service and answers a login with
 * 401: under the default `redfish_auth_type` (auto) the driver must fall back to basic auth, as
 * Ironic (sushy) does. Its fake driver here runs two systems, each with a manager of its own, as a
 * chassis of blades has: a node's virtual media must go to its own system's manager.
 *
 * What this commit of sushy-tools does not emulate is not tested against it: it has no session
 * service (so no session expiry), sends no `@odata.etag` (so no `If-Match` on PATCH), and its fake
 * driver has no BIOS (the libvirt driver's lacks `@Redfish.SettingsApplyTime`); the project's
 * simulator covers those.
 *
 * sushy-tools comes from `scripts/sushy-tools.sh install` (Debian's python3-flask and the
 * emulator's own repository, which the install clones); where it is not installed, this suite is
 * skipped and says why.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import { type JsonObject } from '@ironledger/domain';
import { redfishVirtualMediaBoot } from '../boot/virtual-media.js';
import { type ClosablePowerDriver, hardwareTypes, RedfishError, redfishPower } from '../index.js';
import { RedfishConnections } from './connections.js';
import { redfishManagement } from './management.js';
import { redfishNode } from './test-node.js';

jest.setTimeout(120_000);

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const PYTHON = '/usr/bin/python3';
const PASSWORD = 'Sushy-Tools-pw';
/** The fake driver's systems; each is its own manager's only system. */
const SYSTEMS = ['27946b59-9e44-4fa7-8e91-f3527a1ef094', '5a2c4f7e-3b1d-4c9a-9e8f-1d2c3b4a5f60'];
const ISO_BYTES = Buffer.from('not really an ISO, but sushy-tools only downloads it\n');

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
  let images: Server;
  let imagesUrl: string;
  const drivers: ClosablePowerDriver[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ironledger-sushy-'));
    // sushy-tools downloads what it is asked to insert, so the ISO must be served.
    images = createHttpServer((_request, response) => response.writeHead(200, { 'content-type': 'application/octet-stream', connection: 'close' }).end(ISO_BYTES));
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imagesUrl = `http://127.0.0.1:${(images.address() as { port: number }).port}`;
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
        `SUSHY_EMULATOR_FAKE_SYSTEMS = ${JSON.stringify(SYSTEMS.map((uuid, n) => ({ uuid, name: `fake-${n + 1}`, power_state: 'Off', nics: [{ mac: `00:5c:52:31:3a:9${n}`, ip: `172.22.0.10${n}` }] })))}`,
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
    await new Promise((resolve) => images.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const driver = () => {
    const created = redfishPower({ pollIntervalMs: 250, powerTimeoutSeconds: 30, requestTimeoutMs: 5000 });
    drivers.push(created);
    return created;
  };
  // The default auth type (auto), the first system.
  const node = (info: JsonObject = {}) => redfishNode(1, { redfish_address: url, redfish_system_id: `/redfish/v1/Systems/${SYSTEMS[0]}`, redfish_username: 'admin', redfish_password: PASSWORD, ...info });

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

  it('boots the ramdisk from the virtual CD of the manager of the node\'s own system, among several managers', async () => {
    const connections = new RedfishConnections({ requestTimeoutMs: 5000 });
    const management = redfishManagement(connections);
    const boot = redfishVirtualMediaBoot(connections, management);
    const second = { ...node({ redfish_system_id: `/redfish/v1/Systems/${SYSTEMS[1]}`, deploy_iso: `${imagesUrl}/ipa.iso` }), boot_interface: 'redfish-virtual-media' };
    const cdOf = async (system: string) => (await fetch(`${url}/redfish/v1/Systems/${system}/VirtualMedia/Cd`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } })).json() as Promise<JsonObject>;
    try {
      const managers = (await fetch(`${url}/redfish/v1/Managers`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } }).then((r) => r.json())) as { Members: unknown[] };
      expect(managers.Members).toHaveLength(2);
      await boot.prepareRamdisk(second, 'deploy');
      expect(await cdOf(SYSTEMS[1]!)).toMatchObject({ Image: `${imagesUrl}/ipa.iso`, Inserted: true });
      expect(await cdOf(SYSTEMS[0]!)).toMatchObject({ Inserted: false });
      // sushy-tools keeps no `BootSourceOverrideEnabled` (it always says `Continuous`), so only the device is checked.
      expect(await management.getBootDevice(second)).toMatchObject({ boot_device: 'cdrom' });
      await boot.cleanUpRamdisk(second);
      expect(await cdOf(SYSTEMS[1]!)).toMatchObject({ Inserted: false });
    } finally {
      await connections.close();
    }
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
