/**
 * The provision state machine as a Graphviz graph, drawn from its table like Ironic's
 * `states_to_dot`, so the picture can never drift from the code: `npm run diagram` renders
 * `docs/states.svg` (draw-states.ts), and a unit test checks that the committed SVG was
 * rendered from today's table.
 */
import { createHash } from 'node:crypto';
import { isStable, MACHINE_EVENTS, PROVISION_STATES, STUCK_STATES_TREATED_AS_FAIL, TRANSITIONS } from '../src/index.js';

export function statesDot(): string {
  const working = new Set(STUCK_STATES_TREATED_AS_FAIL);
  const node = (state: string) => {
    const style = isStable(state as never)
      ? 'shape=box, style="rounded,filled", fillcolor="#d9ead3"'
      : state.endsWith('failed') || state === 'error'
        ? 'shape=box, style="rounded,filled", fillcolor="#f4cccc"'
        : working.has(state as never)
          ? 'shape=box, style="rounded,filled", fillcolor="#fff2cc"'
          : 'shape=box, style="rounded,dashed"';
    return `  "${state}" [${style}];`;
  };
  const edge = ({ from, event, to, by }: (typeof TRANSITIONS)[number]) => {
    const color = by === 'operator' ? '#1155cc' : '#666666';
    return `  "${from}" -> "${to}" [label="${event}", color="${color}", fontcolor="${color}"];`;
  };
  return [
    'digraph provision_states {',
    '  graph [rankdir=TB, fontname="Helvetica", fontsize=11, nodesep=0.35, ranksep=0.45];',
    '  node [fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9, arrowsize=0.6];',
    ...PROVISION_STATES.map(node),
    ...TRANSITIONS.map(edge),
    `  legend [shape=plaintext, fontsize=9, label="${PROVISION_STATES.length} states, ${TRANSITIONS.length} transitions, ${MACHINE_EVENTS.length} events\\lgreen: stable; yellow: conductor working (failed if it dies); red: failure; dashed: waiting\\lblue edges: operator verbs; grey edges: conductor outcomes\\l"];`,
    '}',
    '',
  ].join('\n');
}

export const fingerprint = (dot: string) => createHash('sha256').update(dot).digest('hex');

/** The marker the SVG carries to prove which table it was drawn from. */
export const marker = (dot: string) => `<!-- drawn from libs/domain/src/machine.ts; table sha256 ${fingerprint(dot)} -->`;
