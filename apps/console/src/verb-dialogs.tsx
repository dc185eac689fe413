import { type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import { cleanSteps, COMMON_STEPS } from './clean-steps.js';
import { Field } from './field.js';

/** Manual cleaning with the steps chosen (Ironic requires at least one). */
export function CleanDialog({ uuid, onDone, onCancel }: DialogProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [extra, setExtra] = useState('');
  const toggle = (key: string, on: boolean) => setChosen(new Set([...chosen].filter((other) => other !== key).concat(on ? [key] : [])));
  return (
    <VerbDialog title="Clean" submit="Start cleaning" run={() => api.provision(uuid, 'clean', { clean_steps: cleanSteps(chosen, extra) })} onDone={onDone} onCancel={onCancel}>
      <fieldset class="steps">
        <legend>Steps</legend>
        {COMMON_STEPS.map(([iface, step, label]) => (
          <label key={step}>
            <input type="checkbox" checked={chosen.has(`${iface}.${step}`)} onChange={(event) => toggle(`${iface}.${step}`, event.currentTarget.checked)} /> {label} <code>{`${iface}.${step}`}</code>
          </label>
        ))}
      </fieldset>
      <Field id="clean-extra" label="Other steps (JSON list)">
        <textarea id="clean-extra" rows={3} value={extra} onInput={(event) => setExtra(event.currentTarget.value)} />
      </Field>
    </VerbDialog>
  );
}

/** Rescue, with the password the rescue ramdisk's user gets. */
export function RescueDialog({ uuid, onDone, onCancel }: DialogProps) {
  const [password, setPassword] = useState('');
  return (
    <VerbDialog title="Rescue" submit="Start rescue" run={() => api.provision(uuid, 'rescue', { rescue_password: password })} onDone={onDone} onCancel={onCancel}>
      <Field id="rescue-password" label="Rescue password">
        <input id="rescue-password" type="password" autocomplete="new-password" value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
      </Field>
    </VerbDialog>
  );
}

interface DialogProps {
  readonly uuid: string;
  readonly onDone: () => void;
  readonly onCancel: () => void;
}

function VerbDialog({ title, submit, run, onDone, onCancel, children }: { title: string; submit: string; run: () => Promise<void>; children: ComponentChildren } & Omit<DialogProps, 'uuid'>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div class="dialog" role="dialog" aria-label={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          Promise.resolve()
            .then(run)
            .then(onDone, (refused: Error) => setError(`${title} refused: ${refused.message}`)).finally(() => setBusy(false));
        }}
      >
        <h3>{title}</h3>
        {children}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div class="form-actions">
          <button type="submit" class="primary" disabled={busy}>
            {submit}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
