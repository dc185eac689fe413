import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type SecureNats, startSecureNats } from '../support/secure-nats.js';
import { natsAccess } from '@ironledger/bus';

/** Connects as a service does with `env`, and proves the connection carries a request and its reply. */
async function roundTrip(server: SecureNats, env: NodeJS.ProcessEnv): Promise<string> {
  const nc = await connect({ ...natsAccess(server.url, env), timeout: 5_000 });
  try {
    nc.subscribe('ping', { callback: (_, message) => void message.respond('pong') });
    return (await nc.request('ping', '', { timeout: 5_000 })).string();
  } finally {
    await nc.close();
  }
}

/** What a connection attempt with these options ends with: `connected`, or the error's message. */
async function attempt(options: Parameters<typeof connect>[0]): Promise<string> {
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({ ...options, timeout: 5_000, maxReconnectAttempts: 0, reconnect: false });
    return 'connected';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await nc?.close();
  }
}

describe('natsAccess against a nats-server that requires TLS and a user', () => {
  let server: SecureNats;
  beforeAll(async () => {
    server = await startSecureNats();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('logs in with a password or an NKey seed read from files, over TLS checked against the CA file', async () => {
    expect(await roundTrip(server, server.passwordEnv)).toBe('pong');
    expect(await roundTrip(server, server.nkeyEnv)).toBe('pong');
  });

  it('is refused without credentials, with a wrong password, and without the CA that signed the server', async () => {
    const { NATS_TLS_CA_FILE } = server.passwordEnv;
    expect(await attempt(natsAccess(server.url, { NATS_TLS_CA_FILE }))).toMatch(/Authorization Violation/i);
    const wrong = join(server.dir, 'wrong-password');
    writeFileSync(wrong, 'not the password');
    expect(await attempt(natsAccess(server.url, { ...server.passwordEnv, NATS_PASSWORD_FILE: wrong }))).toMatch(/Authorization Violation/i);
    expect(await attempt(natsAccess(server.url, { NATS_USER: server.passwordEnv.NATS_USER, NATS_PASSWORD_FILE: server.passwordEnv.NATS_PASSWORD_FILE }))).toMatch(/certificate/i);
  });

  it('reads the password again when it reconnects, and keeps the last one while the file is being replaced', async () => {
    const file = join(server.dir, 'rotating-password');
    writeFileSync(file, 'stale');
    const access = natsAccess(server.url, { ...server.passwordEnv, NATS_PASSWORD_FILE: file });
    // The file changed after the service started: the new content is what it logs in with.
    writeFileSync(file, readFileSync(server.passwordEnv.NATS_PASSWORD_FILE!));
    expect(await attempt(access)).toBe('connected');
    rmSync(file);
    expect(await attempt(access)).toBe('connected');
  });

  it('says which file it cannot read when the service starts', () => {
    expect(() => natsAccess(server.url, { ...server.passwordEnv, NATS_PASSWORD_FILE: join(server.dir, 'missing') })).toThrow(/NATS_PASSWORD_FILE names .*missing, which cannot be read/);
    expect(() => natsAccess(server.url, { NATS_TLS_CA_FILE: join(server.dir, 'missing.crt') })).toThrow(/NATS_TLS_CA_FILE names .*missing.crt, which cannot be read/);
  });
});

describe('natsAccess against a nats-server that verifies client certificates', () => {
  let server: SecureNats;
  beforeAll(async () => {
    server = await startSecureNats({ verifyClients: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('presents the client certificate and key the environment names, and is refused without them', async () => {
    expect(await roundTrip(server, server.passwordEnv)).toBe('pong');
    const { NATS_TLS_CERT_FILE: _cert, NATS_TLS_KEY_FILE: _key, ...withoutCertificate } = server.passwordEnv;
    expect(await attempt(natsAccess(server.url, withoutCertificate))).not.toBe('connected');
  });
});
