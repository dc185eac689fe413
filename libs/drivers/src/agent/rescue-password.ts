/**
 * The rescue password as Ironic's conductor hands it to the agent: a crypt(3) SHA-256 hash
 * (`$5$<salt>$<hash>`, Ironic's default `rescue_password_hash_algorithm`), sent with
 * `hashed: true`, so that the plain password never reaches the ramdisk. This is the published
 * SHA-crypt scheme with its default 5000 rounds and a 16-character salt.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ROUNDS = 5000;
const SALT_LENGTH = 16;
/** The order in which SHA-crypt writes the digest's bytes, three at a time (the last group is two). */
const BYTE_GROUPS: readonly (readonly number[])[] = [
  [0, 10, 20], [21, 1, 11], [12, 22, 2], [3, 13, 23], [24, 4, 14],
  [15, 25, 5], [6, 16, 26], [27, 7, 17], [18, 28, 8], [9, 19, 29], [31, 30],
];

/** A fresh salt of crypt's alphabet. */
export function cryptSalt(): string {
  return [...randomBytes(SALT_LENGTH)].map((byte) => ALPHABET[byte & 0x3f]).join('');
}

/** `$5$salt$hash` for `password` (the salt is cut to 16 characters, as crypt does). */
export function sha256Crypt(password: string, salt: string = cryptSalt()): string {
  const key = Buffer.from(password, 'utf8');
  const saltBytes = Buffer.from(salt, 'utf8').subarray(0, SALT_LENGTH);
  const sha = (...parts: Buffer[]) => {
    const hash = createHash('sha256');
    for (const part of parts) hash.update(part);
    return hash.digest();
  };
  const alternate = sha(key, saltBytes, key);
  const first = createHash('sha256').update(key).update(saltBytes).update(repeatTo(alternate, key.length));
  for (let length = key.length; length > 0; length >>= 1) first.update(length & 1 ? alternate : key);
  let digest = first.digest();
  const keySequence = repeatTo(sha(...Array<Buffer>(key.length).fill(key)), key.length);
  const saltSequence = repeatTo(sha(...Array<Buffer>(16 + digest[0]!).fill(saltBytes)), saltBytes.length);
  for (let round = 0; round < ROUNDS; round++) {
    const next = createHash('sha256');
    next.update(round & 1 ? keySequence : digest);
    if (round % 3) next.update(saltSequence);
    if (round % 7) next.update(keySequence);
    next.update(round & 1 ? digest : keySequence);
    digest = next.digest();
  }
  return `$5$${saltBytes.toString('utf8')}$${encode(digest)}`;
}

/** `block` repeated and cut to `length` bytes. */
function repeatTo(block: Buffer, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let at = 0; at < length; at += block.length) block.copy(out, at, 0, Math.min(block.length, length - at));
  return out;
}

function encode(digest: Buffer): string {
  let text = '';
  for (const group of BYTE_GROUPS) {
    let word = group.reduce((sum, index) => (sum << 8) | digest[index]!, 0);
    for (let chars = group.length + 1; chars > 0; chars--) {
      text += ALPHABET[word & 0x3f];
      word >>>= 6;
    }
  }
  return text;
}
