/**
 * A node as Ironic's API shows it: every field in Ironic's order, each hidden below the
 * microversion that introduced it, Ironic's fake-hardware defaults for what ironledger does not
 * model, secrets masked in exactly the fields Ironic masks (`driver_info`, `instance_info`, the
 * agent's token; see `redact.ts`) and every other field as stored, timestamps as `…+00:00`.
 */
import { type Json, type JsonObject, type Node, REDACTED, type StepKind } from '@ironledger/domain';
import { maskBootConfig, maskDriverInfo, maskInstanceInfo } from '@ironledger/lifecycle-events';
import { badRequest, notAcceptable } from '../http/errors.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { ironicTime, resourceLinks } from '../http/views.js';

export type NodeView = Record<string, unknown>;

export interface ViewContext {
  readonly version: Microversion;
  /** Scheme and host the client used, e.g. `http://127.0.0.1:6385`, for links. */
  readonly baseUrl: string;
  /** Shown as `conductor` when no conductor holds the node (Ironic shows the hash ring's pick). */
  readonly conductor: string | null;
  /**
   * When the node's agent last heartbeat, heard by the gateways (`AgentLiveness`); the recorded
   * heartbeat when absent (a node as it was at a past instant).
   */
  readonly agentLastHeartbeat?: (node: Node) => string | null;
  /** The fields the caller may not read (Keystone callers, see `access.ts`), shown as Ironic shows them: redacted. */
  readonly redacted?: (node: Node) => readonly RedactedField[];
}

/** The node fields Ironic's policy hides from callers below its `filter_threshold`, and what it shows instead. */
export const REDACTED_FIELDS = {
  last_error: '** Value Redacted - Requires baremetal:node:get:last_error permission. **',
  reservation: '** Redacted - requires baremetal:node:get:reservation permission. **',
  driver_internal_info: { content: '** Redacted - Requires baremetal:node:get:driver_internal_info permission. **' },
  driver_info: { content: '** Redacted - requires baremetal:node:get:driver_info permission. **' },
} as const;

export type RedactedField = keyof typeof REDACTED_FIELDS;

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

/** Fields of `GET /v1/nodes` without `detail` or `fields`. */
export const LIST_FIELDS = ['uuid', 'instance_uuid', 'maintenance', 'power_state', 'provision_state', 'name', 'links'] as const;


type FieldValue = (node: Node, context: ViewContext) => unknown;

/** How each node field is shown, in Ironic's order. */
const NODE_FIELD_VALUES: readonly (readonly [string, FieldValue])[] = [
  ['uuid', (node) => node.uuid],
  ['created_at', (node) => ironicTime(node.created_at)],
  ['updated_at', (node) => ironicTime(node.updated_at)],
  ['automated_clean', (node) => node.automated_clean],
  ['bios_interface', (node) => node.bios_interface],
  ['boot_interface', (node) => node.boot_interface],
  ['boot_mode', (node) => node.boot_mode],
  ['clean_step', (node) => currentStep(node, 'clean')],
  ['conductor_group', (node) => node.conductor_group],
  ['console_enabled', (node) => node.console_enabled],
  ['console_interface', (node) => node.console_interface],
  ['deploy_interface', (node) => node.deploy_interface],
  ['deploy_step', (node) => currentStep(node, 'deploy')],
  ['description', (node) => node.description],
  ['driver', (node) => node.driver],
  ['driver_info', (node) => maskDriverInfo(node.driver_info)],
  ['driver_internal_info', (node, context) => driverInternalInfo(node, context)],
  ['extra', (node) => node.extra],
  ['fault', (node) => node.fault],
  ['inspection_finished_at', (node) => ironicTime(node.introspection?.finished_at ?? null)],
  ['inspection_started_at', (node) => ironicTime(node.introspection?.started_at ?? null)],
  ['inspect_interface', (node) => node.inspect_interface],
  ['instance_info', (node) => maskInstanceInfo(node.instance_info)],
  ['instance_uuid', (node) => node.instance_uuid],
  ['last_error', (node) => node.last_error],
  ['lessee', (node) => node.lessee],
  ['maintenance', (node) => node.maintenance],
  ['maintenance_reason', (node) => node.maintenance_reason],
  ['management_interface', (node) => node.management_interface],
  ['name', (node) => node.name],
  ['network_data', (node) => node.network_data],
  ['network_interface', (node) => node.network_interface],
  ['owner', (node) => node.owner],
  ['power_interface', (node) => node.power_interface],
  ['power_state', (node) => node.power_state],
  ['properties', (node) => node.properties],
  ['protected', (node) => node.protected],
  ['protected_reason', (node) => node.protected_reason],
  ['provision_state', (node, { version }) => shownProvisionState(node, version)],
  ['provision_updated_at', (node) => ironicTime(node.provision_updated_at)],
  ['raid_config', (node) => node.raid_config],
  ['raid_interface', (node) => node.raid_interface],
  ['rescue_interface', (node) => node.rescue_interface],
  ['reservation', (node) => node.reservation],
  ['resource_class', (node) => node.resource_class],
  ['retired', (node) => node.retired],
  ['retired_reason', (node) => node.retired_reason],
  ['secure_boot', (node) => node.secure_boot],
  ['shard', (node) => node.shard],
  ['storage_interface', (node) => node.storage_interface],
  ['target_power_state', (node) => node.target_power_state],
  ['target_provision_state', (node) => node.target_provision_state],
  ['target_raid_config', (node) => node.target_raid_config],
  ['traits', (node) => node.traits],
  ['vendor_interface', (node) => node.vendor_interface],
  ['links', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}`)],
  ['conductor', (node, context) => conductorOf(node, context)],
  ['allocation_uuid', (node) => node.allocation_uuid],
  ['chassis_uuid', (node) => node.chassis_uuid],
  ['ports', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/ports`)],
  ['states', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/states`)],
  ['portgroups', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/portgroups`)],
  ['volume', (node, { baseUrl }) => resourceLinks(baseUrl, `nodes/${node.uuid}/volume`)],
];

/**
 * The node as `GET /v1/nodes/{id}` shows it at the context's version, optionally cut down to
 * `fields`: then `uuid` first when asked for, the other fields in the order asked, `links`, and
 * last the fields Ironic looks up elsewhere (`conductor`, `allocation_uuid`, `chassis_uuid`).
 */
export function nodeView(node: Node, context: ViewContext, fields?: readonly string[]): NodeView {
  const view: NodeView = {};
  for (const [key, value] of shownFields(context.version, fields)) view[key] = value(node, context);
  for (const field of context.redacted?.(node) ?? []) if (field in view) view[field] = REDACTED_FIELDS[field];
  return view;
}

/**
 * `nodeView` as JSON text. Read-model nodes are immutable (every event makes a new one), so a
 * node's renderings stay right for as long as it is the current node: a node read over and over
 * (pollers, dashboards) is rendered once per state and view context.
 */
export function nodeViewJson(node: Node, context: ViewContext, fields?: readonly string[]): string {
  // The agent's heartbeats that append nothing change the view of the same node.
  const key = `${context.version.minor}|${context.baseUrl}|${context.conductor}|${lastHeartbeat(node, context)}|${fields?.join(',') ?? '*'}|${context.redacted?.(node).join(',') ?? ''}`;
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
    shown = fields === undefined ? NODE_FIELD_VALUES.filter(([field]) => visibleAt(field, version)) : fieldsInOrder(fields).filter(([field]) => visibleAt(field, version));
    // Clients choose the field lists: keep the cache bounded.
    if (shownFieldsCache.size >= SHOWN_FIELDS_CACHE_SIZE) shownFieldsCache.clear();
    shownFieldsCache.set(key, shown);
  }
  return shown;
}

/** The view's fields for a `fields` list, in the order Ironic writes them. */
function fieldsInOrder(fields: readonly string[]): (readonly [string, FieldValue])[] {
  const named = (field: string) => FIELD_VALUES.get(field);
  const asked = fields.filter((field) => field !== 'uuid' && field !== 'links' && !LOOKED_UP_FIELDS.includes(field));
  return [
    ...(fields.includes('uuid') ? ['uuid'] : []),
    ...asked,
    'links',
    ...LOOKED_UP_FIELDS.filter((field) => fields.includes(field)),
  ].flatMap((field) => (named(field) ? [[field, named(field)!] as const] : []));
}

/** Fields Ironic adds after building the node's own: shown last. */
const LOOKED_UP_FIELDS = ['conductor', 'allocation_uuid', 'chassis_uuid'];

const SHOWN_FIELDS_CACHE_SIZE = 1000;
const shownFieldsCache = new Map<string, readonly (readonly [string, FieldValue])[]>();

/** `GET /v1/nodes/{id}/states` (Ironic masks nothing there). */
export function statesView(node: Node, version: Microversion): NodeView {
  const full: NodeView = {
    console_enabled: node.console_enabled,
    last_error: node.last_error,
    power_state: node.power_state,
    provision_state: shownProvisionState(node, version),
    target_power_state: node.target_power_state,
    target_provision_state: node.target_provision_state,
    provision_updated_at: ironicTime(node.provision_updated_at),
    raid_config: node.raid_config,
    target_raid_config: node.target_raid_config,
    boot_mode: node.boot_mode,
    secure_boot: node.secure_boot,
  };
  return pick(full, (key) => visibleAt(key, version));
}

/**
 * Reads the `fields` of `GET /v1/nodes/{id}`: comma-separated, trimmed, lower-cased, each once
 * (`undefined` when absent). Ironic refuses it below 1.8 and a field newer than the version
 * with 406, then a name that is no node field with 400.
 */
export function parseFields(fields: unknown, version: Microversion): string[] | undefined {
  if (typeof fields !== 'string') return undefined;
  const wanted = [...new Set(fields.split(',').map((field) => field.trim().toLowerCase()).filter(Boolean))];
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  if (wanted.some((field) => !visibleAt(field, version))) throw notAcceptable();
  const unknown = wanted.find((field) => !NODE_FIELDS.has(field));
  if (unknown !== undefined) throw badRequest(`Field ${unknown} is not a valid field.`);
  return wanted;
}

export function visibleAt(field: string, version: Microversion): boolean {
  return version.atLeast(FIELD_MIN_VERSION[field] ?? 1);
}

/** Every field name a client may ask for with `fields` (the view's own keys, not its links). */
const NODE_FIELDS: ReadonlySet<string> = new Set(NODE_FIELD_VALUES.map(([field]) => field).filter((field) => !['links', 'ports', 'states', 'portgroups', 'volume'].includes(field)));

const FIELD_VALUES: ReadonlyMap<string, FieldValue> = new Map(NODE_FIELD_VALUES);

/** Before 1.2 `available` was called NOSTATE and shown as `null`; before 1.39 `inspect wait` did not exist. */
function shownProvisionState(node: Node, version: Microversion): string | null {
  if (node.provision_state === 'available' && !version.atLeast(Versions.AVAILABLE_STATE)) return null;
  if (node.provision_state === 'inspect wait' && !version.atLeast(Versions.INSPECT_WAIT_STATE)) return 'inspecting';
  return node.provision_state;
}

/**
 * The conductor `GET /v1/nodes/{id}` names: the one holding the node, else the context's
 * (Ironic shows the hash ring's pick; any live conductor takes any node here).
 */
export function conductorOf(node: Pick<Node, 'reservation'>, context: Pick<ViewContext, 'conductor'>): string | null {
  return node.reservation ?? context.conductor;
}

/**
 * What ironledger keeps of Ironic's `driver_internal_info`, under Ironic's keys: the steps of a
 * running clean or deploy (the plan once there is one, else the operator's) and where the run
 * is, and the ramdisk agent (its token masked, as Ironic masks it).
 */
function driverInternalInfo(node: Node, context: ViewContext): JsonObject {
  const info: JsonObject = {};
  const run = node.step_run;
  if (node.clean_steps !== null) info.clean_steps = node.clean_steps;
  if (node.cleaning_disable_ramdisk) info.cleaning_disable_ramdisk = true;
  if (node.deploy_steps !== null) info.deploy_steps = node.deploy_steps;
  if (run) {
    info[`${run.kind}_steps`] = run.steps as unknown as Json[];
    info[`${run.kind}_step_index`] = run.index;
  }
  const agent = node.agent;
  if (agent?.url) info.agent_url = agent.url;
  if (agent?.version) info.agent_version = agent.version;
  // Ironic writes this one as a naive UTC ISO time.
  const heartbeat = lastHeartbeat(node, context);
  if (heartbeat) info.agent_last_heartbeat = heartbeat.replace(/Z$/, '');
  if (agent?.token) info.agent_secret_token = REDACTED;
  if (agent?.pregenerated) info.agent_secret_token_pregenerated = true;
  // What a PXE service serves the node now, ramdisk or ramdisk instance (ironledger's: Ironic writes it to its TFTP root instead).
  if (node.boot_config) info.pxe_config = maskBootConfig(node.boot_config);
  return info;
}

function lastHeartbeat(node: Node, context: ViewContext): string | null {
  return context.agentLastHeartbeat ? context.agentLastHeartbeat(node) : (node.agent?.last_heartbeat ?? null);
}

/** The step of kind `kind` running now (`{}`: none), as `clean_step`/`deploy_step` show it. */
function currentStep(node: Node, kind: StepKind): JsonObject {
  const run = node.step_run;
  if (run?.kind !== kind || run.index === null) return {};
  return { ...run.steps[run.index]! } as unknown as JsonObject;
}

function pick(view: NodeView, keep: (key: string) => boolean): NodeView {
  return Object.fromEntries(Object.entries(view).filter(([key]) => keep(key)));
}


/** An entry of `GET /v1/nodes` without `detail` or `fields`, in Ironic's key order. */
export function listItemView(node: Node, context: ViewContext): NodeView {
  const view = nodeView(node, context, LIST_FIELDS);
  return Object.fromEntries(LIST_FIELDS.filter((key) => key in view).map((key) => [key, view[key]]));
}
