/**
 * A private nats-server with JetStream that admits only authenticated clients over TLS, as the
 * Kubernetes manifests run NATS: a CA, a server certificate and a client certificate made with
 * openssl for this test alone, a password user and an NKey user. The files a service reads
 * (NATS_PASSWORD_FILE, NATS_NKEY_SEED_FILE, NATS_TLS_CA_FILE, …) are in `dir`.
 */
import { execFileSync, type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nkeys } from '@nats-io/transport-node';
import { accepts } from './nats-server.js';
import { freePort } from './processes.js';

export const NATS_TEST_USER = 'ironledger';

export interface SecureNats {
  /** `tls://127.0.0.1:<port>`. */
  readonly url: string;
  /** Where the certificates and secrets are. */
  readonly dir: string;
  /** The environment of a service that logs in as the password user. */
  readonly passwordEnv: Readonly<Record<string, string>>;
  /** The environment of a service that logs in as the NKey user. */
  readonly nkeyEnv: Readonly<Record<string, string>>;
  /** The server's log, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

export async function startSecureNats({ verifyClients = false } = {}): Promise<SecureNats> {
  const dir = mkdtempSync(join(tmpdir(), 'ironledger-secure-nats-'));
  makeCertificates(dir);
  const password = `pw-${process.pid}-${Date.now()}`;
  writeFileSync(join(dir, 'password'), `${password}\n`, { mode: 0o600 });
  const user = nkeys.createUser();
  writeFileSync(join(dir, 'nkey.seed'), `${new TextDecoder().decode(user.getSeed())}\n`, { mode: 0o600 });
  const port = await freePort();
  writeFileSync(
    join(dir, 'nats.conf'),
    `listen: 127.0.0.1:${port}
jetstream { store_dir: "${join(dir, 'js')}" }
tls {
  cert_file: "${join(dir, 'server.crt')}"
  key_file: "${join(dir, 'server.key')}"
  ca_file: "${join(dir, 'ca.crt')}"
  verify: ${verifyClients}
  timeout: 5
}
authorization {
  users = [
    { user: "${NATS_TEST_USER}", password: "${password}" }
    { nkey: "${user.getPublicKey()}" }
  ]
}
`,
  );
  const binary = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((path) => existsSync(path)) ?? 'nats-server';
  const server: ChildProcess = spawn(binary, ['-c', join(dir, 'nats.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  server.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`nats-server did not start on port ${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tls = { NATS_TLS_CA_FILE: join(dir, 'ca.crt'), ...(verifyClients && { NATS_TLS_CERT_FILE: join(dir, 'client.crt'), NATS_TLS_KEY_FILE: join(dir, 'client.key') }) };
  return {
    url: `tls://127.0.0.1:${port}`,
    dir,
    passwordEnv: { NATS_USER: NATS_TEST_USER, NATS_PASSWORD_FILE: join(dir, 'password'), ...tls },
    nkeyEnv: { NATS_NKEY_SEED_FILE: join(dir, 'nkey.seed'), ...tls },
    log: () => output,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A CA, and a server (for 127.0.0.1 and localhost) and a client certificate it signed, in `dir`. */
export function makeCertificates(dir: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=ironledger test CA', '-keyout', 'ca.key', '-out', 'ca.crt');
  for (const [name, extensions] of [
    // Both uses: NATS servers present it to each other on their routes too.
    ['server', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth'],
    ['client', 'extendedKeyUsage=clientAuth'],
  ] as const) {
    writeFileSync(join(dir, `${name}.ext`), `${extensions}\n`);
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=ironledger test ${name}`, '-keyout', `${name}.key`, '-out', `${name}.csr`);
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '1', '-extfile', `${name}.ext`, '-out', `${name}.crt`);
  }
}
