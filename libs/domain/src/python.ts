/**
 * JSON values as Python prints them, for Ironic's messages that quote what a client sent:
 * `repr` (strings in single quotes, `None`, `True`, dicts and lists alike), `str` (a string
 * bare, anything else as `repr`) and `pprint.pformat` (what `jsonschema` shows in its long
 * messages).
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  return String(value);
}

export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/** Characters `str.isprintable()` refuses: other (control, format, surrogate, private, unassigned) and separators but the space. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Python's `repr` of a string: single quotes unless it holds one and no double quote; the unprintable escaped. */
function stringRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (SIMPLE_ESCAPES[char]) out += SIMPLE_ESCAPES[char];
    else if (char === quote) out += `\\${quote}`;
    else if (char !== ' ' && UNPRINTABLE.test(char)) out += code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    else out += char;
  }
  return out + quote;
}

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

/**
 * Python's `pprint.pformat(value, width=width)` of a JSON value: its one-line `repr` (dict keys
 * sorted) when that fits, else dicts and lists one item a line and long strings cut at spaces
 * into adjacent literals, as Python lays them out.
 */
export function pythonPformat(value: unknown, width = 80): string {
  const out: string[] = [];
  formatValue(value, 0, 0, 0);
  return out.join('');

  function formatValue(object: unknown, indent: number, allowance: number, level: number): void {
    const rep = sortedRepr(object);
    if (length(rep) > width - indent - allowance) {
      if (typeof object === 'string') return formatString(object, indent, allowance, level + 1);
      if (Array.isArray(object)) return formatItems(object, indent, allowance, level + 1);
      if (isDict(object)) return formatDict(object, indent, allowance, level + 1);
    }
    out.push(rep);
  }

  function formatDict(object: Record<string, unknown>, indent: number, allowance: number, level: number): void {
    out.push('{');
    const entries = sortedEntries(object);
    const inner = indent + 1;
    entries.forEach(([key, item], index) => {
      const last = index === entries.length - 1;
      const keyRep = stringRepr(key);
      out.push(keyRep, ': ');
      formatValue(item, inner + length(keyRep) + 2, last ? allowance + 1 : 1, level);
      if (!last) out.push(`,\n${' '.repeat(inner)}`);
    });
    out.push('}');
  }

  function formatItems(items: readonly unknown[], indent: number, allowance: number, level: number): void {
    out.push('[');
    const inner = indent + 1;
    items.forEach((item, index) => {
      const last = index === items.length - 1;
      if (index > 0) out.push(`,\n${' '.repeat(inner)}`);
      formatValue(item, inner, last ? allowance + 1 : 1, level);
    });
    out.push(']');
  }

  function formatString(text: string, indent: number, allowance: number, level: number): void {
    if (text === '') return void out.push("''");
    // Only the outermost string is wrapped in parentheses, and its lines indented one more.
    const [lineIndent, lineAllowance] = level === 1 ? [indent + 1, allowance + 1] : [indent, allowance];
    const chunks: string[] = [];
    const lines = splitLines(text);
    lines.forEach((line, i) => {
      const lastLine = i === lines.length - 1;
      const rep = stringRepr(line);
      if (length(rep) <= width - lineIndent - (lastLine ? lineAllowance : 0)) return void chunks.push(rep);
      const parts = line.match(WORD_AND_SPACE) ?? [];
      let current = '';
      parts.forEach((part, j) => {
        const candidate = current + part;
        const room = width - lineIndent - (lastLine && j === parts.length - 1 ? lineAllowance : 0);
        if (length(stringRepr(candidate)) > room) {
          if (current) chunks.push(stringRepr(current));
          current = part;
        } else {
          current = candidate;
        }
      });
      if (current) chunks.push(stringRepr(current));
    });
    if (chunks.length === 1) return void out.push(chunks[0]!);
    out.push(level === 1 ? '(' : '', chunks.join(`\n${' '.repeat(lineIndent)}`), level === 1 ? ')' : '');
  }
}

/** `repr` as `pprint` writes it: like `pythonRepr`, with every dict's keys sorted. */
function sortedRepr(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedRepr).join(', ')}]`;
  if (isDict(value)) return `{${sortedEntries(value).map(([key, item]) => `${stringRepr(key)}: ${sortedRepr(item)}`).join(', ')}}`;
  return pythonRepr(value);
}

function sortedEntries(object: Record<string, unknown>): [string, unknown][] {
  return Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Python's `len`: code points, not UTF-16 units. */
function length(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Python's whitespace (`str.isspace`), which `re`'s `\s` and `\S` follow. */
const SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** `re.findall(r'\S*\s*', line)` without its final empty match. */
const WORD_AND_SPACE = new RegExp(`[^${SPACE}]+[${SPACE}]*|[${SPACE}]+`, 'gu');
/** Python's line ends (`str.splitlines`). */
const LINE_END = '\\n\\v\\f\\r\\x1c-\\x1e\\x85\\u2028\\u2029';
/** `str.splitlines(True)`: each line with its end. */
const LINE = new RegExp(`[^${LINE_END}]*(?:\\r\\n|[${LINE_END}])?`, 'gu');

function splitLines(text: string): string[] {
  return (text.match(LINE) ?? []).filter((line) => line !== '');
}
