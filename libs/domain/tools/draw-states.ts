/** Renders docs/states.svg from the state machine table (needs Graphviz's `dot`). */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { marker, statesDot } from './states-diagram.js';

const out = process.argv[2] ?? 'docs/states.svg';
const dot = statesDot();
const svg = execFileSync('dot', ['-Tsvg'], { input: dot, encoding: 'utf8' });
writeFileSync(out, svg.replace(/(<svg[^>]*>)/, `${marker(dot)}\n$1`));
console.log(`wrote ${out}`);
