import { useEffect, useState } from 'preact/hooks';
import { api, type NodeRow } from './api.js';
import { Field } from './field.js';
import { findNodes } from './find-nodes.js';
import { shortId } from './format.js';
import { FIRST_PAGE, filtersQuery, nextPage, nextSort, type NodeFilters, type NodeSort, nodesQuery, pageNumber, PAGE_SIZES, type Paging, previousPage } from './paging.js';
import { searchTerm } from './search.js';
import { useFetched } from './use-fetched.js';

/** The columns, each sorted by the field of Ironic's `sort_key` it shows. */
const COLUMNS = [
  ['name', 'Name'],
  ['uuid', 'UUID'],
  ['provision_state', 'Provision state'],
  ['power_state', 'Power'],
  ['maintenance', 'Maint.'],
  ['fault', 'Fault'],
  ['driver', 'Driver'],
  ['last_error', 'Last error'],
] as const;

export interface NodeTableProps {
  readonly filters: NodeFilters;
  /** A search (see `search.ts`): when not blank, the table shows what it finds instead of a page. */
  readonly search: string;
  /** A past instant, or `null` for now. */
  readonly asOf: string | null;
  /** Changes when events arrive: the page shown is reloaded (now only). */
  readonly tick: number;
  readonly selected: string | null;
  readonly onSelect: (uuid: string) => void;
  /** The nodes checked for a bulk verb. */
  readonly checked: ReadonlySet<string>;
  readonly onCheck: (uuids: readonly string[], on: boolean) => void;
  /** The nodes listed, so that their names are known elsewhere. */
  readonly onRows: (nodes: readonly NodeRow[]) => void;
}

/** The fleet's nodes, one page at a time (see `paging.ts`), filtered and ordered by Ironic's own list parameters, or a search's finds. */
export function NodeTable({ filters, search, asOf, tick, selected, onSelect, checked, onCheck, onRows }: NodeTableProps) {
  const [limit, setLimit] = useState<number>(PAGE_SIZES[1]);
  const [sort, setSort] = useState<NodeSort | null>(null);
  // The paging belongs to one view (filters, order, page size, instant): another view starts on its first page.
  const view = JSON.stringify([filters, sort, limit, asOf]);
  const [place, setPlace] = useState<{ view: string; paging: Paging }>({ view, paging: FIRST_PAGE });
  const paging = place.view === view ? place.paging : FIRST_PAGE;
  const go = (to: Paging) => setPlace({ view, paging: to });
  const term = searchTerm(search);
  const page = useFetched(
    async () => (term ? { nodes: await findNodes(term), next: undefined } : api.nodes(nodesQuery(filters, paging, limit, asOf, sort))),
    [view, search, paging, asOf === null ? tick : -1],
  );
  const nodes = page.value?.nodes ?? [];
  useEffect(() => onRows(nodes), [page.value]);
  const allChecked = nodes.length > 0 && nodes.every((node) => checked.has(node.uuid));
  const [matching, setMatching] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const checkAllMatching = async () => {
    setMatching({ busy: true });
    try {
      onCheck(await api.allMatching(filtersQuery(filters)), true);
      setMatching({ busy: false });
    } catch (error) {
      setMatching({ busy: false, error: (error as Error).message });
    }
  };

  return (
    <>
      {page.error && (
        <p class="error" role="alert">
          {page.error.message}
        </p>
      )}
      {!term && asOf === null && (
        <p class="select-matching">
          <button type="button" class="link" disabled={matching.busy} onClick={() => void checkAllMatching()}>
            Select all nodes matching the filters
          </button>
          {matching.busy && <span class="muted"> selecting…</span>}
          {matching.error && <span class="error"> {matching.error}</span>}
        </p>
      )}
      <div class="table-view">
        <table class="node-table" aria-label="Nodes" aria-busy={page.loading}>
          <thead>
            <tr>
              <th scope="col" class="check">
                <input type="checkbox" aria-label="Select the nodes shown" checked={allChecked} disabled={nodes.length === 0} onChange={() => onCheck(nodes.map((node) => node.uuid), !allChecked)} />
              </th>
              {COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" aria-sort={sort?.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {term ? (
                    label
                  ) : (
                    <button type="button" class="sort" onClick={() => setSort(nextSort(sort, key))}>
                      {label}
                      <span aria-hidden="true">{sort?.key === key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {nodes.map((node) => (
              <Row key={node.uuid} node={node} selected={node.uuid === selected} onSelect={onSelect} checked={checked.has(node.uuid)} onCheck={(on) => onCheck([node.uuid], on)} />
            ))}
          </tbody>
        </table>
      </div>
      {!page.loading && nodes.length === 0 && <p class="muted">{term ? `Nothing found for “${search}”.` : paging.markers.length > 0 ? 'No more nodes.' : 'No nodes match.'}</p>}
      {!term && (
        <nav class="pager" aria-label="Pages">
          <button type="button" disabled={paging.markers.length === 0} onClick={() => go(FIRST_PAGE)}>
            First
          </button>
          <button type="button" disabled={paging.markers.length === 0} onClick={() => go(previousPage(paging))}>
            Previous
          </button>
          <span aria-live="polite">Page {pageNumber(paging)}</span>
          <button type="button" disabled={!page.value?.next || nodes.length === 0} onClick={() => go(nextPage(paging, nodes.at(-1)!.uuid))}>
            Next
          </button>
          <Field id="page-size" label="Per page">
            <select id="page-size" value={String(limit)} onChange={(event) => setLimit(Number(event.currentTarget.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size}>{size}</option>
              ))}
            </select>
          </Field>
        </nav>
      )}
    </>
  );
}

interface RowProps {
  readonly node: NodeRow;
  readonly selected: boolean;
  readonly onSelect: (uuid: string) => void;
  readonly checked: boolean;
  readonly onCheck: (on: boolean) => void;
}

function Row({ node, selected, onSelect, checked, onCheck }: RowProps) {
  const target = (now: string | null, next: string | null) => (next ? `${now ?? 'none'} → ${next}` : (now ?? 'none'));
  const name = node.name ?? shortId(node.uuid);
  return (
    <tr class={selected ? 'selected' : undefined} aria-current={selected} onClick={() => onSelect(node.uuid)}>
      <td class="check" onClick={(event) => event.stopPropagation()}>
        <input type="checkbox" aria-label={`Select ${name}`} checked={checked} onChange={(event) => onCheck(event.currentTarget.checked)} />
      </td>
      <td>
        {/* The whole row opens the node; the button makes it reachable from the keyboard (its click reaches the row). */}
        <button type="button" class="link">
          {name}
        </button>
      </td>
      <td title={node.uuid}>
        <code>{shortId(node.uuid)}</code>
      </td>
      <td>{target(node.provision_state, node.target_provision_state)}</td>
      <td>{target(node.power_state, node.target_power_state)}</td>
      <td>{node.maintenance ? 'yes' : ''}</td>
      <td>{node.fault ?? ''}</td>
      <td>{node.driver}</td>
      <td class="last-error" title={node.last_error ?? undefined}>
        {node.last_error ?? ''}
      </td>
    </tr>
  );
}
