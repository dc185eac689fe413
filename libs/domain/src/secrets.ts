/**
 * oslo.utils' secret masking (`strutils.mask_password` and `mask_dict_password`, 6.0.1, the
 * release Ironic 21.4 runs with), which Ironic applies to the fields it masks. Ported rule for
 * rule, so that a field masks exactly as Ironic masks it:
 * - a key is secret when its lower-cased name contains one of `SECRET_KEY_FRAGMENTS`;
 * - in a dictionary, an object is walked (even under a secret key), any other value under a
 *   secret key is replaced whatever it is (`null`, a number, a list), text is masked with
 *   `maskPassword`, and everything else (lists among them) is left as it is;
 * - in text, oslo's patterns (`password=…`, `"token": "…"`, `--secret …`, `<password>…</password>`)
 *   are masked, key by key in oslo's order, for each key the text contains.
 * Which fields of which resource are masked is Ironic's API's choice (`@ironledger/lifecycle-events`).
 */
import { type JsonObject } from './node.js';

/** How Ironic shows a masked value. */
export const REDACTED = '******';

/** oslo's `_SANITIZE_KEYS`, in its order (the order its text patterns are applied in). */
export const SECRET_KEY_FRAGMENTS: readonly string[] = [
  'adminpass', 'admin_pass', 'password', 'admin_password', 'auth_token', 'new_pass', 'auth_password', 'secret_uuid',
  'secret', 'sys_pswd', 'token', 'configdrive', 'chappassword', 'encrypted_key', 'private_key', 'fernetkey', 'sslkey',
  'passphrase', 'cephclusterfsid', 'octaviaheartbeatkey', 'rabbitcookie', 'cephmanilaclientkey', 'pacemakerremoteauthkey',
  'designaterndckey', 'cephadminkey', 'heatauthencryptionkey', 'cephclientkey', 'keystonecredential',
  'barbicansimplecryptokek', 'cephrgwkey', 'swifthashsuffix', 'migrationsshkey', 'cephmdskey', 'cephmonkey',
];

/** Whether a value stored under `key` is a secret (oslo: its lower-cased name contains a fragment). */
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

/** `dictionary` as oslo's `mask_dict_password` returns it; the very same object when nothing in it is masked. */
export function maskDictPassword(dictionary: JsonObject): JsonObject {
  let masked: JsonObject | undefined;
  for (const key of Object.keys(dictionary)) {
    const value = dictionary[key]!;
    let shown;
    if (isMapping(value)) shown = maskDictPassword(value);
    else if (isSecretKey(key)) shown = REDACTED;
    else if (typeof value === 'string') shown = maskPassword(value);
    else continue;
    if (shown === value) continue;
    masked ??= copyOf(dictionary);
    // Defined rather than assigned, so that a member named `__proto__` stays an ordinary member.
    Object.defineProperty(masked, key, { value: shown, enumerable: true, writable: true, configurable: true });
  }
  return masked ?? dictionary;
}

/** `text` as oslo's `mask_password` returns it (with Ironic's mask). */
export function maskPassword(text: string): string {
  let lower = text.toLowerCase();
  if (!ANY_FRAGMENT.test(lower)) return text;
  let message = text;
  for (const { fragment, pairs, singles, wildcards } of PATTERNS) {
    if (!lower.includes(fragment)) continue;
    const before = message;
    for (const pattern of pairs) message = message.replace(pattern, (_match, head: string, tail: string) => `${head}${REDACTED}${tail}`);
    for (const pattern of singles) message = message.replace(pattern, (_match, head: string) => `${head}${REDACTED}`);
    for (const pattern of wildcards) message = message.replace(pattern, (_match, head: string) => head);
    if (message !== before) lower = message.toLowerCase();
  }
  return message;
}

function isMapping(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function copyOf(value: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) Object.defineProperty(copy, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  return copy;
}

// --- oslo's patterns, in JavaScript -------------------------------------------------------
// Python's `\s` on text (what `str.isspace` accepts) differs from JavaScript's: 0x1c–0x1f and
// 0x85 are spaces there, U+FEFF is not. Python's case-insensitive `i` also matches `İ` and `ı`.

const SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const S = `[${SPACE}]`;
const NOT_S = `[^${SPACE}]`;
const LETTER = '[A-z\\u0130\\u0131]';

/** oslo's `_FORMAT_PATTERNS_2` (two groups kept around the mask), for the fragment `k`. */
const PAIR_PATTERNS = (k: string): string[] => [
  `(${k}[0-9]*${S}*[=]${S}*["'])[^"']*(["'])`,
  `(${k}[0-9]*${S}*[=]${S}*["])[^"]*(["])`,
  `(${k}[0-9]*${S}*[=]${S}*['])[^']*(['])`,
  `(${k}[0-9]*${S}+["'])[^"']*(["'])`,
  `([-]{2}${k}[0-9]*${S}+)[^'^"^=^${SPACE}]+(${S}*)`,
  `(<${k}[0-9]*>)[^<]*(</${k}[0-9]*>)`,
  `(["']${k}[0-9]*["']${S}*:${S}*["'])[^"']*(["'])`,
  `(['"][^"']*${k}[0-9]*['"]${S}*:${S}*u?['"])[^"']*(['"])`,
  `(['"][^'"]*${k}[0-9]*['"]${S}*,${S}*'--?${LETTER}+'${S}*,${S}*u?['"])[^"']*(['"])`,
  `(${k}[0-9]*${S}*--?${LETTER}+${S}*)${NOT_S}+(${S}*)`,
];
/** `_FORMAT_PATTERNS_1` (one group before the mask). */
const SINGLE_PATTERNS = (k: string): string[] => [`(${k}[0-9]*${S}*[=]${S}*)[^${SPACE}^'"]+`];
/** `_FORMAT_PATTERNS_WILDCARD` (the match replaced by its first group). */
const WILDCARD_PATTERNS = (k: string): string[] => [`(['"][^"']*${k}[0-9]*['"]${S}*:${S}*u?['"].*['"])[^"']*(['"])`];

/** A fragment as a pattern: its `i`s also match what Python's case-insensitive `i` matches. */
const fragmentPattern = (fragment: string): string => fragment.replace(/i/g, '[i\\u0130\\u0131]');
/** `re.DOTALL | re.IGNORECASE`, every match replaced. */
const compile = (source: string): RegExp => new RegExp(source, 'gisu');

const PATTERNS = SECRET_KEY_FRAGMENTS.map((fragment) => {
  const k = fragmentPattern(fragment);
  return { fragment, pairs: PAIR_PATTERNS(k).map(compile), singles: SINGLE_PATTERNS(k).map(compile), wildcards: WILDCARD_PATTERNS(k).map(compile) };
});

/** Whether lower-cased text holds any fragment: most text holds none and is returned at once. */
const ANY_FRAGMENT = new RegExp(SECRET_KEY_FRAGMENTS.join('|'));
