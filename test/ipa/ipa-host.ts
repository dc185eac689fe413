/**
 * A "machine" for the real ironic-python-agent (IPA 9.4.3, from `scripts/ipa.sh install`): a
 * disk that is a loop device over a file made for the test, and a NIC that is one end of a veth
 * pair whose MAC is the node's port MAC, in a network namespace of its own. IPA runs there in its
 * own mount and PID namespaces too (test/ipa/agent-namespace.sh), where /dev holds only the
 * test's loop devices, and the hardware manager of test/ipa/python limits it to them; the other
 * end of the veth, in the machine's namespace, reaches the gateway (listening on 0.0.0.0).
 *
 * `followBoots` plays the BMC's part: when the simulator reports that the system booted its agent
 * ramdisk (the system's `external` agent setting), it starts IPA with the configuration floppy the
 * conductor inserted; when the system powers off or boots again, it ends that IPA; when IPA powers
 * "the machine" off (its shims), it powers the simulated system off through the simulator.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NAMESPACE_SCRIPT = `${ROOT}test/ipa/agent-namespace.sh`;

const run = (command: string, ...args: string[]): string => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Why IPA cannot run here (no loop devices, no overlay file system, no namespaces), or null when it can. */
export function whyIpaCannotRun(): string | null {
  if (!existsSync('/dev/loop-control')) return 'no loop devices on this machine (/dev/loop-control is missing)';
  // IPA takes a machine with /sys/firmware/efi for one it manages the UEFI boot entries of
  // (efibootmgr), and so does grub-install in the sysfs IPA mounts for its chroot: never this one's.
  if (existsSync('/sys/firmware/efi')) return 'this machine booted by UEFI (/sys/firmware/efi): IPA and its grub-install would write its boot entries';
  // IPA's /etc is an overlay (agent-namespace.sh).
  if (!/\toverlay$/m.test(readFileSync('/proc/filesystems', 'utf8'))) return 'no overlay file system in this kernel (/proc/filesystems)';
  try {
    run('unshare', '--mount', '--net', '--pid', '--fork', 'true');
  } catch (error) {
    return `no mount, network and PID namespaces here (unshare failed: ${(error as Error).message.split('\n')[0]})`;
  }
  return null;
}

/** The IPA checkout `scripts/ipa.sh install` made; a failure saying so when it is missing. */
export function ipaSource(): string {
  try {
    return run('bash', `${ROOT}scripts/ipa.sh`, 'path');
  } catch {
    throw new Error('ironic-python-agent is not installed: run `bash scripts/ipa.sh install` (npm test does)');
  }
}

export interface IpaHostOptions {
  /** The MAC of its NIC: the node's port. */
  readonly mac: string;
  /** The size of its disk (default 64 MiB). */
  readonly diskBytes?: number;
}

export class IpaHost {
  private agent: ChildProcess | null = null;
  private output = '';
  /** How many characters IPA has logged in all, of which `output` keeps the last. */
  private loggedChars = 0;
  private floppyDevice: string | null = null;

  private constructor(
    readonly id: string,
    readonly stateDir: string,
    /** The loop device that is the machine's disk, e.g. /dev/loop3. */
    readonly disk: string,
    /** The address of the machine's namespace side of the veth pair: where IPA listens. */
    readonly agentAddress: string,
    /** The address of the test's side: where IPA reaches the gateway and the image server. */
    readonly hostAddress: string,
    private readonly netns: string,
    private readonly hostLink: string,
  ) {}

  static create(options: IpaHostOptions): IpaHost {
    const id = randomBytes(3).toString('hex');
    const stateDir = `${ROOT}.run/ipa/hosts/${id}`;
    mkdirSync(stateDir, { recursive: true });
    const image = `${stateDir}/disk.img`;
    writeFileSync(image, '');
    execFileSync('truncate', ['-s', String(options.diskBytes ?? 64 * 1024 * 1024), image]);
    const disk = run('losetup', '--find', '--show', '--partscan', image);
    // A /30 of 10.231.0.0/16 of its own, so that hosts of tests running side by side never meet.
    const subnet = (randomBytes(2).readUInt16BE() & 0xfffc) >>> 0;
    const address = (last: number) => `10.231.${subnet >> 8}.${(subnet & 0xff) + last}`;
    const host = new IpaHost(id, stateDir, disk, address(2), address(1), `il-${id}`, `ilh-${id}`);
    try {
      run('ip', 'netns', 'add', host.netns);
      run('ip', 'link', 'add', host.hostLink, 'type', 'veth', 'peer', 'name', `ilg-${id}`);
      run('ip', 'link', 'set', `ilg-${id}`, 'netns', host.netns);
      run('ip', '-n', host.netns, 'link', 'set', `ilg-${id}`, 'name', 'eth0', 'address', options.mac);
      run('ip', '-n', host.netns, 'addr', 'add', `${host.agentAddress}/30`, 'dev', 'eth0');
      run('ip', '-n', host.netns, 'link', 'set', 'eth0', 'up');
      run('ip', '-n', host.netns, 'link', 'set', 'lo', 'up');
      run('ip', 'addr', 'add', `${host.hostAddress}/30`, 'dev', host.hostLink);
      run('ip', 'link', 'set', host.hostLink, 'up');
    } catch (error) {
      host.destroy();
      throw error;
    }
    return host;
  }

  /** Starts IPA (ending the one that runs), with a configuration floppy image if the BMC had one. */
  async start(apiUrl: string, floppy: Buffer | null, extraArgs: readonly string[] = []): Promise<void> {
    await this.stop();
    rmSync(`${this.stateDir}/shutdown`, { force: true });
    writeFileSync(`${this.stateDir}/cmdline`, '');
    if (floppy) {
      writeFileSync(`${this.stateDir}/floppy.img`, floppy);
      this.floppyDevice = run('losetup', '--find', '--show', '--read-only', `${this.stateDir}/floppy.img`);
    }
    const args = ['netns', 'exec', this.netns, 'unshare', '--mount', '--pid', '--fork', '--kill-child', '--mount-proc', NAMESPACE_SCRIPT,
      '--api_url', apiUrl, '--listen_host', this.agentAddress, '--advertise_host', this.agentAddress, '--noenable_auto_tls', '--nodebug', ...extraArgs];
    const child = spawn('ip', args, {
      env: { ...process.env, IRONLEDGER_IPA_STATE: this.stateDir, IRONLEDGER_IPA_DEVICES: this.disk, IRONLEDGER_IPA_FLOPPY: this.floppyDevice ?? '', IRONLEDGER_IPA_SRC: ipaSource() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.loggedChars += chunk.toString().length;
      this.output = (this.output + chunk.toString()).slice(-200_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.agent = child;
  }

  running(): boolean {
    return this.agent !== null && this.agent.exitCode === null && this.agent.signalCode === null;
  }

  /** What IPA asked its shims for (`poweroff` or `reboot`), once. */
  takeShutdown(): string | null {
    const marker = `${this.stateDir}/shutdown`;
    if (!existsSync(marker)) return null;
    const what = readFileSync(marker, 'utf8').trim();
    rmSync(marker, { force: true });
    return what;
  }

  /** Ends IPA: its namespaces go with it (`--kill-child` ends their first process). */
  async stop(): Promise<void> {
    const agent = this.agent;
    this.agent = null;
    if (agent && agent.exitCode === null && agent.signalCode === null) {
      const exited = new Promise((resolve) => agent.once('exit', resolve));
      agent.kill('SIGKILL');
      await exited;
    }
    if (this.floppyDevice) detach(this.floppyDevice);
    this.floppyDevice = null;
  }

  /** Waits until IPA's log shows `pattern`: some lines follow the answer a test waits on. */
  async logged(pattern: RegExp, timeoutMs = 10_000): Promise<boolean> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if (pattern.test(this.output)) return true;
    }
    return pattern.test(this.output);
  }

  /** The last of IPA's log. */
  logs(chars = 20_000): string {
    return this.output.slice(-chars);
  }

  /** A mark in IPA's log, for `logsSince`. */
  logMark(): number {
    return this.loggedChars;
  }

  /** What IPA logged after `mark` (as much of it as is kept). */
  logsSince(mark: number): string {
    const chars = this.loggedChars - mark;
    return chars > 0 ? this.output.slice(-chars) : '';
  }

  read(offset: number, length: number): Buffer {
    const fd = openSync(this.disk, 'r');
    try {
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, offset);
      return buffer;
    } finally {
      closeSync(fd);
    }
  }

  write(offset: number, data: Buffer): void {
    const fd = openSync(this.disk, 'r+');
    try {
      writeSync(fd, data, 0, data.length, offset);
    } finally {
      closeSync(fd);
    }
  }

  /** Removes everything it made, whatever state it is in. */
  destroy(): void {
    if (this.agent && this.running()) this.agent.kill('SIGKILL');
    for (const undo of [
      () => this.floppyDevice && detach(this.floppyDevice),
      () => detach(this.disk),
      () => run('ip', 'link', 'del', this.hostLink),
      () => run('ip', 'netns', 'del', this.netns),
      () => rmSync(this.stateDir, { recursive: true, force: true }),
    ]) {
      try {
        undo();
      } catch {
        // Never made, or already gone.
      }
    }
  }
}

function detach(device: string): void {
  run('losetup', '--detach', device);
}

type Json = Record<string, unknown>;

/**
 * Runs the real IPA as system `n`'s ramdisk until `stop`: started on each boot the simulator
 * reports for an `external` agent, ended on power-off; IPA's own power-off powers the system off.
 */
export function followBoots(simUrl: string, n: number, host: IpaHost, apiUrl: string, extraArgs: readonly string[] = []) {
  let following = true;
  let bootedAt: string | null = null;
  const boots: string[] = [];
  /** What IPA asked its shims for (`poweroff`, `reboot`), in order. */
  const shutdowns: string[] = [];
  const loop = (async () => {
    while (following) {
      const agent = (await (await fetch(`${simUrl}/control/bmc/${n}/agent`)).json()) as Json;
      if (agent.phase === 'external' && agent.bootedAt !== bootedAt) {
        bootedAt = agent.bootedAt as string;
        const floppy = typeof agent.floppyUrl === 'string' ? Buffer.from(await (await fetch(agent.floppyUrl)).arrayBuffer()) : null;
        boots.push(`${bootedAt} from ${String(agent.bootedFrom)}${floppy ? ' with a floppy' : ''}`);
        await host.start(apiUrl, floppy, extraArgs);
      } else if (agent.phase !== 'external' && host.running()) {
        await host.stop();
      }
      const shutdown = host.takeShutdown();
      if (shutdown) {
        shutdowns.push(shutdown);
        await fetch(`${simUrl}/control/bmc/${n}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ powerState: 'Off' }) });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    boots,
    shutdowns,
    stop: async () => {
      following = false;
      await loop.catch(() => undefined);
      await host.stop();
    },
  };
}
