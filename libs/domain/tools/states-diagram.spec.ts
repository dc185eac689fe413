import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { TRANSITIONS } from '../src/index.js';
import { marker, statesDot } from './states-diagram.js';

describe('docs/states.svg', () => {
  it('was drawn from the current state machine table (run `npm run diagram` after changing it)', () => {
    const svg = readFileSync(new URL('../../../docs/states.svg', import.meta.url), 'utf8');
    expect(svg).toContain(marker(statesDot()));
  });

  it('draws every transition of the table', () => {
    const dot = statesDot();
    for (const { from, event, to } of TRANSITIONS) expect(dot).toContain(`"${from}" -> "${to}" [label="${event}"`);
  });
});
