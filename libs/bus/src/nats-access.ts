/**
 * How every service reaches NATS: the servers of NATS_URL, the credentials it proves itself with
 * and the certificates it checks, all from files the environment names (a Kubernetes Secret
 * mounted as files, say), never from values in the environment itself. Every connection of a
 * service (event store, command bus, relay, power sync's queue) is opened with these options.
 *
 * - NATS_USER and NATS_PASSWORD_FILE: a user of the server's `authorization` or `accounts`.
 * - NATS_NKEY_SEED_FILE: an NKey user's seed (`SU…`); the server knows only its public key.
 * - NATS_CREDS_FILE: a `.creds` file (JWT and seed) for servers run with decentralised accounts.
 * - NATS_TLS_CA_FILE: the CA that signed the servers' certificates; set, TLS is required.
 * - NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE: a client certificate, for servers that verify clients.
 *
 * Secrets are read again whenever the client authenticates (each reconnection), so a rotated
 * Secret is used without a restart; the last good value is kept while a file cannot be read.
 */
import { readFileSync } from 'node:fs';
import { type Authenticator, credsAuthenticator, nkeyAuthenticator, type TlsOptions, usernamePasswordAuthenticator } from '@nats-io/transport-node';
import { natsServers } from './servers.js';

/** What `connect` takes to reach and enter the servers; spread it into the connection's options. */
export interface NatsAccess {
  readonly servers: string[];
  readonly authenticator?: Authenticator;
  readonly tls?: TlsOptions;
}

/** The servers `url` names (one, or a cluster's comma-separated list), with the credentials and TLS settings `env` points at. */
export function natsAccess(url: string | readonly string[], env: NodeJS.ProcessEnv = process.env): NatsAccess {
  const servers = natsServers(url);
  const authenticator = authenticatorFrom(env);
  const tls = tlsFrom(env);
  return { servers, ...(authenticator && { authenticator }), ...(tls && { tls }) };
}

function authenticatorFrom(env: NodeJS.ProcessEnv): Authenticator | undefined {
  const ways = ['NATS_PASSWORD_FILE', 'NATS_NKEY_SEED_FILE', 'NATS_CREDS_FILE'].filter((name) => env[name]);
  if (ways.length > 1) throw new Error(`Set one way to authenticate to NATS, not ${ways.join(' and ')}`);
  if (env.NATS_PASSWORD_FILE) {
    if (!env.NATS_USER) throw new Error('NATS_PASSWORD_FILE needs NATS_USER: the user the password is for');
    const password = secretFile('NATS_PASSWORD_FILE', env.NATS_PASSWORD_FILE);
    return usernamePasswordAuthenticator(env.NATS_USER, () => password().toString('utf8').trim());
  }
  if (env.NATS_USER) throw new Error('NATS_USER needs NATS_PASSWORD_FILE: the file holding its password');
  if (env.NATS_NKEY_SEED_FILE) {
    const seed = secretFile('NATS_NKEY_SEED_FILE', env.NATS_NKEY_SEED_FILE);
    return nkeyAuthenticator(() => new TextEncoder().encode(seed().toString('utf8').trim()));
  }
  if (env.NATS_CREDS_FILE) {
    const creds = secretFile('NATS_CREDS_FILE', env.NATS_CREDS_FILE);
    return credsAuthenticator(() => new Uint8Array(creds()));
  }
  return undefined;
}

function tlsFrom(env: NodeJS.ProcessEnv): TlsOptions | undefined {
  const { NATS_TLS_CA_FILE: caFile, NATS_TLS_CERT_FILE: certFile, NATS_TLS_KEY_FILE: keyFile } = env;
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together: a client certificate and its key');
  if (!caFile && !certFile) return undefined;
  for (const [name, path] of Object.entries({ NATS_TLS_CA_FILE: caFile, NATS_TLS_CERT_FILE: certFile, NATS_TLS_KEY_FILE: keyFile })) {
    if (path) readable(name, path);
  }
  return { ...(caFile && { caFile }), ...(certFile && { certFile, keyFile }) };
}

/**
 * The file's content now, or the last content read when it cannot be read now (a Secret's files
 * are swapped in place when it changes). It must be readable when the service starts.
 */
function secretFile(name: string, path: string): () => Buffer {
  let last = readable(name, path);
  return () => {
    try {
      last = readFileSync(path);
    } catch {
      // Keep the last good value: a reconnection must not fail on a file being replaced.
    }
    return last;
  };
}

function readable(name: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`${name} names ${path}, which cannot be read: ${(error as Error).message}`);
  }
}
