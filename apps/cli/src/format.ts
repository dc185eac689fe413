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

export const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** `1.2 s`, `3m 05s`, `1h 02m`. */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
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
