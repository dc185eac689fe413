import { useEffect, useState } from 'preact/hooks';
import { api, type DriverDetail } from './api.js';
import { Field, type Refusal, refusalBeside } from './field.js';
import { createBody, type EditedNode, FieldError, fieldOfError, formOf, INTERFACES, isSecret, JSON_FIELDS, type NodeForm, patchOf, TEXT_FIELDS } from './node-form.js';
import { useFetched } from './use-fetched.js';

const LABELS: Readonly<Record<(typeof TEXT_FIELDS)[number], string>> = { name: 'Name', description: 'Description', resource_class: 'Resource class', owner: 'Owner' };
const JSON_LABELS: Readonly<Record<(typeof JSON_FIELDS)[number], string>> = { properties: 'Properties (JSON)', extra: 'Extra (JSON)' };
const BLANK: NodeForm = { driver: '', text: { name: '', description: '', resource_class: '', owner: '' }, interfaces: {}, driverInfo: {}, json: { properties: '', extra: '' } };

export interface NodeFormViewProps {
  /** The node edited, or none to enroll one. */
  readonly node?: EditedNode & { uuid: string };
  readonly onDone: (uuid: string) => void;
  readonly onCancel: () => void;
}

/**
 * Enrolling or editing a node: the driver, its interfaces (those `GET /v1/drivers/{name}` says it
 * enables), its `driver_info` keys (from `…/properties`; secrets write-only), and Ironic's refusal
 * shown beside the field it is about.
 */
export function NodeFormView({ node, onDone, onCancel }: NodeFormViewProps) {
  const [form, setForm] = useState<NodeForm>(node ? formOf(node) : BLANK);
  const drivers = useFetched(() => api.drivers(), []);
  const driver = useFetched(() => (form.driver ? Promise.all([api.driver(form.driver), api.driverProperties(form.driver)]) : Promise.resolve(null)), [form.driver]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  // The first driver is the one shown until another is picked (a pick made meanwhile stands).
  useEffect(() => {
    const first = drivers.value?.drivers[0]?.name;
    if (first) setForm((previous) => (previous.driver ? previous : { ...previous, driver: first }));
  }, [drivers.value]);
  const [detail, properties]: [DriverDetail | undefined, Record<string, string>] = driver.value ?? [undefined, {}];
  const infoKeys = [...new Set([...Object.keys(properties), ...Object.keys(form.driverInfo)])];
  const fields = ['driver', ...TEXT_FIELDS, ...INTERFACES.map((iface) => `${iface}_interface`), ...infoKeys, 'driver_info', ...JSON_FIELDS];
  const errorFor = refusalBeside(refusal);

  const submit = async () => {
    setRefusal(null);
    let request: () => Promise<string>;
    try {
      // Made first, so that a field the form refuses sends nothing.
      if (node) {
        const ops = patchOf(node, form);
        request = async () => (await api.patchNode(node.uuid, ops), node.uuid);
      } else {
        const body = createBody(form);
        request = async () => (await api.createNode(body)).uuid;
      }
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      return setRefusal({ field: error.field, message: error.message });
    }
    setBusy(true);
    try {
      onDone(await request());
    } catch (error) {
      const message = (error as Error).message;
      setRefusal({ field: fieldOfError(message, fields), message });
    } finally {
      setBusy(false);
    }
  };
  const id = (name: string) => `node-form-${name}`;

  return (
    <form
      class="node-form"
      aria-label={node ? 'Edit the node' : 'Enroll a node'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {refusal && refusal.field === null && (
        <p class="error" role="alert">
          {refusal.message}
        </p>
      )}
      <fieldset>
        <legend>Node</legend>
        <Field id={id('driver')} label="Driver">
          <select id={id('driver')} value={form.driver} onChange={(event) => setForm({ ...form, driver: event.currentTarget.value, interfaces: {} })}>
            {drivers.value?.drivers.map(({ name }) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          {errorFor('driver')}
        </Field>
        {TEXT_FIELDS.map((name) => (
          <Field key={name} id={id(name)} label={LABELS[name]}>
            <input id={id(name)} value={form.text[name]} onInput={(event) => setForm({ ...form, text: { ...form.text, [name]: event.currentTarget.value } })} />
            {errorFor(name)}
          </Field>
        ))}
      </fieldset>
      <fieldset>
        <legend>Interfaces</legend>
        {INTERFACES.map((iface) => {
          const name = `${iface}_interface`;
          const enabled = (detail?.[`enabled_${iface}_interfaces`] as string[] | undefined) ?? [];
          const fallback = detail?.[`default_${iface}_interface`] as string | null | undefined;
          return (
            <Field key={iface} id={id(name)} label={iface}>
              <select id={id(name)} value={form.interfaces[name] ?? ''} onChange={(event) => setForm({ ...form, interfaces: { ...form.interfaces, [name]: event.currentTarget.value } })}>
                <option value="">default{fallback ? ` (${fallback})` : ''}</option>
                {enabled.map((choice) => (
                  <option key={choice}>{choice}</option>
                ))}
              </select>
              {errorFor(name)}
            </Field>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>Driver info</legend>
        {errorFor('driver_info')}
        {infoKeys.map((key) => (
          <Field key={key} id={id(key)} label={key}>
            {/* A secret is a password input: written, never shown (Ironic shows it as ******). */}
            <input
              id={id(key)}
              {...(isSecret(key) ? { type: 'password' as const, autocomplete: 'new-password' } : { type: 'text' as const })}
              title={properties[key]}
              placeholder={isSecret(key) && node && key in node.driver_info ? 'set (unchanged unless typed)' : ''}
              value={form.driverInfo[key] ?? ''}
              onInput={(event) => setForm({ ...form, driverInfo: { ...form.driverInfo, [key]: event.currentTarget.value } })}
            />
            {errorFor(key)}
          </Field>
        ))}
        <ExtraKey onAdd={(key) => setForm({ ...form, driverInfo: { ...form.driverInfo, [key]: form.driverInfo[key] ?? '' } })} />
      </fieldset>
      <fieldset>
        <legend>Properties and extra</legend>
        {JSON_FIELDS.map((name) => (
          <Field key={name} id={id(name)} label={JSON_LABELS[name]}>
            <textarea id={id(name)} rows={4} spellcheck={false} placeholder='{"key": "value"}' value={form.json[name]} onInput={(event) => setForm({ ...form, json: { ...form.json, [name]: event.currentTarget.value } })} />
            {errorFor(name)}
          </Field>
        ))}
      </fieldset>
      <div class="form-actions">
        <button type="submit" class="primary" disabled={busy || !form.driver}>
          {node ? 'Save' : 'Enroll'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A `driver_info` key the driver's properties do not list (a boot interface's `deploy_iso`, say). */
function ExtraKey({ onAdd }: { onAdd: (key: string) => void }) {
  const [key, setKey] = useState('');
  return (
    <div class="extra-key">
      <Field id="node-form-extra-key" label="Another driver_info key">
        <input id="node-form-extra-key" value={key} onInput={(event) => setKey(event.currentTarget.value)} />
      </Field>
      <button
        type="button"
        disabled={key.trim() === ''}
        onClick={() => {
          onAdd(key.trim());
          setKey('');
        }}
      >
        Add key
      </button>
    </div>
  );
}
