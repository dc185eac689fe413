import { useState } from 'preact/hooks';
import { Field } from './field.js';
import { type NodeFilters } from './paging.js';

/** The faults Ironic records (its `fault` filter refuses others). */
const FAULTS = ['power failure', 'clean failure', 'rescue abort failure'];
const YES_NO = [
  ['true', 'yes'],
  ['false', 'no'],
] as const;
/** Text filters, shown under "More filters": Ironic matches each exactly (`description_contains` in part). */
const TEXT_FILTERS = [
  ['driver', 'Driver'],
  ['resource_class', 'Resource class'],
  ['conductor_group', 'Conductor group'],
  ['conductor', 'Conductor'],
  ['owner', 'Owner'],
  ['lessee', 'Lessee'],
  ['project', 'Project'],
  ['description_contains', 'Description contains'],
] as const;

export interface NodeFiltersProps {
  readonly filters: NodeFilters;
  readonly onFilters: (filters: NodeFilters) => void;
  readonly provisionStates: readonly string[];
  /** The search shown (`''`: none). */
  readonly search: string;
  readonly onSearch: (term: string) => void;
}

/** The search box and Ironic's list filters. */
export function NodeFilterForm({ filters, onFilters, provisionStates, search, onSearch }: NodeFiltersProps) {
  const [typed, setTyped] = useState(search);
  const set = (name: keyof NodeFilters, value: string) => onFilters({ ...filters, [name]: value || undefined });
  const choice = (name: keyof NodeFilters, label: string, options: readonly (readonly [string, string])[]) => (
    <Field id={`filter-${name}`} label={label}>
      <select id={`filter-${name}`} value={filters[name] ?? ''} onChange={(event) => set(name, event.currentTarget.value)}>
        <option value="">any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
  const more = TEXT_FILTERS.filter(([name]) => filters[name]).length;
  return (
    <>
      <form
        class="search"
        role="search"
        aria-label="Find a node"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(typed.trim());
        }}
      >
        <input id="search" type="search" aria-label="Name, UUID, instance UUID or MAC" placeholder="Name, UUID, instance UUID or MAC" value={typed} onInput={(event) => setTyped(event.currentTarget.value)} />
        <button type="submit">Find</button>
        {search !== '' && (
          <button
            type="button"
            onClick={() => {
              setTyped('');
              onSearch('');
            }}
          >
            Clear search
          </button>
        )}
      </form>
      <form class="filters" role="search" aria-label="Node filters" onSubmit={(event) => event.preventDefault()}>
        {choice('provision_state', 'Provision state', provisionStates.map((state) => [state, state]))}
        {choice('maintenance', 'Maintenance', YES_NO)}
        {choice('fault', 'Fault', FAULTS.map((fault) => [fault, fault]))}
        {choice('associated', 'Has instance', YES_NO)}
        {choice('retired', 'Retired', YES_NO)}
        <details class="more-filters" open={more > 0}>
          <summary>More filters{more > 0 && ` (${more})`}</summary>
          <div class="filters">
            {TEXT_FILTERS.map(([name, label]) => (
              <Field key={name} id={`filter-${name}`} label={label}>
                {/* Text filters apply when the field is left or Enter is pressed, not on every key. */}
                <input id={`filter-${name}`} type="search" value={filters[name] ?? ''} onChange={(event) => set(name, event.currentTarget.value)} />
              </Field>
            ))}
          </div>
        </details>
      </form>
    </>
  );
}
