import { useState } from 'preact/hooks';
import { formatTime } from './format.js';

const toSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export interface TimeSliderProps {
  /** When the log began (`null`: it is empty, and there is no past to show). */
  readonly since: string | null;
  /** The instant shown, or `null` for now. */
  readonly asOf: string | null;
  readonly onChange: (asOf: string | null) => void;
}

/**
 * Picks the instant the console shows, to the second, from the log's first event to now; all the
 * way right is now, and live. The instant is taken when the slider is let go (or moved with the
 * keyboard), not while it is dragged: each past instant is a fold of the log on the server.
 */
export function TimeSlider({ since, asOf, onChange }: TimeSliderProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const now = Math.ceil(Date.now() / 1000);
  const shown = dragged ?? (asOf === null ? now : toSeconds(asOf));
  return (
    <div class="time" role="group" aria-label="Time travel">
      <label for="time">Time</label>
      <input
        id="time"
        type="range"
        min={since === null ? now : toSeconds(since)}
        max={now}
        step={1}
        value={shown}
        disabled={since === null}
        onInput={(event) => setDragged(Number(event.currentTarget.value))}
        onChange={(event) => {
          const seconds = Number(event.currentTarget.value);
          setDragged(null);
          onChange(seconds >= Number(event.currentTarget.max) ? null : new Date(seconds * 1000).toISOString());
        }}
      />
      <output for="time" data-testid="instant">
        {asOf === null && dragged === null ? 'now (live)' : formatTime(new Date(shown * 1000).toISOString())}
      </output>
      <button type="button" disabled={asOf === null} onClick={() => onChange(null)}>
        Back to now
      </button>
    </div>
  );
}
