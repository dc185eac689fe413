/**
 * The provision state diagram (`docs/states.svg`, drawn by Graphviz from the state table, where
 * each state is a `<g class="node">` whose `<title>` is the state's name), made ready to inline
 * in the page with one state marked.
 */

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Graphviz's XML escapes (`&#45;` for `-`, `&amp;`, …) read back. */
export function decodeXml(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? entity;
    return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });
}

/** The `<svg>` element alone (no XML prolog, doctype or comments before it), with the group of `state` given the class `current`. */
export function highlightState(svg: string, state: string | null): string {
  const start = svg.indexOf('<svg');
  return svg
    .slice(start < 0 ? 0 : start)
    .replace(/<g id="[^"]*" class="node">\s*<title>([^<]*)<\/title>/g, (group, title: string) => (decodeXml(title) === state ? group.replace('class="node"', 'class="node current"') : group));
}
