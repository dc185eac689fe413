import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { PROVISION_STATES } from '@ironledger/domain';
import { decodeXml, highlightState } from './diagram.js';

const svg = readFileSync(new URL('../../../docs/states.svg', import.meta.url), 'utf8');
const current = (marked: string) => [...marked.matchAll(/<g id="[^"]*" class="node current">\s*<title>([^<]*)<\/title>/g)].map(([, title]) => decodeXml(title!));

describe('highlightState', () => {
  it('marks exactly the group of each provision state in the committed diagram', () => {
    for (const state of PROVISION_STATES) expect([state, current(highlightState(svg, state))]).toEqual([state, [state]]);
  });

  it('marks nothing for no state, and keeps only the <svg> element', () => {
    const marked = highlightState(svg, null);
    expect(current(marked)).toEqual([]);
    expect(marked.startsWith('<svg')).toBe(true);
    expect(marked.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('reads Graphviz’s escapes back', () => {
    expect(decodeXml('wait call&#45;back &amp; &lt;x&gt; &#x41;')).toBe('wait call-back & <x> A');
  });
});
