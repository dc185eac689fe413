import { type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { nextSteps } from './advice.js';
import { api, ApiError, request } from './api.js';
import { INTERFACES } from './node-form.js';
import { useFetched } from './use-fetched.js';

type Record_ = Readonly<Record<string, unknown>>;

/** A sub-resource that may not exist (no inventory yet, no allocation): `null` for Ironic's 404. */
async function optional<T>(path: string): Promise<T | null> {
  try {
    return await request<T>('GET', path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** What to do next about a node that failed or is set aside (see `advice.ts`). */
export function NextSteps({ node }: { node: Parameters<typeof nextSteps>[0] }) {
  const steps = nextSteps(node);
  if (steps.length === 0) return null;
  return (
    <div class="advice" role="note" aria-label="What to do next">
      <strong>What to do next</strong>
      <ul>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </div>
  );
}

/** The server as Ironic knows it, each part folded until asked for (and read only then). */
export function NodeDetails({ uuid, changes }: { uuid: string; changes: number }) {
  const node = useFetched(() => api.nodeDetail(uuid), [uuid, changes]);
  const value = node.value;
  if (node.error) return <p class="error">{node.error.message}</p>;
  if (!value) return null;
  const id = encodeURIComponent(uuid);
  return (
    <section class="details" aria-label="Details">
      <Part title="Driver and interfaces">
        <Pairs record={{ driver: value.driver, ...Object.fromEntries(INTERFACES.map((iface) => [`${iface}_interface`, value[`${iface}_interface`]])) }} />
      </Part>
      <Part title="Driver info">
        {/* Ironic masks the secrets (******): what is shown is what it shows. */}
        <Pairs record={value.driver_info} />
      </Part>
      <Part title="Properties">
        <Pairs record={(value.properties as Record_ | undefined) ?? {}} />
      </Part>
      <Part title="Instance">
        <Pairs record={{ instance_uuid: value.instance_uuid, ...((value.instance_info as Record_ | undefined) ?? {}) }} />
      </Part>
      <Part title="Traits">
        <p>{((value.traits as string[] | undefined) ?? []).join(', ') || <span class="muted">none</span>}</p>
      </Part>
      <Lazy title="Port groups" load={() => request<{ portgroups: Record_[] }>('GET', `/v1/nodes/${id}/portgroups?fields=uuid,name,address,mode`)} show={(found) => <Rows rows={found.portgroups} />} />
      <Lazy title="Inventory (from inspection)" load={() => optional<Record_>(`/v1/nodes/${id}/inventory`)} show={(found) => (found ? <pre>{JSON.stringify(found.inventory, null, 2)}</pre> : <p class="muted">not inspected</p>)} />
      <Lazy title="BIOS settings" load={() => request<{ bios: { name: string; value: unknown }[] }>('GET', `/v1/nodes/${id}/bios`)} show={(found) => <Pairs record={Object.fromEntries(found.bios.map(({ name, value }) => [name, value]))} />} />
      <Lazy title="Allocation" load={() => optional<Record_>(`/v1/nodes/${id}/allocation`)} show={(found) => (found ? <Pairs record={found} /> : <p class="muted">none</p>)} />
    </section>
  );
}

function Part({ title, children, onOpen }: { title: string; children: ComponentChildren; onOpen?: () => void }) {
  return (
    <details onToggle={(event) => event.currentTarget.open && onOpen?.()}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}

/** A part read from the API when first opened. */
function Lazy<T>({ title, load, show }: { title: string; load: () => Promise<T>; show: (found: T) => ComponentChildren }) {
  const [opened, setOpened] = useState(false);
  return (
    <Part title={title} onOpen={() => setOpened(true)}>
      {opened && <Loaded load={load} show={show} />}
    </Part>
  );
}

function Loaded<T>({ load, show }: { load: () => Promise<T>; show: (found: T) => ComponentChildren }) {
  const found = useFetched(load, []);
  if (found.error) return <p class="error">{found.error.message}</p>;
  return found.value === undefined ? <p class="muted">Loading…</p> : <>{show(found.value)}</>;
}

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function Pairs({ record }: { record: Record_ }) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <p class="muted">none</p>;
  return (
    <dl class="pairs">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Rows({ rows }: { rows: readonly Record_[] }) {
  if (rows.length === 0) return <p class="muted">none</p>;
  const columns = Object.keys(rows[0]!);
  return (
    <table class="rows">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {columns.map((column) => (
              <td key={column}>{shown(row[column])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
