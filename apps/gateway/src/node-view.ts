/**
 * A node as Ironic's API shows it: every field in Ironic's order, each hidden below the
 * microversion that introduced it, Ironic's fake-hardware defaults for what ironledger does not
 * model, secrets in `driver_info` masked, timestamps as `…+00:00`.
 */
import { type JsonObject, type Node } from '@ironledger/domain';
import { maskSecrets } from '@ironledger/lifecycle-events';
import { badRequest, notAcceptable } from './errors.js';
import { type Microversion, Versions } from './microversion.js';

export type NodeView = Record<string, unknown>;

export interface ViewContext {
  readonly version: Microversion;
  /** Scheme and host the client used, e.g. `http://127.0.0.1:6385`, for links. */
  readonly baseUrl: string;
  /** Shown as `conductor` when no conductor holds the node (Ironic shows the hash ring's pick). */
  readonly conductor: string | null;
}

/**
 * The microversion each node field appeared in (Ironic's `api/controllers/v1/utils.py`,
 * `VERSIONED_FIELDS`, plus the 1.31 interfaces); fields absent here exist since 1.1.
 */
export const FIELD_MIN_VERSION: Readonly<Record<string, number>> = {
  driver_internal_info: 3,
  name: 5,
  inspection_started_at: 6,
  inspection_finished_at: 6,
  clean_step: 7,
  raid_config: 12,
  target_raid_config: 12,
  states: Versions.STATES_LINKS,
  network_interface: 20,
  resource_class: 21,
  portgroups: Versions.PORTGROUPS,
  boot_interface: 31,
  console_interface: 31,
  deploy_interface: 31,
  inspect_interface: 31,
  management_interface: 31,
  power_interface: 31,
  raid_interface: 31,
  vendor_interface: 31,
  volume: Versions.VOLUME,
  storage_interface: 33,
  traits: 37,
  rescue_interface: 38,
  bios_interface: 40,
  fault: 42,
  deploy_step: 44,
  conductor_group: 46,
  automated_clean: 47,
  protected: 48,
  protected_reason: 48,
  conductor: 49,
  owner: 50,
  description: 51,
  allocation_uuid: 52,
  retired: 61,
  retired_reason: 61,
  lessee: 65,
  network_data: 66,
  boot_mode: 75,
  secure_boot: 75,
  shard: 82,
};

/** What fake-hardware nodes show for the hardware interfaces (ironledger has no others). */
export const FAKE_INTERFACES = {
  bios_interface: 'fake',
  boot_interface: 'fake',
  console_interface: 'fake',
  deploy_interface: 'fake',
  inspect_interface: 'fake',
  management_interface: 'fake',
  network_interface: 'noop',
  power_interface: 'fake',
  raid_interface: 'fake',
  rescue_interface: 'fake',
  storage_interface: 'noop',
  vendor_interface: 'fake',
} as const;

/** Fields of `GET /v1/nodes` without `detail` or `fields`. */
export const LIST_FIELDS = ['uuid', 'instance_uuid', 'maintenance', 'power_state', 'provision_state', 'name', 'links'] as const;


type FieldValue = (node: Node, context: ViewContext) => unknown;

/** How each node field is shown, in Ironic's order. */
const NODE_FIELD_VALUES: readonly (readonly [string, FieldValue])[] = [
  ['uuid', (node) => node.uuid],
  ['created_at', (node) => ironicTime(node.created_at)],
  ['updated_at', (node) => ironicTime(node.updated_at)],
  ['automated_clean', (node) => node.automated_clean],
  ['bios_interface', () => FAKE_INTERFACES.bios_interface],
  ['boot_interface', () => FAKE_INTERFACES.boot_interface],
  ['boot_mode', () => null],
  ['clean_step', () => ({})],
  ['conductor_group', (node) => node.conductor_group],
  ['console_enabled', () => false],
  ['console_interface', () => FAKE_INTERFACES.console_interface],
  ['deploy_interface', () => FAKE_INTERFACES.deploy_interface],
  ['deploy_step', () => ({})],
  ['description', (node) => node.description],
  ['driver', (node) => node.driver],
  ['driver_info', (node) => maskSecrets(node.driver_info)],
  ['driver_internal_info', (node) => driverInternalInfo(node)],
  ['extra', (node) => node.extra],
  ['fault', (node) => node.fault],
  ['inspection_finished_at', (node) => ironicTime(node.introspection?.finished_at ?? null)],
  ['inspection_started_at', (node) => ironicTime(node.introspection?.started_at ?? null)],
  ['inspect_interface', () => FAKE_INTERFACES.inspect_interface],
  ['instance_info', (node) => node.instance_info],
  ['instance_uuid', (node) => node.instance_uuid],
  ['last_error', (node) => node.last_error],
  ['lessee', (node) => node.lessee],
  ['maintenance', (node) => node.maintenance],
  ['maintenance_reason', (node) => node.maintenance_reason],
  ['management_interface', () => FAKE_INTERFACES.management_interface],
  ['name', (node) => node.name],
  ['network_data', () => ({})],
  ['network_interface', () => FAKE_INTERFACES.network_interface],
  ['owner', (node) => node.owner],
  ['power_interface', () => FAKE_INTERFACES.power_interface],
  ['power_state', (node) => node.power_state],
  ['properties', (node) => node.properties],
  ['protected', (node) => node.protected],
  ['protected_reason', (node) => node.protected_reason],
  ['provision_state', (node, { version }) => shownProvisionState(node, version)],
  ['provision_updated_at', (node) => ironicTime(node.provision_updated_at)],
  ['raid_config', () => ({})],
  ['raid_interface', () => FAKE_INTERFACES.raid_interface],
  ['rescue_interface', () => FAKE_INTERFACES.rescue_interface],
  ['reservation', (node) => node.reservation],
  ['resource_class', (node) => node.resource_class],
  ['retired', (node) => node.retired],
  ['retired_reason', (node) => node.retired_reason],
  ['secure_boot', () => null],
  ['shard', () => null],
  ['storage_interface', () => FAKE_INTERFACES.storage_interface],
  ['target_power_state', (node) => node.target_power_state],
  ['target_provision_state', (node) => node.target_provision_state],
  ['target_raid_config', () => ({})],
  ['traits', () => []],
  ['vendor_interface', () => FAKE_INTERFACES.vendor_interface],
  ['links', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}`)],
  ['conductor', (node, { conductor }) => node.reservation ?? conductor],
  ['allocation_uuid', () => null],
  ['chassis_uuid', () => null],
  ['ports', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/ports`)],
  ['states', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/states`)],
  ['portgroups', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/portgroups`)],
  ['volume', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/volume`)],
];

/** The node as `GET /v1/nodes/{id}` shows it at the context's version, optionally cut down to `fields` (plus `links`). */
export function nodeView(node: Node, context: ViewContext, fields?: readonly string[]): NodeView {
  const view: NodeView = {};
  for (const [key, value] of shownFields(context.version, fields)) view[key] = value(node, context);
  return view;
}

/**
 * `nodeView` as JSON text. Read-model nodes are immutable (every event makes a new one), so a
 * node's renderings stay right for as long as it is the current node: a node read over and over
 * (pollers, dashboards) is rendered once per state and view context.
 */
export function nodeViewJson(node: Node, context: ViewContext, fields?: readonly string[]): string {
  const key = `${context.version.minor}|${context.baseUrl}|${context.conductor}|${fields?.join(',') ?? '*'}`;
  let renderings = renderingsOf.get(node);
  if (!renderings) renderingsOf.set(node, (renderings = new Map()));
  let json = renderings.get(key);
  if (json === undefined) {
    json = JSON.stringify(nodeView(node, context, fields));
    if (renderings.size >= RENDERINGS_PER_NODE) renderings.clear();
    renderings.set(key, json);
  }
  return json;
}

/** The content type of JSON text sent as is, the one Fastify gives the serialized responses. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const RENDERINGS_PER_NODE = 4;
const renderingsOf = new WeakMap<Node, Map<string, string>>();

/**
 * The fields a view shows at a version, cut down to `fields`: worked out once per version and
 * field list (a poll asks for the same few fields over and over), not per node.
 */
function shownFields(version: Microversion, fields: readonly string[] | undefined): readonly (readonly [string, FieldValue])[] {
  const key = fields === undefined ? `${version.minor}` : `${version.minor}:${fields.join(',')}`;
  let shown = shownFieldsCache.get(key);
  if (!shown) {
    shown = NODE_FIELD_VALUES.filter(([field]) => visibleAt(field, version) && (fields === undefined || field === 'links' || fields.includes(field)));
    // Clients choose the field lists: keep the cache bounded.
    if (shownFieldsCache.size >= SHOWN_FIELDS_CACHE_SIZE) shownFieldsCache.clear();
    shownFieldsCache.set(key, shown);
  }
  return shown;
}

const SHOWN_FIELDS_CACHE_SIZE = 1000;
const shownFieldsCache = new Map<string, readonly (readonly [string, FieldValue])[]>();

/** `GET /v1/nodes/{id}/states`. */
export function statesView(node: Node, version: Microversion): NodeView {
  const full: NodeView = {
    console_enabled: false,
    last_error: node.last_error,
    power_state: node.power_state,
    provision_state: shownProvisionState(node, version),
    target_power_state: node.target_power_state,
    target_provision_state: node.target_provision_state,
    provision_updated_at: ironicTime(node.provision_updated_at),
    raid_config: {},
    target_raid_config: {},
    boot_mode: null,
    secure_boot: null,
  };
  return pick(full, (key) => visibleAt(key, version));
}

/**
 * Checks a `fields` query value: every name must be a node field (400), and exist at the
 * requested version (406), as Ironic checks it.
 */
export function checkFields(fields: readonly string[], version: Microversion): void {
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  const unknown = fields.filter((field) => !NODE_FIELDS.has(field));
  if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
  if (fields.some((field) => !visibleAt(field, version))) throw notAcceptable();
}

/** `[self, bookmark]` links of a resource path such as `nodes/<uuid>`. */
export function resourceLinks(baseUrl: string, path: string): { href: string; rel: string }[] {
  return [
    { href: `${baseUrl}/v1/${path}`, rel: 'self' },
    { href: `${baseUrl}/${path}`, rel: 'bookmark' },
  ];
}

/** ISO 8601 as Ironic prints it: microseconds and an explicit UTC offset. */
export function ironicTime(iso: string | null): string | null {
  if (iso === null) return null;
  // What the domain records (`Date#toISOString`) needs no parsing.
  if (ISO_UTC_MILLIS.test(iso)) return `${iso.slice(0, -1)}000+00:00`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, -1)}000+00:00`;
}

const ISO_UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function visibleAt(field: string, version: Microversion): boolean {
  return version.atLeast(FIELD_MIN_VERSION[field] ?? 1);
}

/** Every field name a client may ask for with `fields` (all view keys but `links`). */
const NODE_FIELDS: ReadonlySet<string> = new Set(NODE_FIELD_VALUES.map(([field]) => field).filter((field) => field !== 'links'));

/** Before 1.2 `available` was called NOSTATE and shown as `null`. */
function shownProvisionState(node: Node, version: Microversion): string | null {
  return node.provision_state === 'available' && !version.atLeast(Versions.AVAILABLE_STATE) ? null : node.provision_state;
}

/** What ironledger keeps of Ironic's `driver_internal_info`: the steps of a running clean or deploy. */
function driverInternalInfo(node: Node): JsonObject {
  const info: JsonObject = {};
  if (node.clean_steps !== null) info.clean_steps = node.clean_steps;
  if (node.deploy_steps !== null) info.deploy_steps = node.deploy_steps;
  return info;
}

function pick(view: NodeView, keep: (key: string) => boolean): NodeView {
  return Object.fromEntries(Object.entries(view).filter(([key]) => keep(key)));
}


/** An entry of `GET /v1/nodes` without `detail` or `fields`, in Ironic's key order. */
export function listItemView(node: Node, context: ViewContext): NodeView {
  const view = nodeView(node, context, LIST_FIELDS);
  return Object.fromEntries(LIST_FIELDS.filter((key) => key in view).map((key) => [key, view[key]]));
}
