import { useEffect, useState } from 'preact/hooks';
import { api } from './api.js';
import { BulkActions } from './bulk-actions.js';
import { EnrollDrawer } from './enroll-drawer.js';
import { Fleet } from './fleet.js';
import { formatTime } from './format.js';
import { LiveFeed, StreamState, useLiveEvents } from './live-feed.js';
import { NodeFilterForm } from './node-filters.js';
import { NodePanel } from './node-panel.js';
import { NodeTable } from './node-table.js';
import { type NodeFilters } from './paging.js';
import { SignOut } from './sign-in.js';
import { TimeSlider } from './time-slider.js';
import { useFetched } from './use-fetched.js';
import { useNodeNames } from './use-node-names.js';

/** The node shown, kept in the URL (`#node=<uuid>`) so that it survives a reload and can be linked to. */
function useSelectedNode(): [string | null, (uuid: string | null) => void] {
  const fromUrl = () => new URLSearchParams(location.hash.slice(1)).get('node');
  const [uuid, setUuid] = useState(fromUrl);
  useEffect(() => {
    const follow = () => setUuid(fromUrl());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const select = (next: string | null) => {
    history.pushState(null, '', next === null ? `${location.pathname}${location.search}` : `#node=${encodeURIComponent(next)}`);
    setUuid(next);
  };
  return [uuid, select];
}

/** The nodes checked for a bulk verb, in the order checked. */
function useChecked(): [readonly string[], (uuids: readonly string[], on: boolean) => void, () => void] {
  const [checked, setChecked] = useState<readonly string[]>([]);
  const check = (uuids: readonly string[], on: boolean) =>
    setChecked((previous) => {
      const given = new Set(uuids);
      return on ? [...previous.filter((uuid) => !given.has(uuid)), ...uuids] : previous.filter((uuid) => !given.has(uuid));
    });
  return [checked, check, () => setChecked([])];
}

export function App() {
  const live = useLiveEvents();
  const { names, learn } = useNodeNames(live.events);
  const [asOf, setAsOf] = useState<string | null>(null);
  const [selected, select] = useSelectedNode();
  const [filters, setFilters] = useState<NodeFilters>({});
  const [search, setSearch] = useState('');
  const [checked, check, clearChecked] = useChecked();
  const [enrolling, setEnrolling] = useState(false);
  const open = (uuid: string | null) => {
    setEnrolling(false);
    select(uuid);
  };
  const fleet = useFetched(() => api.fleet(asOf), [asOf, asOf === null ? live.tick : -1]);
  const states = fleet.value ? Object.keys(fleet.value.provision_state) : [];

  return (
    <>
      <header class="top">
        <h1>ironledger</h1>
        <TimeSlider since={fleet.value?.since ?? null} asOf={asOf} onChange={setAsOf} />
        <StreamState status={live.status} />
        <SignOut />
      </header>
      {asOf !== null && (
        <p class="past" role="note">
          Showing the fleet as it was at {formatTime(asOf)}.
        </p>
      )}
      <main>
        {fleet.error && (
          <p class="error" role="alert">
            {fleet.error.message}
          </p>
        )}
        <Fleet summary={fleet.value} onPickState={(state) => setFilters({ ...filters, provision_state: state })} />
        <div class="columns">
          <section class="panel nodes" aria-labelledby="nodes-title">
            <header class="node-header">
              <h2 id="nodes-title">Nodes</h2>
              <button type="button" disabled={asOf !== null} onClick={() => (open(null), setEnrolling(true))}>
                Enroll a node
              </button>
            </header>
            <NodeFilterForm filters={filters} onFilters={setFilters} provisionStates={states} search={search} onSearch={setSearch} />
            <BulkActions selected={checked} names={names} disabled={asOf !== null} onClear={clearChecked} onUncheck={(uuids) => check(uuids, false)} />
            <NodeTable
              filters={filters}
              search={search}
              asOf={asOf}
              tick={live.tick}
              selected={selected}
              onSelect={open}
              checked={new Set(checked)}
              onCheck={check}
              onRows={learn}
            />
          </section>
          <LiveFeed live={live} names={names} onSelect={open} />
        </div>
        {enrolling && (
          <EnrollDrawer
            onEnrolled={open}
            onClose={() => setEnrolling(false)}
          />
        )}
        {selected && !enrolling && <NodePanel uuid={selected} asOf={asOf} tick={live.tick} touched={live.touched} onClose={() => select(null)} />}
      </main>
    </>
  );
}
