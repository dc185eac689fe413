/**
 * A private nats-server with JetStream for one test: its own free loopback port and data
 * directory, so that it can be stopped and started again (a NATS outage) without touching the
 * server other tests share. Started the way scripts/nats.sh starts one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.js';

export class PrivateNats {
  private process?: ChildProcess;

  private constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  /** Whether the server runs (not stopped by `outage`). */
  get running(): boolean {
    return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** `nats://127.0.0.1:<port>`. */
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<PrivateNats> {
    const server = new PrivateNats(await freePort(), mkdtempSync(join(tmpdir(), 'ironledger-nats-')));
    await server.resume();
    return server;
  }

  /** Starts the server again on the same port and data directory (after `outage`). */
  async resume(): Promise<void> {
    const binary = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((path) => existsSync(path)) ?? 'nats-server';
    this.process = spawn(binary, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dataDir], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(this.port))) {
      if (Date.now() > deadline) throw new Error(`nats-server did not start on port ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops the server (its data stays): every client loses its connection. */
  async outage(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Stops the server and deletes its data. */
  async destroy(): Promise<void> {
    await this.outage();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Whether something accepts TCP connections on loopback `port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
