import { type Json, type JsonObject, type NodeEvent } from '@ironledger/domain';

/** Keys of `driver_info` whose values are BMC secrets (Ironic masks the same kinds of key). */
export const SECRET_KEY = /password|secret|token|key/i;
/** What a secret reads as once redacted (Ironic's mask). */
export const REDACTED = '******';

/** `info` with the value of every secret-looking key replaced by `******`, at any depth. */
export function maskSecrets(info: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(info).map(([key, value]) => [key, SECRET_KEY.test(key) ? REDACTED : maskNested(value)]));
}

function maskNested(value: Json): Json {
  if (Array.isArray(value)) return value.map(maskNested);
  if (value !== null && typeof value === 'object') return maskSecrets(value);
  return value;
}

/**
 * The event as it may be served to anyone outside the control plane: BMC secrets in
 * `driver_info` (of `NodeRegistered` and of `NodeUpdated` changes) are masked. Pure: the
 * event passed in is left untouched; events without `driver_info` come back as they are.
 */
export function redactSecrets<E extends NodeEvent>(event: E): E {
  switch (event.type) {
    case 'NodeRegistered':
      return { ...event, data: { ...event.data, driver_info: maskSecrets(event.data.driver_info) } };
    case 'NodeUpdated': {
      const { driver_info } = event.data.changes;
      if (driver_info === undefined) return event;
      return { ...event, data: { ...event.data, changes: { ...event.data.changes, driver_info: maskSecrets(driver_info) } } };
    }
    default:
      return event;
  }
}
