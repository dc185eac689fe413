/**
 * nats-server's memory per subject: a private nats-server with JetStream, one file stream, M messages of
 * 300 bytes spread evenly over S subjects shaped like the relay stream's
 * (`ironledger.events.node.<uuid>.ProvisionStateChanged`, published with acknowledgements), then the
 * server's RSS once it has been idle for IDLE_S seconds. Prints one JSON line per "M:S" pair, each on
 * a fresh server.
 *
 *   node --import ./scripts/register-ts.mjs bench/memory/nats-subjects.ts 100000:100 100000:100000
 *
 * Environment: IDLE_S (15). Needs nats-server (`bash scripts/nats.sh install`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const idleSeconds = Number(process.env.IDLE_S ?? 15);
const pairs = process.argv.slice(2).map((arg) => arg.split(':').map(Number));
if (pairs.length === 0 || pairs.some(([m, s]) => !(m! > 0 && s! > 0 && s! <= m!))) throw new Error('usage: nats-subjects.ts MESSAGES:SUBJECTS ... (SUBJECTS <= MESSAGES)');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const subject = (i: number) => `ironledger.events.node.${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000.ProvisionStateChanged`;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

for (const [messages, subjects] of pairs as [number, number][]) {
  const dir = mkdtempSync(join(tmpdir(), 'nats-subjects-'));
  const port = await freePort();
  const server = spawn(existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
  try {
    const nc = await connect({ servers: `nats://127.0.0.1:${port}`, reconnectTimeWait: 100, maxReconnectAttempts: 50, waitOnFirstConnect: true });
    await (await jetstreamManager(nc)).streams.add({ name: 'SUBJECTS', subjects: ['ironledger.events.>'] });
    const js = jetstream(nc);
    const payload = new Uint8Array(300).fill(120);
    const before = rssMb(server.pid!);
    for (let sent = 0; sent < messages; ) {
      const batch: Promise<unknown>[] = [];
      for (const end = Math.min(messages, sent + 500); sent < end; sent++) batch.push(js.publish(subject(sent % subjects), payload));
      await Promise.all(batch);
    }
    await nc.close();
    await sleep(idleSeconds * 1000);
    const rss = rssMb(server.pid!);
    console.log(JSON.stringify({ messages, subjects, rss_mb: +rss.toFixed(1), empty_server_rss_mb: +before.toFixed(1) }));
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
