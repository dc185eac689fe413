import { describe, expect, it } from '@jest/globals';
import { DEFAULT_NODE_FIELDS, type JsonObject, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { type FakeBmc, fakeIpmitool } from './fake-ipmitool.js';
import { ipmiManagement } from './management.js';
import { type IpmiOptions, IpmiOutcomeUnknown, ipmiPower } from './power.js';

const PASSWORD = 'hunter2-secret';

const node = (port: number | string, info: JsonObject = {}): Node =>
  ({
    ...DEFAULT_NODE_FIELDS,
    uuid: `node-${port}`,
    driver: 'ipmi',
    driver_info: { ipmi_address: '127.0.0.1', ipmi_port: port, ipmi_username: 'admin', ipmi_password: PASSWORD, ...info },
    provision_state: 'manageable',
    power_state: null,
  }) as unknown as Node;

/** Fast settings for the fake; `passwordVia: 'env'` keeps the tests free of file I/O. */
const FAST: IpmiOptions = { passwordVia: 'env', retryDelayMs: 5, minCommandIntervalMs: 0, pollIntervalMs: 5, processTimeoutMs: 200, commandRetryTimeoutMs: 1_000 };

function setup(bmcs: Record<string, Partial<FakeBmc>>, options: IpmiOptions = {}) {
  const state = Object.fromEntries(Object.entries(bmcs).map(([port, bmc]) => [port, { power: 'off', password: PASSWORD, ...bmc } as FakeBmc]));
  const fake = fakeIpmitool(state);
  return { driver: ipmiPower({ ...FAST, exec: fake.exec, ...options }), fake, state };
}

async function failure(work: Promise<unknown>): Promise<DriverError> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DriverError);
  return error as DriverError;
}

describe('ipmiPower: reading power', () => {
  it('reads the power state and passes the password in the environment only', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on' } });
    expect(await driver.getPowerState(node(6230))).toBe('power on');
    const [call] = fake.calls;
    expect(call!.command).toBe('power status');
    expect(call!.password).toBe(PASSWORD);
    expect(call!.args).toContain('-E');
    expect(call!.args.join(' ')).not.toContain(PASSWORD);
  });

  it('fails on output it cannot read', async () => {
    const { driver } = setup({ 6230: { statusOutput: 'Chassis Power is unknown\n' } });
    expect((await failure(driver.getPowerState(node(6230)))).message).toBe(
      'IPMI power status on BMC 127.0.0.1:6230 printed no power state: "Chassis Power is unknown".',
    );
  });

  it('validates driver_info without calling the BMC, refusing cipher suite 0', () => {
    const { driver, fake } = setup({ 6230: {} });
    driver.validate(node(6230));
    expect(() => driver.validate(node(6230, { ipmi_cipher_suite: 0 }))).toThrow(/Refusing ipmi_cipher_suite 0 .* accepts any password/);
    expect(fake.calls).toHaveLength(0);
    expect(() => ipmiPower({ defaultCipherSuite: 0 })).toThrow(DriverError);
  });
});

describe('ipmiPower: power actions', () => {
  it('powers on and polls power status until the BMC shows it', async () => {
    const { driver, fake } = setup({ 6230: { lagReads: 2 } });
    expect(await driver.setPowerState(node(6230), 'power on')).toBe('power on');
    expect(fake.commands()).toEqual(['power on', 'power status', 'power status', 'power status']);
  });

  it('powers off', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on' } });
    expect(await driver.setPowerState(node(6230), 'power off')).toBe('power off');
    expect(fake.commands()).toEqual(['power off', 'power status']);
  });

  it('soft powers off with `power soft`', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on' } });
    expect(await driver.setPowerState(node(6230), 'soft power off')).toBe('power off');
    expect(fake.commands()).toEqual(['power soft', 'power status']);
  });

  it('reboots a node that is on as Ironic does: off, wait for off, on, wait for on', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on', lagReads: 1 } });
    expect(await driver.setPowerState(node(6230), 'rebooting')).toBe('power on');
    expect(fake.commands()).toEqual(['power status', 'power off', 'power status', 'power status', 'power on', 'power status', 'power status']);
  });

  it('reboots a node that is off by powering it on', async () => {
    const { driver, fake } = setup({ 6230: { power: 'off' } });
    expect(await driver.setPowerState(node(6230), 'rebooting')).toBe('power on');
    expect(fake.commands()).toEqual(['power status', 'power on', 'power status']);
  });

  it('soft reboots: soft off, then on', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on' } });
    expect(await driver.setPowerState(node(6230), 'soft rebooting')).toBe('power on');
    expect(fake.commands()).toEqual(['power soft', 'power status', 'power on', 'power status']);
  });

  it('gives up when the BMC never shows the state within the timeout', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on', ignoresSoft: true } }, { pollIntervalMs: 20 });
    const started = Date.now();
    const error = await failure(driver.setPowerState(node(6230), 'soft power off', 0.1));
    expect(error.message).toBe('Timed out after 0.1 s waiting for node node-6230 to reach power off: BMC 127.0.0.1:6230 still reports power on.');
    expect(Date.now() - started).toBeLessThan(400);
    expect(fake.commands().filter((c) => c === 'power status').length).toBeGreaterThanOrEqual(3);
  });
});

describe('ipmiPower: failures and retries', () => {
  it('retries a BMC error and succeeds', async () => {
    const { driver, fake } = setup({ 6230: { failures: 2, power: 'on' } });
    expect(await driver.getPowerState(node(6230))).toBe('power on');
    expect(fake.calls).toHaveLength(3);
  });

  it('reports the BMC error after maxAttempts tries', async () => {
    const { driver, fake } = setup({ 6230: { failures: 10 } }, { maxAttempts: 3 });
    const error = await failure(driver.setPowerState(node(6230), 'power on'));
    expect(error.message).toMatch(
      /^IPMI "power on" on BMC 127\.0\.0\.1:6230 failed: the BMC answered with an error: Unspecified error \(3 attempts in [\d.]+ s\)\. ipmitool: Set Chassis Power Control failed: Unspecified error$/,
    );
    expect(fake.calls).toHaveLength(3);
  });

  it('fails a wrong password at once, without retrying and without the password in the message', async () => {
    const { driver, fake } = setup({ 6230: { password: 'the-real-one' } });
    const error = await failure(driver.getPowerState(node(6230)));
    expect(error.message).toBe(
      'IPMI "power status" on BMC 127.0.0.1:6230 failed: authentication failed: the BMC rejected the password of user "admin". ipmitool: RAKP 2 HMAC is invalid; Error: Unable to establish IPMI v2 / RMCP+ session',
    );
    expect(error.message).not.toContain(PASSWORD);
    expect(fake.calls).toHaveLength(1);
  });

  it('kills a hung ipmitool and stops retrying within the command budget', async () => {
    const { driver, fake } = setup({ 6230: { frozen: true } }, { processTimeoutMs: 100, commandRetryTimeoutMs: 350, retryDelayMs: 10, maxAttempts: 5 });
    const started = Date.now();
    const error = await failure(driver.getPowerState(node(6230)));
    const elapsed = Date.now() - started;
    expect(error.message).toMatch(/^IPMI "power status" on BMC 127\.0\.0\.1:6230 failed: no answer within 100 ms, ipmitool killed \(BMC unreachable or hung\) \(3 attempts in [\d.]+ s\)$/);
    expect(elapsed).toBeLessThan(450);
    expect(fake.calls.map((c) => c.timeoutMs)).toEqual([100, 100, 100]);
  });

  it('never lets a process outlive the command budget', async () => {
    const { driver, fake } = setup({ 6230: { frozen: true } }, { processTimeoutMs: 1_000, commandRetryTimeoutMs: 150 });
    const started = Date.now();
    await failure(driver.getPowerState(node(6230)));
    expect(Date.now() - started).toBeLessThan(250);
    expect(fake.calls[0]!.timeoutMs).toBeLessThanOrEqual(150);
  });

  it('says so when ipmitool is missing, without retrying', async () => {
    const fake = fakeIpmitool({}, { missing: true });
    const driver = ipmiPower({ ...FAST, exec: fake.exec });
    expect((await failure(driver.getPowerState(node(6230)))).message).toBe(
      'IPMI "power status" on BMC 127.0.0.1:6230 failed: ipmitool is not installed (Debian package ipmitool)',
    );
  });

  it('fails a command that cannot get its turn at a busy BMC within the budget', async () => {
    const { driver } = setup({ 6230: { frozen: true } }, { processTimeoutMs: 300, commandRetryTimeoutMs: 300, maxAttempts: 1 });
    const first = failure(driver.getPowerState(node(6230)));
    const second = await failure(driver.getPowerState(node(6230)));
    expect(second.message).toMatch(/^IPMI "power status" on BMC 127\.0\.0\.1:6230 failed: no turn within 0\.3 s/);
    await first;
  });

  it('reports the BMC’s error, not the queue, when a retry cannot get its turn', async () => {
    const { driver } = setup({ 6230: { failures: 100, delayMs: 100 } }, { commandRetryTimeoutMs: 350, processTimeoutMs: 300, retryDelayMs: 10, maxAttempts: 5 });
    const errors = await Promise.all([failure(driver.getPowerState(node(6230))), failure(driver.getPowerState(node(6230)))]);
    for (const error of errors) expect(error.message).toContain('failed: the BMC answered with an error: Unspecified error');
  });
});

describe('ipmiPower: commands that act again when repeated', () => {
  it('sends a soft power off once when its answer is lost, and reads the power state instead', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on', lostAnswers: 1 } });
    expect(await driver.setPowerState(node(6230), 'soft power off')).toBe('power off');
    expect(fake.commands()).toEqual(['power soft', 'power status']);
  });

  it('sends it again when the first try never got a session, so never reached the BMC', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on', sessionFailures: 1 } });
    expect(await driver.setPowerState(node(6230), 'soft power off')).toBe('power off');
    expect(fake.commands()).toEqual(['power soft', 'power soft', 'power status']);
  });

  it('reports the BMC’s refusal of it at once, without sending it again', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on', failures: 1 } });
    const error = await failure(driver.setPowerState(node(6230), 'soft power off'));
    expect(error.message).toBe('IPMI "power soft" on BMC 127.0.0.1:6230 failed: the BMC answered with an error: Unspecified error. ipmitool: Set Chassis Power Control failed: Unspecified error');
    expect(fake.commands()).toEqual(['power soft']);
  });

  it('says that a lost soft power off was not sent again when the node never powers off', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on', lostAnswers: 1, ignoresSoft: true } }, { pollIntervalMs: 20 });
    const error = await failure(driver.setPowerState(node(6230), 'soft power off', 0.1));
    expect(error.message).toBe(
      'Timed out after 0.1 s waiting for node node-6230 to reach power off: BMC 127.0.0.1:6230 still reports power on. IPMI "power soft" on BMC 127.0.0.1:6230 failed: ' +
        'the BMC did not answer the command in time; not sent again, as the BMC may have carried it out. ipmitool: Unable to set Chassis Power Control to power soft; Close Session command failed',
    );
    expect(fake.commands().filter((command) => command === 'power soft')).toHaveLength(1);
  });

  it('injects an NMI once when its answer is lost, saying the outcome is unknown', async () => {
    const { driver, fake } = setup({ 6230: { power: 'on', lostAnswers: 1 } });
    const error = await failure(ipmiManagement(driver).injectNmi(node(6230)));
    expect(error).toBeInstanceOf(IpmiOutcomeUnknown);
    expect(error.message).toContain('IPMI "power diag" on BMC 127.0.0.1:6230 failed: the BMC did not answer the command in time; not sent again, as the BMC may have carried it out');
    expect(fake.commands()).toEqual(['power diag']);
  });

  it('keeps sending power on and off again after a lost answer: repeating them does no harm', async () => {
    const { driver, fake } = setup({ 6230: { power: 'off', lostAnswers: 2 } });
    expect(await driver.setPowerState(node(6230), 'power on')).toBe('power on');
    expect(await driver.setPowerState(node(6230), 'power off')).toBe('power off');
    expect(fake.commands()).toEqual(['power on', 'power on', 'power status', 'power off', 'power status']);
  });
});

describe('ipmiPower: concurrency', () => {
  it('runs at most maxConcurrent processes, one per BMC at a time', async () => {
    const ports = Array.from({ length: 8 }, (_, i) => 7000 + i);
    const { driver, fake } = setup(Object.fromEntries(ports.map((p) => [p, { delayMs: 10 }])), { maxConcurrent: 3 });
    const results = await Promise.all(ports.flatMap((p) => [driver.setPowerState(node(p), 'power on'), driver.getPowerState(node(p)), driver.getPowerState(node(p))]));
    expect(results.filter((r) => r === 'power on').length).toBeGreaterThanOrEqual(8);
    expect(fake.peak.total).toBe(3);
    expect(fake.peak.perBmc).toBe(1);
  });

  it('waits minCommandIntervalMs between commands to one BMC', async () => {
    const { driver, fake } = setup({ 6230: {}, 6231: {} }, { minCommandIntervalMs: 50 });
    await Promise.all([driver.getPowerState(node(6230)), driver.getPowerState(node(6230)), driver.getPowerState(node(6231))]);
    const [a, b] = fake.calls.filter((c) => c.port === '6230').map((c) => c.startedAt);
    expect(b! - a!).toBeGreaterThanOrEqual(48);
    const other = fake.calls.find((c) => c.port === '6231')!;
    expect(other.startedAt - a!).toBeLessThan(30);
  });
});
