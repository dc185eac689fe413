/**
 * The Redfish power driver (libs/drivers) against the simulator over real HTTP: every power
 * target, reset-type fallbacks, basic and session auth, and each fault the simulator injects
 * turned into the right typed `RedfishError` or handled by re-reading `PowerState`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node, type PowerTarget } from '@ironledger/domain';
import { type ClosablePowerDriver, DriverError, hardwareTypes, RedfishError, type RedfishErrorKind, redfishPower, type RedfishOptions } from '../index.js';
import { redfishNode } from './test-node.js';
import { BmcSim } from '@ironledger/bmc-sim';

const SECRET = 'Sup3r-Secret-PW';
let sim: BmcSim;
const drivers: ClosablePowerDriver[] = [];

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 40, password: SECRET });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, password: SECRET, powerState: 'Off', dropSessions: true });
});
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});

/** A driver with quick polling; closed after each test. */
function driver(options: RedfishOptions = {}): ClosablePowerDriver {
  const created = redfishPower({ pollIntervalMs: 50, powerTimeoutSeconds: 5, requestTimeoutMs: 2000, ...options });
  drivers.push(created);
  return created;
}

function node(n: number, info: JsonObject = {}): Node {
  return redfishNode(n, { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: SECRET, redfish_auth_type: 'basic', ...info });
}

/** The error a promise rejects with, checked to be a `RedfishError` of that kind that keeps the password to itself. */
async function failure(promise: Promise<unknown>, kind: RedfishErrorKind): Promise<RedfishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RedfishError);
  expect(error).toBeInstanceOf(DriverError);
  expect([(error as RedfishError).kind, (error as Error).message]).toEqual([kind, expect.any(String)]);
  expect((error as Error).message).not.toContain(SECRET);
  expect((error as Error).message).not.toContain(Buffer.from(`admin:${SECRET}`).toString('base64'));
  return error as RedfishError;
}

const bmc = (n: number) => sim.bmcs[n - 1]!;
const later = (ms: number, action: () => void) => setTimeout(action, ms);

describe('reading power', () => {
  it('discovers the only system of a BMC and reads its PowerState', async () => {
    const redfish = driver();
    expect(await redfish.getPowerState(node(1))).toBe('power off');
    sim.control(1, { powerState: 'On' });
    expect(await redfish.getPowerState(node(1))).toBe('power on');
  });

  it('reads power flipped behind its back, and transitional states as Ironic does', async () => {
    const redfish = driver();
    sim.control(2, { powerState: 'On' });
    expect(await redfish.getPowerState(node(2))).toBe('power on');
    sim.control(2, { powerDelayMs: 10_000 });
    await redfish.setPowerState(node(2), 'power off', 0.2).catch(() => undefined);
    expect(await redfish.getPowerState(node(2))).toBe('power off'); // PoweringOff
  });

  it('uses redfish_system_id when set, relative to the BMC or at the root service', async () => {
    const redfish = driver();
    sim.control(3, { powerState: 'On' });
    expect(await redfish.getPowerState(node(3, { redfish_system_id: '/redfish/v1/Systems/3' }))).toBe('power on');
    expect(await redfish.getPowerState(node(3, { redfish_address: sim.url, redfish_password: SECRET, redfish_system_id: '/redfish/v1/Systems/3' }))).toBe('power on');
  });

  it('refuses to guess among many systems, in Ironic’s words', async () => {
    const error = await failure(driver().getPowerState(node(1, { redfish_address: sim.url })), 'invalid-config');
    expect(error.message).toBe(`Redfish get power state failed for node ${node(1).uuid}. Error: Failed at determining default for "ComputerSystem": System count is not exactly one`);
  });

  it('reads many BMCs at once', async () => {
    const redfish = driver();
    for (let n = 1; n <= 40; n += 2) sim.control(n, { powerState: 'On' });
    const states = await Promise.all(sim.bmcs.map((b) => redfish.getPowerState(node(b.index))));
    expect(states).toEqual(sim.bmcs.map((b) => (b.index % 2 === 1 ? 'power on' : 'power off')));
  });
});

describe('setting power', () => {
  it.each<[PowerTarget, 'On' | 'Off', string, string]>([
    ['power on', 'Off', 'On', 'power on'],
    ['power off', 'On', 'ForceOff', 'power off'],
    ['soft power off', 'On', 'GracefulShutdown', 'power off'],
    ['rebooting', 'On', 'ForceRestart', 'power on'],
    ['rebooting', 'Off', 'On', 'power on'],
    ['soft rebooting', 'On', 'GracefulRestart', 'power on'],
  ])('%s from %s sends %s and ends %s', async (target, from, resetType, result) => {
    sim.control(5, { powerState: from });
    const before = bmc(5).resets;
    expect(await driver().setPowerState(node(5), target)).toBe(result);
    expect([bmc(5).lastResetType, bmc(5).resets - before]).toEqual([resetType, 1]);
    expect(bmc(5).power).toBe(result === 'power on' ? 'On' : 'Off');
  });

  it('sends nothing when the system is already in the requested state', async () => {
    sim.control(5, { powerState: 'On' });
    const before = bmc(5).resets;
    expect(await driver().setPowerState(node(5), 'power on')).toBe('power on');
    expect(bmc(5).resets).toBe(before);
  });

  it('falls back to ForceOn, PowerCycle, or ForceOff then On, as the BMC allows', async () => {
    const redfish = driver();
    sim.control(6, { resetTypes: ['ForceOn', 'ForceOff'] });
    expect(await redfish.setPowerState(node(6), 'power on')).toBe('power on');
    expect(bmc(6).lastResetType).toBe('ForceOn');

    sim.control(6, { resetTypes: ['On', 'ForceOff', 'PowerCycle'] });
    await redfish.setPowerState(node(6), 'rebooting');
    expect(bmc(6).lastResetType).toBe('PowerCycle');

    sim.control(6, { resetTypes: ['On', 'ForceOff'], powerDelayMs: 150 });
    const before = bmc(6).resets;
    expect(await redfish.setPowerState(node(6), 'rebooting')).toBe('power on');
    expect([bmc(6).resets - before, bmc(6).lastResetType, bmc(6).power]).toEqual([2, 'On', 'On']);
  });

  it('reads the allowed reset types from @Redfish.ActionInfo when they are not inline', async () => {
    sim.control(6, { actionInfo: true, resetTypes: ['ForceOn', 'ForceOff'] });
    expect(await driver().setPowerState(node(6), 'power on')).toBe('power on');
    expect(bmc(6).lastResetType).toBe('ForceOn');
  });

  it('refuses a target the BMC has no reset type for, without sending one', async () => {
    sim.control(6, { resetTypes: ['On', 'ForceOff'], powerState: 'On' });
    const before = bmc(6).resets;
    const error = await failure(driver().setPowerState(node(6), 'soft power off', 1), 'unsupported');
    expect(error.message).toContain('it allows: On, ForceOff');
    expect(bmc(6).resets).toBe(before);
  });

  it('waits for a late power change, re-reading PowerState (PoweringOn meanwhile)', async () => {
    sim.control(7, { powerDelayMs: 400 });
    const started = Date.now();
    expect(await driver().setPowerState(node(7), 'power on')).toBe('power on');
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    expect(bmc(7).power).toBe('On');
  });

  it('waits for a late power change when the BMC shows the old state meanwhile', async () => {
    sim.control(7, { powerState: 'On', powerDelayMs: 400, powerDelayShows: 'old' });
    const started = Date.now();
    expect(await driver().setPowerState(node(7), 'power off')).toBe('power off');
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('fails with power-timeout when the change does not show in time', async () => {
    sim.control(8, { powerDelayMs: 5000 });
    const started = Date.now();
    const error = await failure(driver().setPowerState(node(8), 'power on', 0.5), 'power-timeout');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error.message).toBe(
      `Redfish set power state failed for node ${node(8).uuid} (target: power on). Error: PowerState did not become On within 0.5 s after ResetType On; it last showed "PoweringOn"`,
    );
  });

  it('keeps polling through a BMC that fails a few reads while it powers on', async () => {
    sim.control(9, { powerDelayMs: 400 });
    later(100, () => sim.control(9, { failStatus: 500, failCount: 3 }));
    expect(await driver().setPowerState(node(9), 'power on')).toBe('power on');
    expect(bmc(9).failStatus).toBe(0);
  });

  it('waits through a system already powering on instead of resetting it again', async () => {
    const redfish = driver();
    sim.control(10, { powerDelayMs: 300 });
    const before = bmc(10).resets;
    await redfish.setPowerState(node(10), 'power on', 0.05).catch(() => undefined);
    expect(await redfish.setPowerState(node(10), 'power on')).toBe('power on');
    expect(bmc(10).resets - before).toBe(1);
  });
});

describe('authentication', () => {
  it('opens one session, reuses it, logs in again after the BMC drops it, and deletes it on close', async () => {
    const redfish = redfishPower({ pollIntervalMs: 50 });
    const n = node(11, { redfish_auth_type: 'session' });
    expect(await redfish.getPowerState(n)).toBe('power off');
    await redfish.setPowerState(n, 'power on');
    const opened = (await fetch(`${sim.url}/control/bmc/11`).then((r) => r.json())) as { sessions: number };
    expect(opened.sessions).toBe(1);

    sim.control(11, { dropSessions: true });
    expect(await redfish.getPowerState(n)).toBe('power on');
    expect(((await fetch(`${sim.url}/control/bmc/11`).then((r) => r.json())) as { sessions: number }).sessions).toBe(1);

    await redfish.close();
    expect(((await fetch(`${sim.url}/control/bmc/11`).then((r) => r.json())) as { sessions: number }).sessions).toBe(0);
  });

  it('gives up deleting the sessions of BMCs that stopped answering after closeWithinMs, not after their request timeout', async () => {
    const redfish = redfishPower({ pollIntervalMs: 50, requestTimeoutMs: 5000, closeWithinMs: 300 });
    const hanging = [13, 14, 15];
    for (const n of [...hanging, 16]) expect(await redfish.getPowerState(node(n, { redfish_auth_type: 'session' }))).toBe('power off');
    for (const n of hanging) sim.control(n, { hang: true });

    const started = performance.now();
    await redfish.close();

    expect(performance.now() - started).toBeLessThan(2000);
    // The BMC that answers still had its session deleted.
    expect(((await fetch(`${sim.url}/control/bmc/16`).then((r) => r.json())) as { sessions: number }).sessions).toBe(0);
  });

  it('uses a session under auto', async () => {
    const redfish = driver();
    expect(await redfish.getPowerState(node(12, { redfish_auth_type: 'auto' }))).toBe('power off');
    expect(((await fetch(`${sim.url}/control/bmc/12`).then((r) => r.json())) as { sessions: number }).sessions).toBe(1);
  });

  it('falls back to basic auth under auto when the BMC has no SessionService, and fails under session', async () => {
    sim.control(12, { sessionService: false });
    expect(await driver().getPowerState(node(12, { redfish_auth_type: 'auto' }))).toBe('power off');
    await failure(driver().getPowerState(node(12, { redfish_auth_type: 'session' })), 'not-found');
  });

  it('falls back to basic auth under auto when a BMC without sessions answers the login with 401 (sushy-tools does), as sushy does', async () => {
    sim.control(15, { sessionService: false, authFirst: true });
    expect(await driver().getPowerState(node(15, { redfish_auth_type: 'auto' }))).toBe('power off');
    // Default auth type (auto), and a power change: what `manage` and `deploy` need.
    await driver().setPowerState(node(15, { redfish_auth_type: undefined as unknown as string }), 'power on');
    expect(bmc(15).power).toBe('On');
  });

  it('falls back under auto when the login is refused even though the root links sessions, and keeps refusing bad credentials', async () => {
    sim.control(16, { authFirst: true });
    expect(await driver().getPowerState(node(16, { redfish_auth_type: 'auto' }))).toBe('power off');
    await failure(driver().getPowerState(node(16, { redfish_auth_type: 'auto', redfish_password: 'wrong' })), 'auth');
  });

  it.each(['basic', 'session', 'auto'])('reports wrong credentials (%s) as auth, naming the user but not the password', async (authType) => {
    sim.control(13, { password: 'changed-on-the-bmc' });
    const error = await failure(driver().getPowerState(node(13, { redfish_auth_type: authType })), 'auth');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(new RegExp(`^Redfish get power state failed for node ${node(13).uuid}\\. Error: The BMC at ${sim.bmcUrl(13)} refused the credentials of user "admin" \\(HTTP 401`));
  });

  it('notices a password changed while its session is open', async () => {
    const redfish = driver();
    const n = node(14, { redfish_auth_type: 'session' });
    await redfish.getPowerState(n);
    sim.control(14, { password: 'rotated' });
    await failure(redfish.getPowerState(n), 'auth');
    expect(await redfish.getPowerState(node(14, { redfish_auth_type: 'session', redfish_password: 'rotated' }))).toBe('power off');
  });
});

describe('faults', () => {
  it('a hanging BMC times out per request', async () => {
    sim.control(15, { hang: true });
    const started = Date.now();
    const error = await failure(driver({ requestTimeoutMs: 300 }).getPowerState(node(15)), 'timeout');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.message).toMatch(/got no answer within 300 ms$/);
    sim.control(15, { hang: false });
  });

  it('a BMC that stops answering during a power change ends in power-timeout, saying why', async () => {
    sim.control(15, { powerDelayMs: 200 });
    later(50, () => sim.control(15, { hang: true }));
    const error = await failure(driver({ requestTimeoutMs: 200 }).setPowerState(node(15), 'power on', 1), 'power-timeout');
    expect(error.message).toMatch(/it last showed "PoweringOn"; then a read failed: HTTP GET \S+ got no answer within 200 ms$/);
    sim.control(15, { hang: false });
  });

  it('server errors are typed with their status and the BMC’s message', async () => {
    sim.control(16, { failStatus: 500 });
    const error = await failure(driver().getPowerState(node(16)), 'server');
    expect(error.status).toBe(500);
    expect(error.message).toContain('returned code 500. The request failed due to an internal service error');
  });

  it('a 503 before the reset fails the power change at once, sending no reset', async () => {
    const redfish = driver();
    await redfish.getPowerState(node(16));
    sim.control(16, { failStatus: 503, failCount: 2 });
    const before = bmc(16).resets;
    await failure(redfish.setPowerState(node(16), 'power on'), 'server');
    expect(bmc(16).resets).toBe(before);
  });

  it('malformed JSON is typed', async () => {
    sim.control(17, { garbled: true });
    const error = await failure(driver().getPowerState(node(17, { redfish_system_id: '/redfish/v1/Systems/17' })), 'malformed');
    expect(error.message).toContain(`answered GET ${sim.bmcUrl(17)}/redfish/v1/Systems/17 with malformed JSON`);
  });

  it('an unknown system is not-found, in Ironic’s words', async () => {
    const error = await failure(driver().getPowerState(node(18, { redfish_system_id: '/redfish/v1/Systems/99' })), 'not-found');
    expect(error.status).toBe(404);
    expect(error.message).toBe(`Redfish get power state failed for node ${node(18).uuid}. Error: Redfish exception occurred. Error: Resource ${sim.bmcUrl(18)}/redfish/v1/Systems/99 not found`);
  });

  it('a BMC nobody listens at is unreachable', async () => {
    const error = await failure(driver().getPowerState(node(19, { redfish_address: 'http://127.0.0.1:9' })), 'unreachable');
    expect(error.message).toContain('Unable to connect to http://127.0.0.1:9/redfish/v1');
  });

  it('flapping power is read as it is at each moment', async () => {
    const redfish = driver();
    sim.control(20, { flapMs: 80 });
    const seen = new Set<string | null>();
    for (let i = 0; i < 8; i++) {
      seen.add(await redfish.getPowerState(node(20)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toEqual(new Set(['power on', 'power off']));
  });

  it('validate refuses incomplete driver_info before any request', () => {
    expect(() => driver().validate(node(1, { redfish_password: '' }))).toThrow(`Missing the following Redfish properties in node ${node(1).uuid} driver_info: ['redfish_password']`);
  });
});

describe('the redfish hardware type', () => {
  it('is registered, and deploys a ramdisk instance from its ISO over virtual media, then tears it down', async () => {
    const hardware = hardwareTypes({ redfish: { pollIntervalMs: 50 } }).get('redfish')!;
    expect(hardware.name).toBe('redfish');
    const n: Node = { ...node(21), deploy_interface: 'ramdisk', boot_interface: 'redfish-virtual-media', instance_info: { boot_iso: 'http://images.example/live.iso' } };
    expect(await hardware.provisioning.deploy(n, 'start')).toEqual({ result: 'done', powerState: 'power on' });
    expect(bmc(21)).toMatchObject({ power: 'On', media: { Cd: { image: 'http://images.example/live.iso', inserted: true } }, bootTarget: 'Cd', bootEnabled: 'Continuous' });
    await hardware.provisioning.tearDown(n);
    expect(bmc(21).power).toBe('Off');
    expect(bmc(21).media.Cd).toBeUndefined();
    await (hardware as unknown as { close(): Promise<void> }).close();
  });
});

describe('over HTTPS', () => {
  let tlsSim: BmcSim;
  let dir: string;
  let ca: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bmc-sim-tls-'));
    ca = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', ca, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`The HTTPS tests make a self-signed certificate with the openssl command, which failed: ${(error as Error).message}`);
    }
    tlsSim = await BmcSim.start({ port: 0, systems: 2, tls: { key: readFileSync(key), cert: readFileSync(ca) } });
  });
  afterAll(async () => {
    await tlsSim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tlsNode = (info: JsonObject) =>
    redfishNode(1, { redfish_address: tlsSim.bmcUrl(1), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'session', ...info });

  it('refuses a certificate it cannot verify by default', async () => {
    expect(tlsSim.url).toMatch(/^https:/);
    const error = await failure(driver().getPowerState(tlsNode({})), 'tls');
    expect(error.message).toContain('redfish_verify_ca');
  });

  it('trusts the CA file given in redfish_verify_ca', async () => {
    expect(await driver().getPowerState(tlsNode({ redfish_verify_ca: ca }))).toBe('power off');
  });

  it('skips verification when redfish_verify_ca is false, and takes a bare host for https', async () => {
    const bare = tlsSim.bmcUrl(2).replace(/^https:\/\//, '');
    expect(await driver().getPowerState(tlsNode({ redfish_verify_ca: 'false', redfish_address: bare }))).toBe('power off');
  });
});
