/**
 * One OpenIPMI ipmi_sim BMC (scripts/ipmi-sim.sh, which installs it when missing) for the test
 * file that calls this: started before the file's tests and stopped after them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from '@jest/globals';

const run = promisify(execFile);
const SCRIPT = join(fileURLToPath(new URL('../../', import.meta.url)), 'scripts/ipmi-sim.sh');

export interface IpmiSim {
  /** The UDP port its BMC answers on (user admin, password password). */
  readonly port: number;
  /** Its chassis power as the simulator holds it: '1' on, '0' off. */
  power(): string;
}

/** Its members may be read only from inside a test or a hook. `env`: more of the script's settings (e.g. IPMI_SIM_POWER). */
export function ipmiSimForFile(env: Readonly<Record<string, string>> = {}): IpmiSim {
  const simDir = mkdtempSync(join(tmpdir(), 'e2e-ipmi-'));
  const simEnv = { ...process.env, IPMI_SIM_DIR: simDir, IPMI_SIM_USER: 'admin', IPMI_SIM_PASS: 'password', ...env };
  let started: { port: number; dir: string } | undefined;
  beforeAll(async () => {
    const { stdout } = await run('bash', [SCRIPT, 'start', '1'], { env: simEnv, timeout: 600_000 });
    const [port, , dir] = stdout.trim().split(' ');
    started = { port: Number(port), dir: dir! };
  }, 600_000);
  afterAll(async () => {
    if (started) await run('bash', [SCRIPT, 'stop', String(started.port)], { env: simEnv });
    rmSync(simDir, { recursive: true, force: true });
  });
  const current = () => {
    if (!started) throw new Error('ipmi_sim has not started (or failed to start): see the file\'s beforeAll');
    return started;
  };
  return {
    get port() {
      return current().port;
    },
    power: () => readFileSync(join(current().dir, 'power'), 'utf8').trim(),
  };
}
