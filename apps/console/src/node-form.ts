/**
 * The enroll and edit forms' logic: what a node's form holds, the body of `POST /v1/nodes` or
 * the JSON patch of `PATCH /v1/nodes/{id}` it makes, and which field an Ironic refusal is about.
 * Secrets (`driver_info` passwords) are write-only: Ironic shows them as `******`, so the edit
 * form starts them blank and a blank secret is left as it is.
 */

export const INTERFACES = ['bios', 'boot', 'console', 'deploy', 'inspect', 'management', 'network', 'power', 'raid', 'rescue', 'storage', 'vendor'] as const;
export const TEXT_FIELDS = ['name', 'description', 'resource_class', 'owner'] as const;
/** The free-form fields, edited as JSON objects and patched key by key. */
export const JSON_FIELDS = ['properties', 'extra'] as const;

export interface NodeForm {
  readonly driver: string;
  /** Name, description, resource class and owner; `''` for none. */
  readonly text: Readonly<Record<(typeof TEXT_FIELDS)[number], string>>;
  /** `<iface>_interface` → chosen implementation; `''` for the driver's default. */
  readonly interfaces: Readonly<Record<string, string>>;
  /** `driver_info` key → value; `''` leaves the key out (or, for a secret, as it was). */
  readonly driverInfo: Readonly<Record<string, string>>;
  /** `properties` and `extra` as JSON text; `''` for none. */
  readonly json: Readonly<Record<(typeof JSON_FIELDS)[number], string>>;
}

/** A field the form itself refuses (before any request), and why. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The object a JSON field's text holds (`{}` when blank), or a `FieldError` saying why it is not one. */
export function jsonObjectOf(field: string, text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FieldError(field, `Not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FieldError(field, 'A JSON object is expected, such as {"key": "value"}.');
  return value as Record<string, unknown>;
}

/** A `driver_info` key whose value is a secret. */
export const isSecret = (key: string): boolean => /password|secret|token|_kg$/i.test(key);

const present = (record: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()]));

const jsonText = (value: unknown) => (typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? JSON.stringify(value, null, 2) : '');
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `POST /v1/nodes`'s body: only what was filled in (a `FieldError` for a JSON field that is not an object). */
export function createBody(form: NodeForm): Record<string, unknown> {
  const driverInfo = present(form.driverInfo);
  const objects = Object.fromEntries(JSON_FIELDS.map((field) => [field, jsonObjectOf(field, form.json[field])]).filter(([, value]) => Object.keys(value as object).length > 0));
  return { driver: form.driver, ...present(form.text), ...present(form.interfaces), ...(Object.keys(driverInfo).length > 0 && { driver_info: driverInfo }), ...objects };
}

export interface PatchOp {
  readonly op: 'add' | 'replace' | 'remove';
  readonly path: string;
  readonly value?: unknown;
}

/** The node as Ironic shows it, as far as the form edits it. */
export interface EditedNode {
  readonly driver: string;
  readonly driver_info: Readonly<Record<string, unknown>>;
  readonly [field: string]: unknown;
}

/** The form a node's edit starts from: its values, secrets blank. */
export function formOf(node: EditedNode): NodeForm {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, typeof node[field] === 'string' ? (node[field] as string) : ''])) as NodeForm['text'];
  const interfaces = Object.fromEntries(INTERFACES.map((iface) => [`${iface}_interface`, typeof node[`${iface}_interface`] === 'string' ? (node[`${iface}_interface`] as string) : '']));
  const driverInfo = Object.fromEntries(Object.entries(node.driver_info).map(([key, value]) => [key, isSecret(key) ? '' : typeof value === 'string' ? value : JSON.stringify(value)]));
  const json = Object.fromEntries(JSON_FIELDS.map((field) => [field, jsonText(node[field])])) as NodeForm['json'];
  return { driver: node.driver, text, interfaces, driverInfo, json };
}

/**
 * The JSON patch from `node` to `form`: changed fields replaced, emptied ones removed, blank
 * secrets untouched, and of `properties` and `extra` only the keys changed (a `FieldError` for
 * one that is not a JSON object).
 */
export function patchOf(node: EditedNode, form: NodeForm): PatchOp[] {
  const ops: PatchOp[] = [];
  const field = (path: string, was: unknown, now: string) => {
    const had = was !== null && was !== undefined && was !== '';
    if (now.trim() === '') {
      if (had) ops.push({ op: 'remove', path });
    } else if (now.trim() !== (typeof was === 'string' ? was : JSON.stringify(was))) ops.push({ op: had ? 'replace' : 'add', path, value: now.trim() });
  };
  if (form.driver !== node.driver) ops.push({ op: 'replace', path: '/driver', value: form.driver });
  for (const name of TEXT_FIELDS) field(`/${name}`, node[name], form.text[name]);
  for (const [name, value] of Object.entries(form.interfaces)) field(`/${name}`, node[name], value);
  for (const [key, value] of Object.entries(form.driverInfo)) {
    if (isSecret(key) && value === '' && key in node.driver_info) continue;
    field(`/driver_info/${key}`, node.driver_info[key], value);
  }
  for (const name of JSON_FIELDS) {
    const was = (typeof node[name] === 'object' && node[name] !== null ? node[name] : {}) as Record<string, unknown>;
    const now = jsonObjectOf(name, form.json[name]);
    for (const [key, value] of Object.entries(now)) if (!(key in was) || !sameJson(was[key], value)) ops.push({ op: key in was ? 'replace' : 'add', path: `/${name}/${key}`, value });
    for (const key of Object.keys(was)) if (!(key in now)) ops.push({ op: 'remove', path: `/${name}/${key}` });
  }
  return ops;
}

/**
 * The form field an Ironic refusal names (the longest such name, so that `driver_info/ipmi_port`
 * wins over `driver`), or `null` for one about the node as a whole.
 */
export function fieldOfError(message: string, fields: readonly string[]): string | null {
  const named = fields.filter((name) => new RegExp(`(^|[^a-z_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z_])`, 'i').test(message));
  return named.sort((a, b) => b.length - a.length)[0] ?? null;
}
