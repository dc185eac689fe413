import { type FleetSummary } from '@ironledger/contracts';

/** The fleet at a glance: totals, then the counts by provision state (each a filter of the table), power state and fault. */
export function Fleet({ summary, onPickState }: { summary: FleetSummary | undefined; onPickState: (state: string) => void }) {
  if (!summary) return <section class="fleet" aria-label="Fleet" aria-busy="true" />;
  const faults = Object.values(summary.fault).reduce((sum, count) => sum + count, 0);
  const provision = Object.entries(summary.provision_state).filter(([, count]) => count > 0);
  return (
    <section class="fleet" aria-label="Fleet">
      <dl class="totals">
        <Total label="Nodes" value={summary.nodes} id="nodes" />
        <Total label="In maintenance" value={summary.maintenance} id="maintenance" />
        <Total label="Faults" value={faults} id="faults" />
      </dl>
      <Counts label="Provision states" counts={provision} pick={onPickState} />
      <Counts label="Power states" counts={Object.entries(summary.power_state).map(([state, count]) => [state === 'null' ? 'none' : state, count])} />
      <Counts label="Faults by kind" counts={Object.entries(summary.fault)} />
    </section>
  );
}

function Total({ label, value, id }: { label: string; value: number; id: string }) {
  return (
    <div class="total">
      <dt>{label}</dt>
      <dd data-testid={`fleet-${id}`}>{value.toLocaleString()}</dd>
    </div>
  );
}

function Counts({ label, counts, pick }: { label: string; counts: readonly [string, number][]; pick?: (name: string) => void }) {
  return (
    <table class="counts" aria-label={label}>
      <caption>{label}</caption>
      <tbody>
        {counts.length === 0 && (
          <tr>
            <td class="muted">none</td>
          </tr>
        )}
        {counts.map(([name, count]) => (
          <tr key={name}>
            <th scope="row">
              {pick ? (
                <button type="button" class="link" title={`Show the nodes in ${name}`} onClick={() => pick(name)}>
                  {name}
                </button>
              ) : (
                name
              )}
            </th>
            <td>{count.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
