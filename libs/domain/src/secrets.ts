/**
 * Which values are secrets: those under a key that names one. The fragments are oslo's
 * `mask_dict_password` list, which Ironic masks in `driver_info` and `instance_info`, plus `key`
 * (SNMP and SSH keys, which that list misses). A key is secret when its lower-cased name
 * contains a fragment.
 */
import { type Json } from './node.js';

export const SECRET_KEY_FRAGMENTS: readonly string[] = [
  'adminpass', 'admin_pass', 'password', 'admin_password', 'auth_token', 'new_pass', 'auth_password', 'secret_uuid',
  'secret', 'sys_pswd', 'token', 'configdrive', 'chappassword', 'encrypted_key', 'private_key', 'fernetkey', 'sslkey',
  'passphrase', 'cephclusterfsid', 'octaviaheartbeatkey', 'rabbitcookie', 'cephmanilaclientkey', 'pacemakerremoteauthkey',
  'designaterndckey', 'cephadminkey', 'heatauthencryptionkey', 'cephclientkey', 'keystonecredential',
  'barbicansimplecryptokek', 'cephrgwkey', 'swifthashsuffix', 'migrationsshkey', 'cephmdskey', 'cephmonkey',
  'key',
];

/** Whether a value stored under `key` is a secret. */
export function isSecretKey(key: string): boolean {
  let secret = judged.get(key);
  if (secret === undefined) {
    const lower = key.toLowerCase();
    secret = SECRET_KEY_FRAGMENTS.some((fragment) => lower.includes(fragment));
    // The same few keys come by over and over; clients choose them, so the memory stays bounded.
    if (judged.size >= 10_000) judged.clear();
    judged.set(key, secret);
  }
  return secret;
}

const judged = new Map<string, boolean>();

/** Every non-empty string stored under a secret key in `value`, at any depth (objects under a secret key give all their strings). */
export function secretStrings(value: Json | undefined): string[] {
  const found: string[] = [];
  collect(value, false, found);
  return found;
}

function collect(value: Json | undefined, secret: boolean, found: string[]): void {
  if (typeof value === 'string') {
    if (secret && value !== '') found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, secret, found);
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) if (Object.hasOwn(value, key)) collect(value[key], secret || isSecretKey(key), found);
  }
}
