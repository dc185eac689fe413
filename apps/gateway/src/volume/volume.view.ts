/**
 * Ironic's volume connectors and targets as its API shows them (a target's secrets masked as
 * Ironic masks them), and the query of their lists.
 */
import { type Node, type VolumeConnector, type VolumeTarget } from '@ironledger/domain';
import { maskVolumeTargetProperties } from '@ironledger/lifecycle-events';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { type RawQuery, selectPage } from '../http/collection-query.js';
import { uuidOrNameArg } from '../http/ironic-args.js';
import { checkSortKey, listParameters, type ListQuery, type ListRules, parseListQuery } from '../http/list-query.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';
import { ironicTime, resourceLinks } from '../http/views.js';

export interface VolumeEntry<T> {
  readonly item: T;
  readonly node: Node;
}

/** What differs between connectors and targets in the API. */
export interface VolumeKind<T extends { readonly uuid: string }> {
  /** `connectors` or `targets`: the collection's path and list key. */
  readonly collection: 'connectors' | 'targets';
  /** `Volume connector` or `Volume target`, as Ironic's "could not be found" names it. */
  readonly title: string;
  /** Fields of a list entry without `detail` or `fields`, as Ironic's `next` link names them. */
  readonly listFields: readonly string[];
  readonly unsortable: ReadonlySet<string>;
  readonly columns: ReadonlySet<string>;
  /** The item's own fields, in Ironic's order (before `links` and `node_uuid`). */
  readonly fields: (item: T) => Record<string, unknown>;
}

export const CONNECTORS: VolumeKind<VolumeConnector> = {
  collection: 'connectors',
  title: 'Volume connector',
  listFields: ['uuid', 'node_uuid', 'type', 'connector_id'],
  unsortable: new Set(['extra']),
  columns: new Set(['id', 'uuid', 'node_id', 'type', 'connector_id', 'created_at', 'updated_at']),
  fields: (connector) => ({ connector_id: connector.connector_id, extra: connector.extra, type: connector.type }),
};

export const TARGETS: VolumeKind<VolumeTarget> = {
  collection: 'targets',
  title: 'Volume target',
  listFields: ['uuid', 'node_uuid', 'volume_type', 'boot_index', 'volume_id'],
  unsortable: new Set(['extra', 'properties']),
  columns: new Set(['id', 'uuid', 'node_id', 'volume_type', 'boot_index', 'volume_id', 'created_at', 'updated_at']),
  fields: (target) => ({ boot_index: target.boot_index, extra: target.extra, properties: maskVolumeTargetProperties(target.properties), volume_id: target.volume_id, volume_type: target.volume_type }),
};

/** A connector or target as `GET /v1/volume/<collection>/{uuid}` shows it, optionally cut down to `fields` (plus `links`). */
export function volumeView<T extends { readonly uuid: string; readonly created_at: string; readonly updated_at: string | null }>(
  kind: VolumeKind<T>,
  { item, node }: VolumeEntry<T>,
  baseUrl: string,
  fields?: readonly string[],
): Record<string, unknown> {
  const full: Record<string, unknown> = {
    uuid: item.uuid,
    created_at: ironicTime(item.created_at),
    updated_at: ironicTime(item.updated_at),
    ...kind.fields(item),
    links: resourceLinks(baseUrl, `volume/${kind.collection}/${item.uuid}`),
    node_uuid: node.uuid,
  };
  if (!fields) return full;
  const unknown = fields.filter((field) => !Object.hasOwn(full, field));
  if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
  return Object.fromEntries(Object.entries(full).filter(([key]) => key === 'links' || fields.includes(key)));
}

/** `?fields=` of a single connector or target. */
export function volumeFields(raw: unknown, version: Microversion): string[] | undefined {
  if (typeof raw !== 'string') return undefined;
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  return [...new Set(raw.split(',').map((field) => field.trim().toLowerCase()).filter(Boolean))];
}

export interface VolumeQuery extends ListQuery {
  readonly node?: string;
}

/** The filter of a connector or target list. */
const VOLUME_FILTERS: readonly QueryParameter[] = [{ name: 'node', description: 'Those of this node (UUID or name).', schema: QUERY_VALUE.string }];

/** Every parameter a connector or target list takes (the lists, and `detail` with them, came with 1.32), as the document describes them. */
export function volumeListParameters(): QueryParameter[] {
  return [...VOLUME_FILTERS, ...listParameters(false, Versions.VOLUME)];
}

/** Reads and checks the query of a connector or target list (`detail` at any version; no `/detail` path). */
export function parseVolumeQuery(kind: VolumeKind<never>, raw: RawQuery, version: Microversion): VolumeQuery {
  const rules: ListRules = {
    filters: VOLUME_FILTERS.map(({ name }) => name),
    detailPath: false,
    detailSince: Versions.VOLUME,
    fieldsWithDetail: "Can't fetch a subset of fields with 'detail' set",
    unsortable: kind.unsortable,
    columns: kind.columns,
  };
  const query = parseListQuery(raw, version, rules);
  if (query.filters.node !== undefined) uuidOrNameArg('node', query.filters.node);
  // Ironic's `next` link says `detail=True`, never `detail=False`.
  return { ...query, detail: query.detail || undefined, node: query.filters.node || undefined };
}

/** One page of the items `keep` keeps (of all, in creation order); an unknown marker is a 404. */
export function selectVolume<T extends { readonly uuid: string }>(kind: VolumeKind<T>, all: readonly VolumeEntry<T>[], query: VolumeQuery, keep: (entry: VolumeEntry<T>) => boolean) {
  if (query.marker !== undefined && !all.some((entry) => entry.item.uuid === query.marker)) throw new ApiError(404, `${kind.title} ${query.marker} could not be found.`);
  checkSortKey(query, kind);
  return selectPage(
    {
      items: all,
      uuidOf: (entry) => entry.item.uuid,
      sortValue: ({ item, node }, key) => (key === 'node_id' ? node.created_at : (item[key as keyof T] ?? null)),
      unknownMarker: (uuid) => `${kind.title} ${uuid} could not be found.`,
    },
    query,
    keep,
  );
}
