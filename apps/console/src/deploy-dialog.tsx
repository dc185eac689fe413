import { useState } from 'preact/hooks';
import { api } from './api.js';
import { type DeployForm, deployFormOf, deployRequest } from './deploy.js';
import { Field, type Refusal, refusalBeside } from './field.js';
import { fieldOfError } from './node-form.js';
import { useFetched } from './use-fetched.js';

const FIELDS = ['image_source', 'image_os_hash_value', 'root_gb', 'configdrive'];

/**
 * The deploy verb's dialog: the image (URL and checksum), the root size and the config drive,
 * then deploy; it starts from what the node's `instance_info` already holds.
 */
export function DeployDialog({ uuid, onDone, onCancel }: { uuid: string; onDone: () => void; onCancel: () => void }) {
  const node = useFetched(() => api.nodeDetail(uuid), [uuid]);
  // Shown once the node is read, so that nothing typed is overwritten by what it holds.
  if (node.loading && !node.value)
    return (
      <div class="dialog" role="dialog" aria-label="Deploy" aria-busy="true">
        <p class="muted">Loading the node’s instance_info…</p>
      </div>
    );
  return <DeployFormView uuid={uuid} current={(node.value?.instance_info ?? {}) as Record<string, unknown>} onDone={onDone} onCancel={onCancel} />;
}

function DeployFormView({ uuid, current, onDone, onCancel }: { uuid: string; current: Record<string, unknown>; onDone: () => void; onCancel: () => void }) {
  const [form, setForm] = useState<DeployForm>(() => deployFormOf(current));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  // A refusal stands until the form is changed.
  const edit = (name: keyof DeployForm) => (event: { currentTarget: { value: string } }) => {
    setRefusal(null);
    setForm({ ...form, [name]: event.currentTarget.value });
  };
  const errorFor = refusalBeside(refusal);

  const submit = async () => {
    const request = deployRequest(form, current);
    if ('error' in request) return setRefusal({ field: request.field, message: request.error });
    setBusy(true);
    setRefusal(null);
    try {
      if (request.ops.length > 0) await api.patchNode(uuid, request.ops);
      await api.deploy(uuid, request.configdrive);
      onDone();
    } catch (error) {
      const message = `Deploy refused: ${(error as Error).message}`;
      setRefusal({ field: fieldOfError(message, FIELDS), message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="dialog" role="dialog" aria-label="Deploy">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h3>Deploy</h3>
        <p class="muted">Filled with the node’s own instance_info: what is changed is written there.</p>
        {refusal && refusal.field === null && (
          <p class="error" role="alert">
            {refusal.message}
          </p>
        )}
        <Field id="deploy-image" label="Image URL">
          <input id="deploy-image" type="url" value={form.imageSource} onInput={edit('imageSource')} />
          {errorFor('image_source')}
        </Field>
        <div class="row">
          <Field id="deploy-checksum" label="Checksum (value, or URL of a checksum file)">
            <input id="deploy-checksum" value={form.checksum} onInput={edit('checksum')} />
            {errorFor('image_os_hash_value')}
          </Field>
          <Field id="deploy-algo" label="Algorithm">
            <select id="deploy-algo" value={form.hashAlgo} onChange={edit('hashAlgo')}>
              <option>sha256</option>
              <option>sha512</option>
              <option>md5</option>
            </select>
          </Field>
          <Field id="deploy-root" label="Root size (GiB)">
            <input id="deploy-root" inputMode="numeric" size={6} value={form.rootGb} onInput={edit('rootGb')} />
            {errorFor('root_gb')}
          </Field>
        </div>
        <Field id="deploy-configdrive" label="Config drive (JSON, or the drive’s base64 text)">
          <textarea id="deploy-configdrive" rows={4} value={form.configDrive} onInput={edit('configDrive')} />
          {errorFor('configdrive')}
        </Field>
        <div class="form-actions">
          <button type="submit" class="primary" disabled={busy}>
            Start deployment
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
