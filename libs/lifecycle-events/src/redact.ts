/**
 * Secrets never leave the control plane in plain text: whatever is served (API views, past
 * states, raw events, history, server-sent events, the relay stream, notifications, the CLI)
 * goes through these functions first. Three rules, applied to every field at any depth:
 * - a value under a key that names a secret (`isSecretKey`: Ironic's list, plus `key`) is `******`;
 * - in text, an assignment or member that names one (`password=…`, `"token": "…"`, `--secret …`) is masked;
 * - a value the resource once held under a secret key is masked wherever else it shows up
 *   (`known`): a password an earlier API let a client move into `extra` stays hidden in the
 *   events that recorded it.
 * The stored events are never touched; masking happens when they are read.
 */
import { type DomainEvent } from '@ironledger/application';
import { isSecretKey, type Json, type JsonObject, SECRET_KEY_FRAGMENTS, secretStrings } from '@ironledger/domain';

export { isSecretKey } from '@ironledger/domain';

/** What a secret reads as once redacted (Ironic's mask). */
export const REDACTED = '******';

/** Known secret values shorter than this are not looked for inside other text (they would mask too much). */
const MIN_KNOWN_SECRET_LENGTH = 4;

const NAMES = SECRET_KEY_FRAGMENTS.map((fragment) => fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** A quick test every secret name passes (each fragment contains one of these): most text is ruled out by it alone. */
const MAYBE_NAME = /pass|secret|token|key|configdrive|pswd|cookie|fsid|kek|suffix|credential/i;
/** `password=abc`, `password = "a b"`, `password='x'`. */
const ASSIGNMENT = new RegExp(`((?:${NAMES})\\w*\\s*=\\s*)("[^"]*"|'[^']*'|[^\\s"',;&]+)`, 'gi');
/** `"password": "abc"` and `'password': 'abc'` inside text (JSON or Python reprs). */
const MEMBER = new RegExp(`((["'])[^"']*(?:${NAMES})[^"']*\\2\\s*:\\s*u?)("[^"]*"|'[^']*')`, 'gi');
/** `--password abc`. */
const FLAG = new RegExp(`(--[\\w-]*(?:${NAMES})[\\w-]*\\s+)([^\\s"'=]+)`, 'gi');

/** `info` with its secrets masked (see the rules above). */
export function maskSecrets(info: JsonObject): JsonObject {
  return maskValue(info) as JsonObject;
}

/** Any JSON value with its secrets masked; the very same value when there was nothing to mask (copied only where something is). */
export function maskValue(value: Json, known?: ReadonlySet<string>): Json {
  if (typeof value === 'string') return maskText(value, known);
  if (Array.isArray(value)) {
    let masked: Json[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const shown = maskValue(value[i]!, known);
      if (shown !== value[i]) (masked ??= [...value])[i] = shown;
    }
    return masked ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let masked: JsonObject | undefined;
    for (const key of Object.keys(value)) {
      const item = value[key]!;
      const shown = isSecretKey(key) ? REDACTED : maskValue(item, known);
      if (shown === item) continue;
      masked ??= copyOf(value);
      // Defined rather than assigned, so that a member named `__proto__` stays an ordinary member.
      Object.defineProperty(masked, key, { value: shown, enumerable: true, writable: true, configurable: true });
    }
    return masked ?? value;
  }
  return value;
}

function copyOf(value: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) Object.defineProperty(copy, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Text with secret assignments and known secret values masked. */
export function maskText(text: string, known?: ReadonlySet<string>): string {
  let result = text;
  if (known) {
    for (const secret of known) {
      if (result === secret) return REDACTED;
      if (secret.length >= MIN_KNOWN_SECRET_LENGTH && result.includes(secret)) result = result.split(secret).join(REDACTED);
    }
  }
  if (!MAYBE_NAME.test(result)) return result;
  return result
    .replace(ASSIGNMENT, (_match, name: string, value: string) => `${name}${quoted(value)}`)
    .replace(MEMBER, (_match, name: string, _quote: string, value: string) => `${name}${quoted(value)}`)
    .replace(FLAG, (_match, name: string) => `${name}${REDACTED}`);
}

/**
 * The event as it may be served to anyone outside the control plane: every field of its data
 * masked (see the rules above). Pure: the event passed in is left untouched, and comes back as
 * the very same object when nothing in it needed masking.
 */
export function redactSecrets<E extends DomainEvent>(event: E): E {
  return redactKnownSecrets(event, undefined);
}

/** `redactSecrets`, also masking `known`: the values the event's resource ever held as secrets. */
export function redactKnownSecrets<E extends DomainEvent>(event: E, known: ReadonlySet<string> | undefined): E {
  const data = maskValue(event.data as unknown as Json, known);
  return data === (event.data as unknown as Json) ? event : ({ ...event, data } as E);
}

/** The secret values in a resource's events (what `known` needs), learnt from every one of them. */
export function secretsOf(events: Iterable<{ readonly data: unknown }>): Set<string> {
  const known = new Set<string>();
  for (const event of events) for (const secret of secretStrings(event.data as Json)) known.add(secret);
  return known;
}

function quoted(value: string): string {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  return `${quote}${REDACTED}${quote}`;
}

/**
 * `instance_info` as Ironic shows it: masked as any object, and `configdrive` and `image_url`
 * hidden whatever they hold (a config drive may carry user data; an image URL may be a signed
 * temporary URL).
 */
export function maskInstanceInfo(info: JsonObject, known?: ReadonlySet<string>): JsonObject {
  const masked = maskValue(info, known) as JsonObject;
  if (!masked.configdrive && !masked.image_url) return masked;
  return { ...masked, ...(masked.configdrive ? { configdrive: REDACTED } : {}), ...(masked.image_url ? { image_url: REDACTED } : {}) };
}
