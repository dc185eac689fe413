import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type LoggedEvent } from './api.js';
import { DeployDialog } from './deploy-dialog.js';
import { eventText } from './event-text.js';
import { Field } from './field.js';
import { formatTime } from './format.js';
import { NodeDetails, NextSteps } from './node-details.js';
import { NodeEdit } from './node-edit.js';
import { NodePorts } from './node-ports.js';
import { StateDiagram } from './state-diagram.js';
import { useFetched } from './use-fetched.js';
import { CleanDialog, RescueDialog } from './verb-dialogs.js';
import { type Verb, VERBS } from './verbs.js';

type Outcome = { readonly verb: string; readonly error?: string };

export interface NodePanelProps {
  readonly uuid: string;
  readonly asOf: string | null;
  /** From the live events: the panel reloads when a batch touched this node. */
  readonly tick: number;
  readonly touched: ReadonlySet<string>;
  readonly onClose: () => void;
}

/**
 * One node, in a drawer at the side of the page (in view wherever the table is scrolled; Escape
 * closes it): its state (now or at the instant shown), the verbs, the state diagram and its timeline.
 */
export function NodePanel({ uuid, asOf, tick, touched, onClose }: NodePanelProps) {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (touched.has(uuid)) setChanges((count) => count + 1);
  }, [tick]);
  const node = useFetched(() => api.node(uuid, asOf), [uuid, asOf, asOf === null ? changes : -1]);
  const timeline = useTimeline(uuid, changes);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** What opens under the verbs: the deploy dialog, the edit form, or a destructive verb's confirmation. */
  const [opened, setOpened] = useState<'deploy' | 'clean' | 'rescue' | 'edit' | Verb | null>(null);
  useEffect(() => {
    setOutcome(null);
    setOpened(null);
  }, [uuid]);
  const state = node.value?.provision_state ?? null;
  // Escape closes what is open in the drawer (a dialog, a confirmation, the edit form) first, then the drawer.
  // It reads what is open from a ref set as the drawer renders: an effect would see it only after the next paint.
  const openedNow = useRef(opened);
  openedNow.current = opened;
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && (openedNow.current === null ? onClose() : setOpened(null));
    addEventListener('keydown', closeOnEscape);
    return () => removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  const pick = (verb: Verb) => {
    setOutcome(null);
    if (verb.dialog) setOpened(verb.dialog);
    else if (verb.destructive) setOpened(verb);
    else void act(verb);
  };
  const accepted = (verb: string) => {
    setOpened(null);
    setOutcome({ verb });
  };
  const act = async (verb: Verb) => {
    setOpened(null);
    setBusy(true);
    setOutcome(null);
    try {
      await verb.run(uuid, reason);
      setOutcome({ verb: verb.label });
    } catch (error) {
      setOutcome({ verb: verb.label, error: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const shown = node.value;
  return (
    <aside class="panel node drawer" aria-labelledby="node-title">
      <header class="node-header">
        <h2 id="node-title">Node {shown?.name ?? uuid}</h2>
        <button type="button" class="close" aria-label="Close the node" onClick={onClose}>
          ×
        </button>
      </header>
      <p class="muted">
        <code>{uuid}</code>
        {asOf && <> · as it was at {formatTime(asOf)}</>}
      </p>
      {node.error && (
        <p class="error" role="alert">
          {node.error.message}
        </p>
      )}
      {shown && (
        <dl class="node-state">
          <dt>Provision state</dt>
          <dd data-testid="node-provision-state">{shown.provision_state}</dd>
          {shown.target_provision_state && (
            <>
              <dt>Target</dt>
              <dd>{shown.target_provision_state}</dd>
            </>
          )}
          <dt>Power</dt>
          <dd data-testid="node-power-state">{shown.power_state ?? 'none'}</dd>
          <dt>Maintenance</dt>
          <dd data-testid="node-maintenance">{shown.maintenance ? `yes${shown.maintenance_reason ? `: ${shown.maintenance_reason}` : ''}` : 'no'}</dd>
          {shown.fault && (
            <>
              <dt>Fault</dt>
              <dd>{shown.fault}</dd>
            </>
          )}
          {shown.last_error && (
            <>
              <dt>Last error</dt>
              <dd class="error">{shown.last_error}</dd>
            </>
          )}
        </dl>
      )}
      <div class="verbs" role="group" aria-label="Operator verbs">
        {VERBS.map((verb) => (
          <button key={verb.label} type="button" disabled={busy || asOf !== null} onClick={() => pick(verb)}>
            {verb.label}
          </button>
        ))}
        <button type="button" disabled={asOf !== null} onClick={() => setOpened('edit')}>
          Edit
        </button>
        <Field id="maintenance-reason" label="Maintenance reason">
          <input id="maintenance-reason" value={reason} onInput={(event) => setReason(event.currentTarget.value)} />
        </Field>
      </div>
      {asOf !== null && <p class="muted">The verbs act on the present: return to now to use them.</p>}
      {opened === 'deploy' && (
        <DeployDialog
          uuid={uuid}
          onDone={() => accepted('Deploy')}
          onCancel={() => setOpened(null)}
        />
      )}
      {opened === 'clean' && <CleanDialog uuid={uuid} onDone={() => accepted('Clean')} onCancel={() => setOpened(null)} />}
      {opened === 'rescue' && <RescueDialog uuid={uuid} onDone={() => accepted('Rescue')} onCancel={() => setOpened(null)} />}
      {opened === 'edit' && (
        <NodeEdit
          uuid={uuid}
          onDone={() => {
            setOpened(null);
            setChanges((count) => count + 1);
          }}
        />
      )}
      {typeof opened === 'object' && opened !== null && <Confirm verb={opened} name={shown?.name ?? uuid} onConfirm={() => void act(opened)} onCancel={() => setOpened(null)} />}
      {outcome &&
        (outcome.error ? (
          <p class="error" role="alert">
            {outcome.verb} refused: {outcome.error}
          </p>
        ) : (
          <p class="ok" role="status">
            {outcome.verb}: accepted
          </p>
        ))}
      {shown && asOf === null && <NextSteps node={shown} />}
      {shown && <NodePorts uuid={uuid} changes={changes} editable={asOf === null} />}
      {shown && asOf === null && <NodeDetails uuid={uuid} changes={changes} />}
      <div class="node-body">
        <StateDiagram state={state} />
        <Timeline events={timeline.events} error={timeline.error} asOf={asOf} />
      </div>
    </aside>
  );
}

function Confirm({ verb, name, onConfirm, onCancel }: { verb: Verb; name: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div class="confirm" role="alertdialog" aria-label={`Confirm ${verb.label}`}>
      <p>
        {verb.label} {name}?
      </p>
      <button type="button" class="danger" onClick={onConfirm}>
        {verb.label}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

interface TimelineState {
  readonly uuid: string;
  readonly events: readonly LoggedEvent[];
  readonly error?: string;
}

/** The node's whole log, read page by page, then only what came after on each change. */
function useTimeline(uuid: string, changes: number): TimelineState {
  const [timeline, setTimeline] = useState<TimelineState>({ uuid, events: [] });
  const loaded = useRef(timeline);
  useEffect(() => {
    let current = true;
    const known = loaded.current.uuid === uuid ? loaded.current.events : [];
    const load = async () => {
      const events = [...known];
      for (let more = true; more; ) {
        const page = await api.nodeEvents(uuid, events.at(-1)?.position ?? 0);
        events.push(...page.events);
        more = page.next !== undefined && page.events.length > 0;
      }
      return events;
    };
    load().then(
      (events) => {
        if (!current) return;
        loaded.current = { uuid, events };
        setTimeline(loaded.current);
      },
      (error: Error) => current && setTimeline({ uuid, events: known, error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [uuid, changes]);
  return timeline.uuid === uuid ? timeline : { uuid, events: [] };
}

function Timeline({ events, error, asOf }: { events: readonly LoggedEvent[]; error?: string; asOf: string | null }) {
  const instant = asOf === null ? Infinity : Date.parse(asOf);
  return (
    <div class="timeline">
      <h3>Timeline</h3>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <table aria-label="Timeline">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event</th>
            <th scope="col">What</th>
            <th scope="col">Why it failed</th>
            <th scope="col">Who</th>
            <th scope="col">Request</th>
          </tr>
        </thead>
        <tbody>
          {[...events].reverse().map((event) => {
            const text = eventText(event.type, event.data);
            const later = Date.parse(event.meta.at) > instant;
            return (
              <tr key={event.position} class={later ? 'later' : undefined} title={later ? 'After the instant shown' : undefined} data-position={event.position}>
                <td>
                  <time dateTime={event.meta.at}>{formatTime(event.meta.at)}</time>
                </td>
                <td>{event.type}</td>
                <td class="wrap">{text.summary}</td>
                <td class="wrap error">{text.error ?? ''}</td>
                <td>{event.meta.actor}</td>
                <td>
                  <code>{event.meta.requestId}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
