/**
 * JETSTREAM_REPLICAS: on a 3-server NATS cluster the streams get that many copies, and an existing
 * stream is scaled up and down; a single server, which keeps one copy only, makes every service
 * end at start with one line naming the setting and what the server said.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstreamManager, type JetStreamManager, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream, natsServers, StreamRefusedError } from '@ironledger/bus';
import { JetStreamEventStore } from '@ironledger/event-store';
import { NatsCluster } from '../support/nats-cluster.js';
import { eventually, isolatedRun, natsUrl, spawnService, startService } from '../support/processes.js';

jest.setTimeout(60_000);

describe('JETSTREAM_REPLICAS on a 3-server NATS cluster', () => {
  let cluster: NatsCluster;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    cluster = await NatsCluster.start();
    nc = await connect({ servers: natsServers(cluster.url) });
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await nc?.close();
    await cluster?.destroy();
  });

  /** How many servers hold a current copy of `stream` (its leader and current followers), once that is `replicas`. */
  const copies = (stream: string, replicas: number) =>
    eventually(async () => {
      const { config, cluster: placement } = await jsm.streams.info(stream);
      const current = placement?.leader ? 1 + (placement.replicas ?? []).filter((r) => r.current).length : 0;
      return config.num_replicas === replicas && current === replicas ? current : undefined;
    }, 20_000, `${stream} with ${replicas} current copies`);

  it('scales an existing stream up and down, leaves it as it is when not told, and refuses more copies than servers', async () => {
    const config = { subjects: ['replicas.>'], storage: StorageType.File };
    await ensureStream(jsm, 'REPLICAS', config);
    expect(await copies('REPLICAS', 1)).toBe(1);
    await ensureStream(jsm, 'REPLICAS', config, 3);
    expect(await copies('REPLICAS', 3)).toBe(3);
    await ensureStream(jsm, 'REPLICAS', config);
    expect(await copies('REPLICAS', 3)).toBe(3);
    await ensureStream(jsm, 'REPLICAS', config, 1);
    expect(await copies('REPLICAS', 1)).toBe(1);

    const refused = await ensureStream(jsm, 'REPLICAS', config, 5).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamRefusedError);
    expect((refused as Error).message).toMatch(/^JetStream refused stream REPLICAS with JETSTREAM_REPLICAS=5: .+ \(\d+\)$/);
  });

  it("gives the event store's stream and power-sync's passes' stream the copies the setting asks for", async () => {
    const run = isolatedRun('replicas');
    const env = { ...run, NATS_URL: cluster.url, JETSTREAM_REPLICAS: '3', POWER_SYNC_PASSES: `${run.JETSTREAM_STREAM}_PS`, LOG_FORMAT: 'text' };
    const powerSync = await startService('apps/power-sync/src/main.ts', env, { name: 'power-sync' });
    try {
      expect(await copies(run.JETSTREAM_STREAM, 3)).toBe(3);
      expect(await copies(env.POWER_SYNC_PASSES, 3)).toBe(3);
    } finally {
      await powerSync.stop();
    }
  });
});

describe('JETSTREAM_REPLICAS=3 on a single NATS server', () => {
  it('ends every service at start with one line naming the setting and what the server said', async () => {
    const run = isolatedRun('single');
    const env = { ...run, NATS_URL: natsUrl(), JETSTREAM_REPLICAS: '3', POWER_SYNC_PASSES: `${run.JETSTREAM_STREAM}_PS`, RELAY_STREAM: `${run.JETSTREAM_STREAM}_EVENTS`, GATEWAY_PORT: '0' };
    // The stream exists already, with one copy: asking for three must fail as when creating it.
    const existing = await JetStreamEventStore.connect({ servers: natsUrl(), stream: run.JETSTREAM_STREAM, subjectPrefix: run.JETSTREAM_SUBJECT_PREFIX });
    await existing.close();
    const services = ['conductor', 'gateway', 'power-sync'].map((app) => spawnService(`apps/${app}/src/main.ts`, env, app));
    try {
      await eventually(() => (services.every((s) => s.exited()) ? true : undefined), 45_000, 'every service to end');
      for (const service of services) {
        expect([service.name, service.process.exitCode, service.output().trim()]).toEqual([
          service.name,
          1,
          `JetStream refused stream ${run.JETSTREAM_STREAM} with JETSTREAM_REPLICAS=3: replicas > 1 not supported in non-clustered mode (10074)`,
        ]);
      }
    } finally {
      await Promise.all(services.map((s) => s.stop('SIGKILL')));
      const nc = await connect({ servers: natsUrl() });
      await (await jetstreamManager(nc)).streams.delete(run.JETSTREAM_STREAM).catch(() => undefined);
      await nc.close();
    }
  });
});
