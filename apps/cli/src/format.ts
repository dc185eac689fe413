/** Plain-text output: aligned tables and human numbers, no colours (output is often piped). */

/** A table with a header row, columns padded to their widest cell; `right` aligns numeric columns. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], { right = [] as readonly number[] } = {}): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (right.includes(i) ? cell.padStart(widths[i] + cell.length - width(cell)) : i === cells.length - 1 ? cell : cell.padEnd(widths[i] + cell.length - width(cell))))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Display width: code points (the arrows and bars used here are one column each). */
function width(text: string): number {
  return [...text].length;
}

/** `from → to`, or whichever side there is. */
export function transition(from: string | null, to: string | null): string {
  if (from !== null && to !== null) return `${from} → ${to}`;
  if (to !== null) return `→ ${to}`;
  if (from !== null) return `${from} →`;
  return '';
}

/** Cuts `text` to `max` columns with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
