/**
 * An in-memory stand-in for ipmitool and the BMCs behind it, for the driver's unit tests:
 * it answers from the argument list and `IPMI_PASSWORD` (so tests use `passwordVia: 'env'`)
 * and records every call. Not part of the library's exports.
 */
import { type ExecIpmitool } from './exec.js';
import { type ExecResult } from './ipmitool.js';

export interface FakeBmc {
  power: 'on' | 'off';
  password: string;
  /** The next this many calls fail with completion code 0xff. */
  failures?: number;
  /** The next this many calls get no session (nothing is sent to the BMC). */
  sessionFailures?: number;
  /** The next this many commands are carried out, but their answer comes too late for ipmitool. */
  lostAnswers?: number;
  /** Never answers: every call lasts until the driver kills it. */
  frozen?: boolean;
  /** `power status` keeps showing the old state for this many reads after a change. */
  lagReads?: number;
  /** `power soft` does nothing (the OS ignores the ACPI request). */
  ignoresSoft?: boolean;
  /** What `power status` prints instead of the real answer. */
  statusOutput?: string;
  /** How long each call takes (default 1 ms). */
  delayMs?: number;
}

export interface FakeCall {
  readonly args: readonly string[];
  readonly port: string;
  readonly command: string;
  readonly password: string | undefined;
  readonly timeoutMs: number;
  readonly startedAt: number;
}

export function fakeIpmitool(bmcs: Record<string, FakeBmc>, options: { missing?: boolean } = {}) {
  const calls: FakeCall[] = [];
  const running = new Map<string, number>();
  let now = 0;
  const peak = { total: 0, perBmc: 0 };
  const pending = new Map<string, { state: 'on' | 'off'; reads: number }>();

  const exec: ExecIpmitool = async (_program, args, { env, timeoutMs }) => {
    if (options.missing) return { code: null, stdout: '', stderr: '', spawnError: 'ENOENT' };
    const port = args[args.indexOf('-p') + 1]!;
    const start = Math.max(args.indexOf('-E'), args.indexOf('-f') + 1) + 1;
    const command = args.slice(start).join(' ');
    calls.push({ args: [...args], port, command, password: env.IPMI_PASSWORD, timeoutMs, startedAt: Date.now() });
    const bmc = bmcs[port];
    now++;
    running.set(port, (running.get(port) ?? 0) + 1);
    peak.total = Math.max(peak.total, now);
    peak.perBmc = Math.max(peak.perBmc, running.get(port)!);
    try {
      if (!bmc || bmc.frozen) {
        await new Promise((resolve) => setTimeout(resolve, bmc ? timeoutMs : Math.min(timeoutMs, 5)));
        return bmc
          ? { code: null, stdout: '', stderr: '', timedOut: true }
          : { code: 1, stdout: '', stderr: 'Get Auth Capabilities error\nError: Unable to establish IPMI v2 / RMCP+ session\n' };
      }
      await new Promise((resolve) => setTimeout(resolve, bmc.delayMs ?? 1));
      return answer(bmc, port, command, env.IPMI_PASSWORD);
    } finally {
      now--;
      running.set(port, running.get(port)! - 1);
    }
  };

  const answer = (bmc: FakeBmc, port: string, command: string, password: string | undefined): ExecResult => {
    if (password !== bmc.password) return { code: 1, stdout: '', stderr: '> RAKP 2 HMAC is invalid\nError: Unable to establish IPMI v2 / RMCP+ session\n' };
    if ((bmc.sessionFailures ?? 0) > 0) {
      bmc.sessionFailures!--;
      return { code: 1, stdout: '', stderr: 'Get Auth Capabilities error\nError: Unable to establish IPMI v2 / RMCP+ session\n' };
    }
    if ((bmc.lostAnswers ?? 0) > 0 && command !== 'power status') {
      bmc.lostAnswers!--;
      answer(bmc, port, command, password);
      return { code: 1, stdout: '', stderr: `Discovered IPMB address 0x0\nUnable to set Chassis Power Control to ${command}\nClose Session command failed\n` };
    }
    if ((bmc.failures ?? 0) > 0) {
      bmc.failures!--;
      return { code: 1, stdout: '', stderr: `Discovered IPMB address 0x0\n${command === 'power status' ? 'Get Chassis Power Status' : 'Set Chassis Power Control'} failed: Unspecified error\n` };
    }
    const set = (state: 'on' | 'off') => {
      if (bmc.lagReads) pending.set(port, { state, reads: bmc.lagReads });
      else bmc.power = state;
    };
    switch (command) {
      case 'power status': {
        const lag = pending.get(port);
        if (lag && --lag.reads < 0) {
          bmc.power = lag.state;
          pending.delete(port);
        }
        return { code: 0, stdout: bmc.statusOutput ?? `Chassis Power is ${bmc.power}\n`, stderr: '' };
      }
      case 'power on':
        set('on');
        return { code: 0, stdout: 'Chassis Power Control: Up/On\n', stderr: '' };
      case 'power off':
        set('off');
        return { code: 0, stdout: 'Chassis Power Control: Down/Off\n', stderr: '' };
      case 'power soft':
        if (!bmc.ignoresSoft) set('off');
        return { code: 0, stdout: 'Chassis Power Control: Soft\n', stderr: '' };
      case 'power diag':
        return { code: 0, stdout: 'Chassis Power Control: Diag\n', stderr: '' };
      default:
        // Boot device changes (and the raw command that keeps them) are taken and recorded.
        if (command.startsWith('chassis bootdev ') || command.startsWith('raw ')) return { code: 0, stdout: '', stderr: '' };
        return { code: 1, stdout: '', stderr: `Invalid chassis power command: ${command}\n` };
    }
  };

  return { exec, calls, peak, commands: (port?: string) => calls.filter((c) => port === undefined || c.port === port).map((c) => c.command) };
}
