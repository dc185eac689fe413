/**
 * JSON values as Python prints them, for Ironic's messages that quote what a client sent:
 * `repr` (strings in single quotes, `None`, `True`, dicts and lists alike) and `str` (a string
 * bare, anything else as `repr`).
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  return String(value);
}

export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}
