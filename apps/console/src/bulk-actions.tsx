import { useState } from 'preact/hooks';
import { accepted, type BulkProgress, failures, runOnAll } from './bulk.js';
import { Field } from './field.js';
import { shortId } from './format.js';
import { BULK_VERBS, type Verb } from './verbs.js';

/** Requests in flight at once: enough to keep a bulk run brisk, few enough not to crowd other operators. */
const PARALLEL = 4;

export interface BulkActionsProps {
  /** The nodes selected, in the order selected. */
  readonly selected: readonly string[];
  readonly names: ReadonlyMap<string, string | null>;
  readonly disabled: boolean;
  readonly onClear: () => void;
  /** Takes nodes out of the selection (those a delete removed). */
  readonly onUncheck: (uuids: readonly string[]) => void;
}

/**
 * A verb run on every selected node, confirmed first when it is destructive, with each node's
 * answer (kept in view after a delete empties the selection, until the selection is cleared).
 */
export function BulkActions({ selected, names, disabled, onClear, onUncheck }: BulkActionsProps) {
  const [verbLabel, setVerbLabel] = useState(BULK_VERBS[0]!.label);
  const [confirming, setConfirming] = useState<Verb | null>(null);
  const [progress, setProgress] = useState<(BulkProgress & { verb: string }) | null>(null);
  const [running, setRunning] = useState(false);
  const nameOf = (uuid: string) => names.get(uuid) ?? shortId(uuid);
  const count = `${selected.length} node${selected.length === 1 ? '' : 's'}`;

  const run = async (verb: Verb) => {
    setConfirming(null);
    setRunning(true);
    const nodes = [...selected];
    setProgress({ verb: verb.label, total: nodes.length, outcomes: [] });
    const done = await runOnAll(nodes, (uuid) => verb.run(uuid, ''), { parallel: PARALLEL, onProgress: (answered) => setProgress({ verb: verb.label, ...answered }) });
    if (verb.removes) onUncheck(accepted(done));
    setRunning(false);
  };
  const start = () => {
    const verb = BULK_VERBS.find((candidate) => candidate.label === verbLabel)!;
    if (verb.destructive) setConfirming(verb);
    else void run(verb);
  };

  if (selected.length === 0 && !progress) return null;
  return (
    <section class="bulk" aria-label="Selected nodes">
      <strong data-testid="selected-count">{count} selected</strong>
      <Field id="bulk-verb" label="Verb">
        <select id="bulk-verb" value={verbLabel} onChange={(event) => setVerbLabel(event.currentTarget.value)}>
          {BULK_VERBS.map((verb) => (
            <option key={verb.label}>{verb.label}</option>
          ))}
        </select>
      </Field>
      <button type="button" disabled={disabled || running || selected.length === 0} onClick={start}>
        Run on {count}
      </button>
      <button
        type="button"
        disabled={running}
        onClick={() => {
          setProgress(null);
          onClear();
        }}
      >
        Clear selection
      </button>
      {confirming && (
        <div class="confirm" role="alertdialog" aria-label={`Confirm ${confirming.label}`}>
          <p>
            {confirming.label} {count}? This cannot be taken back.
          </p>
          <button type="button" class="danger" onClick={() => void run(confirming)}>
            {confirming.label} {count}
          </button>
          <button type="button" onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      )}
      {progress && <BulkResults progress={progress} running={running} nameOf={nameOf} />}
    </section>
  );
}

function BulkResults({ progress, running, nameOf }: { progress: BulkProgress & { verb: string }; running: boolean; nameOf: (uuid: string) => string }) {
  const done = progress.outcomes.length;
  const failed = failures(progress);
  return (
    <div class="bulk-results">
      <progress max={progress.total} value={done} aria-label={`${progress.verb} progress`} />
      <span role="status" data-testid="bulk-status">
        {progress.verb}: {done} of {progress.total} answered, {done - failed} accepted, {failed} refused{running ? '…' : '.'}
      </span>
      <ul aria-label="Results by node">
        {progress.outcomes.map((outcome) => (
          <li key={outcome.uuid} class={outcome.error ? 'error' : 'ok'}>
            {nameOf(outcome.uuid)}: {outcome.error ?? 'accepted'}
          </li>
        ))}
      </ul>
    </div>
  );
}
