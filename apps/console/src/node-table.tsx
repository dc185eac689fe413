import { useState } from 'preact/hooks';
import { api, type NodeRow } from './api.js';
import { Field } from './field.js';
import { shortId } from './format.js';
import { FIRST_PAGE, nextPage, type NodeFilters, pageNumber, PAGE_SIZES, type Paging, previousPage, nodesQuery } from './paging.js';
import { useFetched } from './use-fetched.js';

/** The faults Ironic records (its `fault` filter refuses others). */
const FAULTS = ['power failure', 'clean failure', 'rescue abort failure'];

export interface NodeTableProps {
  readonly filters: NodeFilters;
  readonly onFilters: (filters: NodeFilters) => void;
  /** Every provision state, for the filter. */
  readonly provisionStates: readonly string[];
  /** A past instant, or `null` for now. */
  readonly asOf: string | null;
  /** Changes when events arrive: the page shown is reloaded (now only). */
  readonly tick: number;
  readonly selected: string | null;
  readonly onSelect: (uuid: string) => void;
}

/** The fleet's nodes, one page at a time (see `paging.ts`), filtered by Ironic's own list filters. */
export function NodeTable({ filters, onFilters, provisionStates, asOf, tick, selected, onSelect }: NodeTableProps) {
  const [limit, setLimit] = useState<number>(PAGE_SIZES[1]);
  // The paging belongs to one view (filters, page size, instant): another view starts on its first page.
  const view = JSON.stringify([filters, limit, asOf]);
  const [place, setPlace] = useState<{ view: string; paging: Paging }>({ view, paging: FIRST_PAGE });
  const paging = place.view === view ? place.paging : FIRST_PAGE;
  const go = (to: Paging) => setPlace({ view, paging: to });
  const page = useFetched(() => api.nodes(nodesQuery(filters, paging, limit, asOf)), [view, paging, asOf === null ? tick : -1]);
  const nodes = page.value?.nodes ?? [];
  const set = (name: keyof NodeFilters, value: string) => onFilters({ ...filters, [name]: value || undefined });

  return (
    <section class="panel nodes" aria-labelledby="nodes-title">
      <h2 id="nodes-title">Nodes</h2>
      <form class="filters" role="search" aria-label="Node filters" onSubmit={(event) => event.preventDefault()}>
        <Field id="filter-provision-state" label="Provision state">
          <select id="filter-provision-state" value={filters.provision_state ?? ''} onChange={(event) => set('provision_state', event.currentTarget.value)}>
            <option value="">any</option>
            {provisionStates.map((state) => (
              <option key={state}>{state}</option>
            ))}
          </select>
        </Field>
        <Field id="filter-maintenance" label="Maintenance">
          <select id="filter-maintenance" value={filters.maintenance ?? ''} onChange={(event) => set('maintenance', event.currentTarget.value)}>
            <option value="">any</option>
            <option value="true">yes</option>
            <option value="false">no</option>
          </select>
        </Field>
        <Field id="filter-fault" label="Fault">
          <select id="filter-fault" value={filters.fault ?? ''} onChange={(event) => set('fault', event.currentTarget.value)}>
            <option value="">any</option>
            {FAULTS.map((fault) => (
              <option key={fault}>{fault}</option>
            ))}
          </select>
        </Field>
        {(['driver', 'resource_class', 'conductor_group'] as const).map((name) => (
          <Field key={name} id={`filter-${name}`} label={name.replace('_', ' ').replace(/^./, (first) => first.toUpperCase())}>
            {/* Text filters apply when the field is left or Enter is pressed, not on every key. */}
            <input id={`filter-${name}`} type="search" value={filters[name] ?? ''} onChange={(event) => set(name, event.currentTarget.value)} />
          </Field>
        ))}
      </form>
      {page.error && (
        <p class="error" role="alert">
          {page.error.message}
        </p>
      )}
      <table class="node-table" aria-label="Nodes" aria-busy={page.loading}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">UUID</th>
            <th scope="col">Provision state</th>
            <th scope="col">Power</th>
            <th scope="col">Maintenance</th>
            <th scope="col">Fault</th>
            <th scope="col">Driver</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((node) => (
            <Row key={node.uuid} node={node} selected={node.uuid === selected} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
      {!page.loading && nodes.length === 0 && <p class="muted">{paging.markers.length > 0 ? 'No more nodes.' : 'No nodes match.'}</p>}
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
    </section>
  );
}

function Row({ node, selected, onSelect }: { node: NodeRow; selected: boolean; onSelect: (uuid: string) => void }) {
  const target = (now: string | null, next: string | null) => (next ? `${now ?? 'none'} → ${next}` : (now ?? 'none'));
  return (
    <tr class={selected ? 'selected' : undefined} aria-current={selected} onClick={() => onSelect(node.uuid)}>
      <td>
        {/* The whole row selects; the button makes it reachable from the keyboard (its click reaches the row). */}
        <button type="button" class="link">
          {node.name ?? shortId(node.uuid)}
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
