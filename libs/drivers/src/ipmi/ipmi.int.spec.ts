/**
 * The ipmi driver against real BMC simulators (OpenIPMI's ipmi_sim) through the real ipmitool.
 * scripts/ipmi-sim.sh starts them on free UDP ports, installing Debian's openipmi and ipmitool
 * when missing; when that fails the whole suite fails, saying why.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DEFAULT_NODE_FIELDS, type JsonObject, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { ipmiManagement } from './management.js';
import { type IpmiOptions, ipmiPower } from './power.js';
import { ipmiVendor } from './vendor.js';

const run = promisify(execFile);
// Each ipmitool call to ipmi_sim takes a few hundred ms and a test makes up to a dozen: more than
// jest's default 5 s on a loaded machine (the boot-device test once took longer in CI).
jest.setTimeout(30_000);

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const script = join(root, 'scripts/ipmi-sim.sh');
const USER = 'admin';
const PASSWORD = 'Ir0nLedger-bmc';
const SIMS = 8;

interface Sim {
  readonly port: number;
  readonly pid: number;
  readonly dir: string;
}

let sims: Sim[] = [];
let tools: string;

beforeAll(async () => {
  try {
    const { stdout } = await run('bash', [script, 'start', String(SIMS)], { env: { ...process.env, IPMI_SIM_USER: USER, IPMI_SIM_PASS: PASSWORD }, timeout: 600_000 });
    sims = stdout.trim().split('\n').map((line) => {
      const [port, pid, dir] = line.split(' ');
      return { port: Number(port), pid: Number(pid), dir: dir! };
    });
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(
      `The ipmi integration suite needs OpenIPMI's ipmi_sim and ipmitool, and could not start them with \`bash scripts/ipmi-sim.sh start ${SIMS}\` ` +
        `(it installs the Debian packages openipmi and ipmitool when missing; run \`bash scripts/ipmi-sim.sh install\` as root):\n${stderr || message}`,
    );
  }
  expect(sims).toHaveLength(SIMS);
  tools = mkdtempSync(join(tmpdir(), 'ipmi-int-'));
}, 600_000);

afterAll(async () => {
  if (sims.length) await run('bash', [script, 'stop', ...sims.map((s) => String(s.port))]);
  if (tools) rmSync(tools, { recursive: true, force: true });
});

beforeEach(() => {
  for (const sim of sims) {
    writeFileSync(join(sim.dir, 'power'), '0\n');
    writeFileSync(join(sim.dir, 'boot'), 'default\n');
    rmSync(join(sim.dir, 'fail'), { force: true });
    rmSync(join(sim.dir, 'delay'), { force: true });
  }
});

const node = (sim: Sim, info: JsonObject = {}): Node =>
  ({
    ...DEFAULT_NODE_FIELDS,
    uuid: `node-${sim.port}`,
    driver: 'ipmi',
    driver_info: { ipmi_address: '127.0.0.1', ipmi_port: sim.port, ipmi_username: USER, ipmi_password: PASSWORD, ...info },
    provision_state: 'manageable',
    power_state: null,
  }) as unknown as Node;

/** The test's driver: Ironic-like defaults but quick polling. */
const driver = (options: IpmiOptions = {}) => ipmiPower({ pollIntervalMs: 200, ...options });

const power = (sim: Sim) => readFileSync(join(sim.dir, 'power'), 'utf8').trim();
const events = (sim: Sim) => readFileSync(join(sim.dir, 'events'), 'utf8').trim().split('\n').filter(Boolean).map((line) => line.split(' ').slice(1).join(' '));
const clearEvents = (sim: Sim) => writeFileSync(join(sim.dir, 'events'), '');

async function failure(work: Promise<unknown>): Promise<DriverError> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DriverError);
  return error as DriverError;
}

async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const value = await work;
  return [value, Date.now() - started];
}

/** A shell script standing in for ipmitool: it runs `body`, then the real one. */
function wrapper(name: string, body: string): string {
  const path = join(tools, name);
  writeFileSync(path, `#!/bin/bash\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** ipmitool processes still running (not zombies) against a sim, read from /proc. */
function ipmitoolsFor(sim: Sim): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        const state = /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
        return /ipmitool$/.test(argv[0] ?? '') && argv.includes(String(sim.port)) && state !== 'Z' ? [argv.join(' ')] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

describe('ipmi driver against ipmi_sim', () => {
  it('reads the power state, including a change made out of band', async () => {
    const ipmi = driver();
    const sim = sims[0]!;
    expect(await ipmi.getPowerState(node(sim))).toBe('power off');
    writeFileSync(join(sim.dir, 'power'), '1\n'); // someone pressed the power button
    expect(await ipmi.getPowerState(node(sim))).toBe('power on');
    expect(await ipmi.setPowerState(node(sim), 'power off')).toBe('power off');
    writeFileSync(join(sim.dir, 'power'), '1\n');
    expect(await ipmi.getPowerState(node(sim))).toBe('power on');
  });

  it('powers on and off', async () => {
    const ipmi = driver();
    const sim = sims[0]!;
    clearEvents(sim);
    expect(await ipmi.setPowerState(node(sim), 'power on')).toBe('power on');
    expect(power(sim)).toBe('1');
    expect(await ipmi.setPowerState(node(sim), 'power off')).toBe('power off');
    expect(power(sim)).toBe('0');
    expect(events(sim)).toEqual(['power 1', 'power 0']);
  });

  it('soft powers off through an ACPI shutdown request', async () => {
    const ipmi = driver();
    const sim = sims[0]!;
    await ipmi.setPowerState(node(sim), 'power on');
    clearEvents(sim);
    expect(await ipmi.setPowerState(node(sim), 'soft power off')).toBe('power off');
    expect(events(sim)).toEqual(['shutdown 1']);
  });

  it('sends a soft power off once when the BMC answers it too late, and finds the node off by its power state', async () => {
    const ipmi = driver();
    const sim = sims[0]!;
    await ipmi.setPowerState(node(sim), 'power on');
    clearEvents(sim);
    // The chassis hook holds its answer to the shutdown request for 4 s, past ipmitool's own timeout (once).
    writeFileSync(join(sim.dir, 'delay'), 'shutdown 4\n');
    expect(await ipmi.setPowerState(node(sim), 'soft power off')).toBe('power off');
    expect(events(sim)).toEqual(['shutdown 1']);
    expect(power(sim)).toBe('0');
  });

  it('sends power on again when its answer came too late: a second one does no harm', async () => {
    const ipmi = driver();
    const sim = sims[0]!;
    clearEvents(sim);
    writeFileSync(join(sim.dir, 'delay'), 'power 4\n');
    expect(await ipmi.setPowerState(node(sim), 'power on')).toBe('power on');
    expect(power(sim)).toBe('1');
    const sent = events(sim);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent)).toEqual(new Set(['power 1']));
  });

  it('reboots: off, then on, as Ironic does; a node that is off is just powered on', async () => {
    const ipmi = driver();
    const sim = sims[0]!;
    writeFileSync(join(sim.dir, 'power'), '1\n');
    clearEvents(sim);
    expect(await ipmi.setPowerState(node(sim), 'rebooting')).toBe('power on');
    expect(events(sim)).toEqual(['power 0', 'power 1']);
    expect(power(sim)).toBe('1');

    writeFileSync(join(sim.dir, 'power'), '0\n');
    clearEvents(sim);
    expect(await ipmi.setPowerState(node(sim), 'rebooting')).toBe('power on');
    expect(events(sim)).toEqual(['power 1']);
  });

  it('soft reboots: soft off, then on', async () => {
    const ipmi = driver();
    const sim = sims[0]!;
    writeFileSync(join(sim.dir, 'power'), '1\n');
    clearEvents(sim);
    expect(await ipmi.setPowerState(node(sim), 'soft rebooting')).toBe('power on');
    expect(events(sim)).toEqual(['shutdown 1', 'power 1']);
  });

  it('fails a wrong password fast, with a clear message and without the password', async () => {
    const ipmi = driver();
    const sim = sims[1]!;
    const wrong = 'not-the-password';
    const [error, ms] = await timed(failure(ipmi.getPowerState(node(sim, { ipmi_password: wrong }))));
    expect(error.message).toBe(
      `IPMI "power status" on BMC 127.0.0.1:${sim.port} failed: authentication failed: the BMC rejected the password of user "admin". ipmitool: RAKP 2 HMAC is invalid; Error: Unable to establish IPMI v2 / RMCP+ session`,
    );
    expect(error.message).not.toContain(wrong);
    expect(ms).toBeLessThan(1_000);

    const unknown = await failure(ipmi.getPowerState(node(sim, { ipmi_username: 'nobody' })));
    expect(unknown.message).toContain('authentication failed: the BMC does not know user "nobody"');
  });

  it('refuses cipher suite 0 before talking to the BMC, and names a suite the BMC lacks', async () => {
    const ipmi = driver();
    const sim = sims[1]!;
    expect(() => ipmi.validate(node(sim, { ipmi_cipher_suite: 0 }))).toThrow(/suite 0 has no authentication, so the BMC accepts any password/);
    await expect(ipmi.getPowerState(node(sim, { ipmi_cipher_suite: 0, ipmi_password: 'anything' }))).rejects.toThrow(/Refusing ipmi_cipher_suite 0/);
    const error = await failure(ipmi.getPowerState(node(sim, { ipmi_cipher_suite: 17 })));
    expect(error.message).toContain('the BMC does not support cipher suite 17');
  });

  it('reports a failing BMC ("Unspecified error") after its retries, and recovers', async () => {
    const ipmi = driver({ retryDelayMs: 100 });
    const sim = sims[2]!;
    writeFileSync(join(sim.dir, 'fail'), '');
    const read = await failure(ipmi.getPowerState(node(sim)));
    expect(read.message).toMatch(
      new RegExp(`^IPMI "power status" on BMC 127\\.0\\.0\\.1:${sim.port} failed: the BMC answered with an error: Unspecified error \\(3 attempts in [\\d.]+ s\\)\\. ipmitool: Get Chassis Power Status failed: Unspecified error$`),
    );
    const set = await failure(ipmi.setPowerState(node(sim), 'power on'));
    expect(set.message).toContain('Set Chassis Power Control to Up/On failed: Unspecified error');
    unlinkSync(join(sim.dir, 'fail'));
    expect(await ipmi.getPowerState(node(sim))).toBe('power off');
  });

  it('gives up on a frozen BMC within the command budget, and reads it again once it thaws', async () => {
    const [slow, hung] = [sims[3]!, sims[5]!];
    for (const sim of [slow, hung]) process.kill(sim.pid, 'SIGSTOP');
    try {
      const both = Promise.all([
        // Defaults: ipmitool itself gives up after ~2 s (-R 1 -N 1); three tries within 10 s.
        timed(failure(driver().getPowerState(node(slow)))),
        // A process limit below ipmitool's own timeout: the driver kills it.
        timed(failure(driver({ processTimeoutMs: 800, commandRetryTimeoutMs: 2_500, retryDelayMs: 200 }).getPowerState(node(hung)))),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ipmitoolsFor(hung)).toHaveLength(1);
      const [[error, ms], [killed, killedMs]] = await both;
      expect(error.message).toMatch(/failed: no answer from the BMC \(unreachable, or not listening for IPMI\) \(3 attempts in [\d.]+ s\)\. ipmitool: Get Auth Capabilities error/);
      expect(ms).toBeGreaterThan(5_000);
      expect(ms).toBeLessThanOrEqual(10_500);
      expect(killed.message).toMatch(/failed: no answer within 800 ms, ipmitool killed \(BMC unreachable or hung\) \(2 attempts in [\d.]+ s\)$/);
      expect(killedMs).toBeLessThan(2_700);
      expect(ipmitoolsFor(hung)).toEqual([]);
    } finally {
      for (const sim of [slow, hung]) process.kill(sim.pid, 'SIGCONT');
    }
    expect(await driver().getPowerState(node(slow))).toBe('power off');
    expect(await driver().getPowerState(node(hung))).toBe('power off');
  }, 30_000);

  it('never puts the password in ipmitool’s argument list: a 0600 file in a private directory, removed after', async () => {
    const log = join(tools, 'argv.log');
    const ipmitool = wrapper(
      'argv-ipmitool',
      `{ printf 'ARGS'; printf ' %s' "$@"; printf '\\n'
  prev=; for a in "$@"; do [ "$prev" = -f ] && printf 'FILE %s %s %s\\n' "$a" "$(stat -c %a "$a")" "$(stat -c %a "$(dirname "$a")")"; prev=$a; done
  printf 'ENV %s\\n' "\${IPMI_PASSWORD-unset}"; } >> ${log}
exec ipmitool "$@"`,
    );
    const sim = sims[4]!;
    expect(await driver({ ipmitool }).setPowerState(node(sim), 'power on')).toBe('power on');
    const fileRun = readFileSync(log, 'utf8').trim().split('\n');
    const argv = fileRun.filter((line) => line.startsWith('ARGS'));
    expect(argv.length).toBeGreaterThanOrEqual(2);
    for (const line of argv) {
      expect(line).not.toContain(PASSWORD);
      expect(line).toContain(` -f `);
      expect(line).not.toContain(' -P ');
    }
    const files = fileRun.filter((line) => line.startsWith('FILE')).map((line) => line.split(' '));
    expect(files).toHaveLength(argv.length);
    for (const [, path, mode, dirMode] of files) {
      expect([mode, dirMode]).toEqual(['600', '700']);
      expect(existsSync(path!)).toBe(false);
    }
    expect(fileRun.filter((line) => line.startsWith('ENV'))).toEqual(argv.map(() => 'ENV unset'));

    writeFileSync(log, '');
    expect(await driver({ ipmitool, passwordVia: 'env' }).setPowerState(node(sim), 'power off')).toBe('power off');
    const envRun = readFileSync(log, 'utf8').trim().split('\n');
    for (const line of envRun.filter((l) => l.startsWith('ARGS'))) {
      expect(line).not.toContain(PASSWORD);
      expect(line).toMatch(/ -E power (off|status)$/);
    }
    expect(envRun.filter((line) => line.startsWith('ENV'))).toContain(`ENV ${PASSWORD}`);
  });

  it('runs several BMCs in parallel within maxConcurrent, one command at a time per BMC', async () => {
    const log = join(tools, 'trace.log');
    const ipmitool = wrapper(
      'trace-ipmitool',
      `port=; prev=; for a in "$@"; do [ "$prev" = -p ] && port=$a; prev=$a; done
echo "$(date +%s%N) start $port" >> ${log}
ipmitool "$@"; rc=$?
echo "$(date +%s%N) end $port" >> ${log}
exit $rc`,
    );
    const ipmi = driver({ ipmitool, maxConcurrent: 3, minCommandIntervalMs: 20, pollIntervalMs: 100 });
    const results = await Promise.all(
      sims.flatMap((sim) => [ipmi.setPowerState(node(sim), 'power on'), ipmi.getPowerState(node(sim)), ipmi.getPowerState(node(sim))]),
    );
    expect(results.every((r) => r === 'power on' || r === 'power off')).toBe(true);
    expect(sims.map(power)).toEqual(sims.map(() => '1'));

    const trace = readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' ')).sort((a, b) => Number(BigInt(a[0]!) - BigInt(b[0]!)));
    let running = 0;
    let peak = 0;
    const perBmc = new Map<string, number>();
    for (const [, what, port] of trace) {
      const delta = what === 'start' ? 1 : -1;
      running += delta;
      perBmc.set(port!, (perBmc.get(port!) ?? 0) + delta);
      expect(perBmc.get(port!)).toBeLessThanOrEqual(1);
      peak = Math.max(peak, running);
    }
    expect(trace.length).toBeGreaterThanOrEqual(SIMS * 4 * 2);
    expect(peak).toBeGreaterThanOrEqual(2);
    expect(peak).toBeLessThanOrEqual(3);
  });
});

/**
 * What ipmi_sim (OpenIPMI 2.0.33) does with the management commands: it keeps the boot device
 * selector but drops the flags byte (so every boot device reads back as one-time and legacy, and
 * `persistent` is never seen), refuses the Safe-Mode and floppy selectors, answers `power diag`
 * with "Invalid data field in request" (no NMI), and passes `chassis identify` to its chassis hook
 * without reporting the identify state in Get Chassis Status.
 */
describe('ipmi management against ipmi_sim', () => {
  const management = (options: IpmiOptions = {}) => ipmiManagement(driver(options));
  const boot = (sim: Sim) => readFileSync(join(sim.dir, 'boot'), 'utf8').trim();

  /** ipmitool that logs each command (what follows the password file) to `log`. */
  const logging = (name: string, log: string) => wrapper(name, `printf '%s\\n' "$*" >> ${log}\nexec ipmitool "$@"`);
  const logged = (log: string) => readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' -f ')[1]!.split(' ').slice(1).join(' '));

  it('sets the boot device with chassis bootdev, after disabling the boot-flag timeout, and reads it back', async () => {
    const log = join(tools, 'bootdev.log');
    const sim = sims[6]!;
    const ipmi = management({ ipmitool: logging('bootdev-ipmitool', log) });
    clearEvents(sim);
    await ipmi.setBootDevice(node(sim), 'pxe', false);
    expect(boot(sim)).toBe('pxe');
    expect(await ipmi.getBootDevice(node(sim))).toEqual({ boot_device: 'pxe', persistent: false });
    await ipmi.setBootDevice(node(sim), 'cdrom', true);
    expect(await ipmi.getBootDevice(node(sim))).toEqual({ boot_device: 'cdrom', persistent: false }); // ipmi_sim forgets "persistent"
    await ipmi.setBootDevice(node(sim, { ipmi_disable_boot_timeout: false }), 'bios', false);
    expect(await ipmi.getBootDevice(node(sim))).toEqual({ boot_device: 'bios', persistent: false });
    await ipmi.setBootDevice(node(sim), 'disk', true);
    expect(boot(sim)).toBe('default');
    expect(await ipmi.getBootDevice(node(sim))).toEqual({ boot_device: 'disk', persistent: false });
    expect(events(sim)).toEqual(['boot pxe', 'boot cdrom', 'boot bios', 'boot default']);
    expect(logged(log).filter((command) => !command.includes('bootparam'))).toEqual([
      'raw 0x00 0x08 0x03 0x08',
      'chassis bootdev pxe options=efiboot',
      'raw 0x00 0x08 0x03 0x08',
      'chassis bootdev cdrom options=persistent,efiboot',
      'chassis bootdev bios options=efiboot',
      'raw 0x00 0x08 0x03 0x08',
      'chassis bootdev disk options=persistent,efiboot',
    ]);
  });

  it('asks for a legacy BIOS boot when the node boots in BIOS mode', async () => {
    const log = join(tools, 'legacy.log');
    const sim = sims[6]!;
    const legacy = { ...node(sim, { ipmi_disable_boot_timeout: false }), properties: { capabilities: 'boot_mode:bios' } };
    await management({ ipmitool: logging('legacy-ipmitool', log) }).setBootDevice(legacy, 'pxe', true);
    expect(logged(log)).toEqual(['chassis bootdev pxe options=persistent']);
  });

  it('reports what ipmi_sim refuses: the Safe-Mode selector, an NMI, and every chassis request while failing', async () => {
    const sim = sims[7]!;
    const ipmi = management({ retryDelayMs: 100 });
    const safe = await failure(ipmi.setBootDevice(node(sim), 'safe', false));
    expect(safe.message).toBe(`IPMI "chassis bootdev safe options=efiboot" on BMC 127.0.0.1:${sim.port} failed: the BMC answered with an error: Unspecified error`);
    const nmi = await failure(ipmi.injectNmi(node(sim)));
    expect(nmi.message).toMatch(new RegExp(`^IPMI "power diag" on BMC 127\\.0\\.0\\.1:${sim.port} failed: the BMC answered with an error: Invalid data field in request`));
    writeFileSync(join(sim.dir, 'fail'), '');
    expect((await failure(ipmi.setBootDevice(node(sim), 'pxe', false))).message).toContain('failed: the BMC answered with an error: Unspecified error');
    expect((await failure(ipmi.getBootDevice(node(sim)))).message).toContain('Get Chassis Boot Parameter 5 failed: Unspecified error');
  });

  it('turns the chassis identify LED on and off; ipmi_sim does not report its state', async () => {
    const sim = sims[7]!;
    const ipmi = management();
    clearEvents(sim);
    await ipmi.setIndicatorState(node(sim), 'chassis', 'identify', 'on');
    await ipmi.setIndicatorState(node(sim), 'chassis', 'identify', 'off');
    expect(events(sim)).toEqual(['identify 0 1', 'identify 0 0']);
    expect(await ipmi.getIndicatorState(node(sim), 'chassis', 'identify')).toBe('unknown');
    await expect(ipmi.setIndicatorState(node(sim), 'system', 'identify', 'on')).rejects.toThrow(`Unknown indicator identify for component system of node node-${sim.port}`);
  });
});

describe('ipmitool vendor methods against ipmi_sim', () => {
  const vendor = (options: IpmiOptions = {}) => ipmiVendor(driver(options));
  /** ipmitool that logs each command (what follows the password file) to `log`. */
  const logging = (name: string, log: string) => wrapper(name, `printf '%s\\n' "$*" >> ${log}\nexec ipmitool "$@"`);
  const logged = (log: string) => readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' -f ')[1]!.split(' ').slice(1).join(' '));

  it('send_raw sends the bytes as they are: Chassis Control "power up" powers the node on', async () => {
    const sim = sims[6]!;
    const log = join(tools, 'vendor-raw.log');
    await vendor({ ipmitool: logging('ipmitool-vendor-raw', log) }).call(node(sim), 'send_raw', { raw_bytes: '0x00 0x02 0x01' });
    expect(power(sim)).toBe('1');
    expect(logged(log)).toEqual(['raw 0x00 0x02 0x01']);
  });

  it('send_raw reports a command the BMC does not know', async () => {
    const sim = sims[6]!;
    const error = await failure(vendor({ retryDelayMs: 100 }).call(node(sim), 'send_raw', { raw_bytes: '0x06 0x99' }));
    expect(error.message).toMatch(new RegExp(`^IPMI "raw 0x06 0x99" on BMC 127\\.0\\.0\\.1:${sim.port} failed: .*Invalid command`));
  });

  it('bmc_reset resets cold when warm is false, warm otherwise (which this ipmi_sim refuses), once each', async () => {
    const sim = sims[6]!;
    const log = join(tools, 'vendor-reset.log');
    const ipmi = vendor({ ipmitool: logging('ipmitool-vendor-reset', log), retryDelayMs: 100 });
    await ipmi.call(node(sim), 'bmc_reset', { warm: 'false' });
    const warm = await failure(ipmi.call(node(sim), 'bmc_reset', {}));
    expect(warm.message).toMatch(new RegExp(`^IPMI "bmc reset warm" on BMC 127\\.0\\.0\\.1:${sim.port} failed: .*Invalid command`));
    await ipmi.call(node(sim), 'bmc_reset', { warm: 0 });
    expect(logged(log)).toEqual(['bmc reset cold', 'bmc reset warm', 'bmc reset cold']);
    // The BMC answers again after its cold reset.
    expect(await driver().getPowerState(node(sim))).toBe('power off');
  });

  it('refuses an argument a method does not take, and unusable driver_info, before talking to the BMC', async () => {
    const sim = sims[6]!;
    const log = join(tools, 'vendor-refused.log');
    const ipmi = vendor({ ipmitool: logging('ipmitool-vendor-refused', log) });
    expect((await failure(ipmi.call(node(sim), 'bmc_reset', { warm: true, cold: true }))).message).toBe("bmc_reset() got an unexpected keyword argument 'cold'");
    expect(() => ipmi.validate(node(sim, { ipmi_address: '' }), 'send_raw', { raw_bytes: '0x06 0x01' })).toThrow("Missing the following IPMI credentials in node's driver_info: ['ipmi_address'].");
    expect(existsSync(log)).toBe(false);
  });
});
