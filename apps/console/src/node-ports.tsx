import { useState } from 'preact/hooks';
import { api } from './api.js';
import { Field } from './field.js';
import { useFetched } from './use-fetched.js';

/** The node's ports (its NICs, by MAC), and a form to add one. */
export function NodePorts({ uuid, changes, editable }: { uuid: string; changes: number; editable: boolean }) {
  const [added, setAdded] = useState(0);
  const ports = useFetched(() => api.ports(uuid), [uuid, changes, added]);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setError(null);
    try {
      await api.createPort(uuid, address.trim());
      setAddress('');
      setAdded(added + 1);
    } catch (refused) {
      setError((refused as Error).message);
    }
  };
  return (
    <section class="ports" aria-labelledby="ports-title">
      <h3 id="ports-title">Ports</h3>
      {ports.error && <p class="error">{ports.error.message}</p>}
      <ul aria-label="Ports">
        {ports.value?.ports.length === 0 && <li class="muted">none</li>}
        {ports.value?.ports.map((port) => (
          <li key={port.uuid}>
            <code>{port.address}</code>
            {port.pxe_enabled && <span class="muted"> (PXE)</span>}
          </li>
        ))}
      </ul>
      {editable && (
        <form
          class="row"
          aria-label="Add a port"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Field id="port-address" label="MAC address">
            <input id="port-address" value={address} onInput={(event) => setAddress(event.currentTarget.value)} />
            {error && (
              <span class="field-error" role="alert">
                {error}
              </span>
            )}
          </Field>
          <button type="submit" disabled={address.trim() === ''}>
            Add port
          </button>
        </form>
      )}
    </section>
  );
}
