import { setTimeout as sleep } from 'node:timers/promises';
import { type Node, type PowerState, type PowerTarget } from '@ironledger/domain';
import { DriverError, type PowerDriver } from '../driver.js';
import { type ExecIpmitool, spawnIpmitool, withPassword } from './exec.js';
import { bmcKey, buildArgs, DEFAULT_CIPHER_SUITE, describeFailure, type ExecResult, type Failure, type IpmiAccess, parseDriverInfo, parsePowerStatus, redact, repeatable } from './ipmitool.js';
import { BmcLanes, Semaphore, SlotTimeout } from './limits.js';

export interface IpmiOptions {
  /** The ipmitool program (default `ipmitool` on the PATH). */
  readonly ipmitool?: string;
  /** Cipher suite of nodes without `ipmi_cipher_suite` (default 3; 0 is refused). */
  readonly defaultCipherSuite?: number;
  /** How ipmitool gets the password: a private 0600 file (`-f`, default) or `IPMI_PASSWORD` (`-E`). */
  readonly passwordVia?: 'file' | 'env';
  /** Where the private password directories are made (default the OS temp dir). */
  readonly tempDir?: string;
  /** Time budget of one command, retries included (Ironic's `command_retry_timeout`; default 10 000 ms). */
  readonly commandRetryTimeoutMs?: number;
  /** Tries per command within that budget (default 3). */
  readonly maxAttempts?: number;
  /** Pause between tries (default 1 000 ms). */
  readonly retryDelayMs?: number;
  /** Hard limit of one ipmitool process, after which it is killed (default 5 000 ms; `-R 1 -N 1` gives up after ~2 s). */
  readonly processTimeoutMs?: number;
  /** Least pause between two commands to one BMC (Ironic's `min_command_interval`, 5 s there; default 100 ms). */
  readonly minCommandIntervalMs?: number;
  /** Most ipmitool processes at once (default 16). */
  readonly maxConcurrent?: number;
  /** How long a power action may take to show in `power status` (Ironic's `power_state_change_timeout`; default 60 s). */
  readonly powerStateTimeoutSeconds?: number;
  /** The same for a soft power off (Ironic's `soft_power_off_timeout`; default 600 s). */
  readonly softPowerOffTimeoutSeconds?: number;
  /** Pause between `power status` reads while waiting for a power action (default 1 000 ms). */
  readonly pollIntervalMs?: number;
  /** Runs one ipmitool process (tests replace it). */
  readonly exec?: ExecIpmitool;
}

type Settings = Required<Omit<IpmiOptions, 'tempDir'>> & Pick<IpmiOptions, 'tempDir'>;

/**
 * A command that acts again when repeated (`power soft`, `power diag`, …) failed in a way that
 * leaves open whether the BMC carried it out (its answer never came): it was not sent again.
 */
export class IpmiOutcomeUnknown extends DriverError {}

const DEFAULTS: Omit<Settings, 'exec'> = {
  ipmitool: 'ipmitool',
  defaultCipherSuite: DEFAULT_CIPHER_SUITE,
  passwordVia: 'file',
  commandRetryTimeoutMs: 10_000,
  maxAttempts: 3,
  retryDelayMs: 1_000,
  processTimeoutMs: 5_000,
  minCommandIntervalMs: 100,
  maxConcurrent: 16,
  powerStateTimeoutSeconds: 60,
  softPowerOffTimeoutSeconds: 600,
  pollIntervalMs: 1_000,
};

/**
 * The ipmi power driver, with the ipmitool runner the other ipmi interfaces share (so one BMC
 * gets one command at a time, whichever interface sends it).
 */
export interface IpmiPowerDriver extends PowerDriver {
  /** The node's BMC access from its `driver_info` (throws `DriverError`). */
  access(node: Node): IpmiAccess;
  /**
   * Runs one ipmitool command under this driver's limits (every ipmi interface shares them) and
   * returns what it printed; retries (after `retryDelayMs`) while tries and time are left and
   * another try might help. Throws a `DriverError` saying what went wrong, without the password.
   *
   * A command that acts again when repeated (`repeatable`) is sent again only when the failure
   * shows it never reached the BMC (no session, or the BMC said it did not take it): unlike
   * Ironic's `_exec_ipmitool`, which retries every failure, a second `power soft` or `power diag`
   * is never sent because the first one's answer was slow. When its outcome is unknown,
   * `IpmiOutcomeUnknown` says so; the caller can read the power state instead.
   */
  run(access: IpmiAccess, command: readonly string[]): Promise<{ readonly stdout: string; readonly stderr: string }>;
}

/**
 * Power control through the `ipmitool` program, as Ironic's `ipmitool` power interface does
 * it. Every command runs under three limits held by this driver, so a process should have
 * one (the registry makes it): at most `maxConcurrent` ipmitool processes, one command at a
 * time per BMC with `minCommandIntervalMs` between them, and `commandRetryTimeoutMs` for a
 * command and its retries, each process killed after `processTimeoutMs`.
 */
export function ipmiPower(options: IpmiOptions = {}): IpmiPowerDriver {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings: Settings = { ...DEFAULTS, exec: spawnIpmitool, ...defined };
  const processes = new Semaphore(settings.maxConcurrent);
  const lanes = new BmcLanes(settings.minCommandIntervalMs);
  // Parsing refuses suite 0 per node; refuse it as the default too.
  if (settings.defaultCipherSuite === 0) throw new DriverError('Refusing IPMI cipher suite 0 as the default: it accepts any password.');

  const access = (node: Node): IpmiAccess => parseDriverInfo(node, settings.defaultCipherSuite);

  /**
   * One ipmitool process, in the BMC's lane and within the process limit; `SlotTimeout` when
   * less than `leastMs` of the budget is left once it is its turn.
   */
  const once = async (bmc: IpmiAccess, command: readonly string[], deadline: number, leastMs: number): Promise<{ result: ExecResult; timeoutMs: number }> => {
    const leaveLane = await lanes.enter(bmcKey(bmc), deadline);
    try {
      const release = await processes.acquire(deadline);
      try {
        const timeoutMs = Math.min(settings.processTimeoutMs, deadline - Date.now());
        if (timeoutMs < leastMs) throw new SlotTimeout();
        const result = await withPassword(bmc.password, settings.passwordVia, settings.tempDir, (source, env) =>
          settings.exec(settings.ipmitool, buildArgs(bmc, command, source), { env, timeoutMs }),
        );
        return { result, timeoutMs };
      } finally {
        release();
      }
    } finally {
      leaveLane();
    }
  };

  const run = async (bmc: IpmiAccess, command: readonly string[]): Promise<{ readonly stdout: string; readonly stderr: string }> => {
    const { commandRetryTimeoutMs, maxAttempts, retryDelayMs, processTimeoutMs } = settings;
    const sendOnce = !repeatable(command);
    const started = Date.now();
    const deadline = started + commandRetryTimeoutMs;
    // A try needs at least this much time left to mean anything.
    const leastTry = Math.min(processTimeoutMs, 1_000, commandRetryTimeoutMs / 2);
    const name = command.join(' ');
    let attempts = 0;
    let failure: Failure | undefined;
    for (;;) {
      let outcome: { result: ExecResult; timeoutMs: number };
      try {
        outcome = await once(bmc, command, deadline, leastTry);
      } catch (error) {
        if (error instanceof DriverError) throw error;
        if (!(error instanceof SlotTimeout)) {
          throw new DriverError(`IPMI "${name}" on BMC ${bmcKey(bmc)} failed: could not hand the password to ipmitool (${(error as Error).message}).`);
        }
        if (failure) break; // report what the last try said, not the queue
        throw new DriverError(
          `IPMI "${name}" on BMC ${bmcKey(bmc)} failed: no turn within ${seconds(commandRetryTimeoutMs)} s (earlier commands to this BMC, or ${settings.maxConcurrent} other ipmitool processes, still running).`,
        );
      }
      attempts++;
      const { result, timeoutMs } = outcome;
      if (result.code === 0 && !result.timedOut && !result.spawnError) return { stdout: result.stdout, stderr: result.stderr };
      failure = describeFailure(result, bmc, timeoutMs);
      if (sendOnce && failure.reached) break;
      if (!failure.retryable || attempts >= maxAttempts || deadline - Date.now() < retryDelayMs + leastTry) break;
      await sleep(retryDelayMs);
    }
    const tries = attempts > 1 ? ` (${attempts} attempts in ${seconds(Date.now() - started)} s)` : '';
    const said = failure.detail ? `. ipmitool: ${failure.detail}` : '';
    // The BMC's own refusal is an answer; anything else leaves the outcome open.
    if (sendOnce && failure.reached && failure.kind !== 'bmc') {
      throw new IpmiOutcomeUnknown(redact(`IPMI "${name}" on BMC ${bmcKey(bmc)} failed: ${failure.reason}${tries}; not sent again, as the BMC may have carried it out${said}`, bmc.password));
    }
    throw new DriverError(redact(`IPMI "${name}" on BMC ${bmcKey(bmc)} failed: ${failure.reason}${tries}${said}`, bmc.password));
  };

  /** One `power status` read (with the usual retries). */
  const readPower = async (bmc: IpmiAccess): Promise<PowerState> => {
    const { stdout } = await run(bmc, ['power', 'status']);
    const state = parsePowerStatus(stdout);
    if (!state) {
      throw new DriverError(`IPMI power status on BMC ${bmcKey(bmc)} printed no power state: ${JSON.stringify(redact(stdout.trim().slice(0, 200), bmc.password))}.`);
    }
    return state;
  };

  /** Reads `power status` until it shows `wanted`, reading one last time at the deadline; `lost`: the request whose answer never came. */
  const waitFor = async (node: Node, bmc: IpmiAccess, wanted: PowerState, timeoutMs: number, lost?: IpmiOutcomeUnknown): Promise<PowerState> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await readPower(bmc);
      if (state === wanted) return state;
      const left = deadline - Date.now();
      if (left <= 0) {
        const why = lost ? ` ${lost.message}` : '';
        throw new DriverError(`Timed out after ${seconds(timeoutMs)} s waiting for node ${node.uuid} to reach ${wanted}: BMC ${bmcKey(bmc)} still reports ${state}.${why}`);
      }
      await sleep(Math.min(settings.pollIntervalMs, left));
    }
  };

  return {
    access,
    run,

    /** Checks `driver_info` without touching the BMC (BMCs are too fragile to be asked on every validation). */
    validate(node: Node): void {
      access(node);
    },

    async getPowerState(node: Node): Promise<PowerState> {
      return readPower(access(node));
    },

    async setPowerState(node: Node, target: PowerTarget, timeoutSeconds?: number): Promise<PowerState> {
      const bmc = access(node);
      const timeout = (timeoutSeconds ?? settings.powerStateTimeoutSeconds) * 1000;
      const softTimeout = (timeoutSeconds ?? settings.softPowerOffTimeoutSeconds) * 1000;
      const act = async (command: 'on' | 'off' | 'soft', result: PowerState, waitMs: number) => {
        try {
          await run(bmc, ['power', command]);
        } catch (error) {
          // A soft power off whose answer was lost is judged by the power state it leads to, not sent again.
          if (!(error instanceof IpmiOutcomeUnknown)) throw error;
          return waitFor(node, bmc, result, waitMs, error);
        }
        return waitFor(node, bmc, result, waitMs);
      };
      switch (target) {
        case 'power on':
          return act('on', 'power on', timeout);
        case 'power off':
          return act('off', 'power off', timeout);
        case 'soft power off':
          return act('soft', 'power off', softTimeout);
        case 'rebooting':
          // As Ironic's IPMIPower.reboot: `power off` unless already off, wait until the BMC
          // reports off, then `power on` and wait for on. Not `power cycle`, which the IPMI spec
          // leaves undefined for a node that is off (some BMCs refuse it), and after which a
          // quick `power status` may still show the old "on" on BMCs that cycle late, so the
          // intermediate off could not be checked. Ironic sends `power reset` only for nodes that
          // must never be powered off (`disable_power_off`), which ironledger does not model.
          if ((await readPower(bmc)) !== 'power off') await act('off', 'power off', timeout);
          return act('on', 'power on', timeout);
        case 'soft rebooting':
          // As Ironic: a soft power off (ACPI shutdown through the OS), then power on.
          await act('soft', 'power off', softTimeout);
          return act('on', 'power on', timeout);
        default:
          throw new DriverError(`The ipmi driver cannot set node ${node.uuid} to power state "${String(target)}".`);
      }
    },
  };
}

const seconds = (ms: number) => (Math.round(ms / 100) / 10).toString();
