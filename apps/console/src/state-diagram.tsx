import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import statesSvg from '@docs/states.svg?raw';
import { highlightState } from './diagram.js';

/** Zoom steps: the whole diagram fits the drawer at 1; its labels read at 2 and more (scrolled). */
const ZOOMS = [1, 1.5, 2, 3] as const;

/** The provision state diagram with `state` marked, zoomable so that its labels can be read. */
export function StateDiagram({ state }: { state: string | null }) {
  const diagram = useMemo(() => highlightState(statesSvg, state), [state]);
  const [step, setStep] = useState(0);
  const zoom = ZOOMS[step]!;
  const view = useRef<HTMLDivElement>(null);
  // Zoomed in, the marked state is brought to the middle of the view (the view alone scrolls, not the drawer).
  useEffect(() => {
    const frame = view.current;
    const current = frame?.querySelector('g.node.current');
    if (!frame || !current || step === 0) return;
    const box = current.getBoundingClientRect();
    const seen = frame.getBoundingClientRect();
    frame.scrollBy({ left: box.left + box.width / 2 - (seen.left + seen.width / 2), top: box.top + box.height / 2 - (seen.top + seen.height / 2) });
  }, [step, diagram]);
  return (
    <figure class="diagram">
      <figcaption>
        <span>Provision states{state && <>: {state}</>}</span>
        <span class="zoom" role="group" aria-label="Diagram zoom">
          <button type="button" aria-label="Zoom out" disabled={step === 0} onClick={() => setStep(step - 1)}>
            −
          </button>
          <output data-testid="diagram-zoom">{zoom * 100}%</output>
          <button type="button" aria-label="Zoom in" disabled={step === ZOOMS.length - 1} onClick={() => setStep(step + 1)}>
            +
          </button>
        </span>
      </figcaption>
      <div class="diagram-view" ref={view}>
        <div
          data-testid="state-diagram"
          style={{ width: `${zoom * 100}%` }}
          role="img"
          aria-label={`Provision state diagram${state ? `, ${state} highlighted` : ''}`}
          dangerouslySetInnerHTML={{ __html: diagram }}
        />
      </div>
    </figure>
  );
}
