/**
 * A private 3-server NATS cluster with JetStream for one test file, as scripts/nats-cluster.sh
 * starts one: free loopback ports and data directories of its own, so that a test can kill a
 * server (SIGKILL), start it again, and ask which server leads a stream.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

const NAMES = ['n1', 'n2', 'n3'] as const;
export type ServerName = (typeof NAMES)[number];

interface Member {
  readonly name: ServerName;
  readonly port: number;
  readonly monitorPort: number;
  readonly config: string;
  process?: ChildProcess;
}

export class NatsCluster {
  private client?: NatsConnection;

  private constructor(
    private readonly members: readonly Member[],
    private readonly dataDir: string,
  ) {}

  /** Starts the three servers and waits until JetStream has a meta leader. */
  static async start(): Promise<NatsCluster> {
    const dataDir = mkdtempSync(join(tmpdir(), 'ironledger-nats-cluster-'));
    const ports = await freePorts(NAMES.length * 3);
    const routes = NAMES.map((_, i) => `nats-route://127.0.0.1:${ports[NAMES.length + i]}`).join(', ');
    const members = NAMES.map((name, i): Member => {
      const config = join(dataDir, `${name}.conf`);
      const [port, routePort, monitorPort] = [ports[i], ports[NAMES.length + i], ports[2 * NAMES.length + i]];
      writeFileSync(
        config,
        [
          `server_name: ${name}`,
          `listen: 127.0.0.1:${port}`,
          `http: 127.0.0.1:${monitorPort}`,
          `jetstream { store_dir: "${join(dataDir, name)}" }`,
          `cluster { name: ironledger-test, listen: 127.0.0.1:${routePort}, routes: [${routes}] }`,
        ].join('\n'),
      );
      return { name, port, monitorPort, config };
    });
    const cluster = new NatsCluster(members, dataDir);
    try {
      for (const member of members) cluster.spawn(member);
      await until(async () => (await Promise.all(members.map((m) => metaLeader(m)))).every(Boolean), 30_000, 'a JetStream meta leader');
      return cluster;
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
  }

  /** Every server's client URL, comma-separated (NATS_URL's form for a cluster). */
  get url(): string {
    return this.members.map((m) => `nats://127.0.0.1:${m.port}`).join(',');
  }

  get names(): readonly ServerName[] {
    return NAMES;
  }

  /** Kills one server at once (SIGKILL: no lame-duck mode, no goodbye to its clients or peers). */
  async kill(name: ServerName): Promise<void> {
    const child = this.member(name).process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Starts a killed server again on its ports and data, and waits until it has caught up with the cluster (`/healthz`). */
  async restart(name: ServerName): Promise<void> {
    const member = this.member(name);
    this.spawn(member);
    await until(async () => (await fetch(`http://127.0.0.1:${member.monitorPort}/healthz`)).ok, 30_000, `${name} to catch up`);
  }

  /** The server that leads stream `name` now, once it has one (after a leader's loss, a new one is elected within seconds). */
  async leaderOf(stream: string, timeoutMs = 15_000): Promise<ServerName> {
    this.client ??= await connect({ servers: this.url.split(','), maxReconnectAttempts: -1 });
    const jsm = await jetstreamManager(this.client);
    let leader: string | undefined;
    await until(async () => Boolean((leader = (await jsm.streams.info(stream)).cluster?.leader)), timeoutMs, `a leader of ${stream}`);
    return leader as ServerName;
  }

  /**
   * Each running server's own copy of stream `name` (from its monitoring endpoint): how many
   * messages and bytes it holds, and its first and last sequence; none where the server holds no copy.
   */
  async copiesOf(stream: string): Promise<Partial<Record<ServerName, StreamCopy>>> {
    const copies: Partial<Record<ServerName, StreamCopy>> = {};
    for (const member of this.members) {
      if (!member.process || member.process.exitCode !== null || member.process.signalCode !== null) continue;
      const jsz = (await (await fetch(`http://127.0.0.1:${member.monitorPort}/jsz?accounts=true&streams=true`)).json()) as {
        account_details?: { stream_detail?: { name: string; state: StreamCopy }[] }[];
      };
      const detail = jsz.account_details?.flatMap((account) => account.stream_detail ?? []).find((s) => s.name === stream);
      if (detail) copies[member.name] = { messages: detail.state.messages, bytes: detail.state.bytes, first_seq: detail.state.first_seq, last_seq: detail.state.last_seq };
    }
    return copies;
  }

  /** Stops every server and deletes the data. */
  async destroy(): Promise<void> {
    await this.client?.close();
    await Promise.all(NAMES.map((name) => this.kill(name)));
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private spawn(member: Member): void {
    const binary = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((path) => existsSync(path)) ?? 'nats-server';
    member.process = spawn(binary, ['-c', member.config, '-l', join(this.dataDir, `${member.name}.log`)], { stdio: 'ignore' });
  }

  private member(name: ServerName): Member {
    return this.members.find((m) => m.name === name)!;
  }
}

/** One server's copy of a stream, as its monitoring endpoint counts it. */
export interface StreamCopy {
  readonly messages: number;
  readonly bytes: number;
  readonly first_seq: number;
  readonly last_seq: number;
}

/** The meta leader a server knows of, if any. */
async function metaLeader(member: Member): Promise<string | undefined> {
  const jsz = (await (await fetch(`http://127.0.0.1:${member.monitorPort}/jsz`)).json()) as { meta_cluster?: { leader?: string } };
  return jsz.meta_cluster?.leader || undefined;
}

async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `count` distinct free loopback ports: all held at once, then released. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
