/**
 * What the processes allocated, from the `.heapprofile` files of alloc-profile.mjs: per profile,
 * the total, the top functions by what they allocate themselves, and the workspace's functions by
 * what they and their callees allocate. With a 1 MB young generation (`npm start`'s V8 flags)
 * every megabyte allocated is one scavenge, so this is where a command's garbage-collection cost
 * comes from.
 *
 *   node --import ./scripts/register-ts.mjs bench/provision/alloc-summary.ts DIR_OR_FILE... [--top 25] [--per N]
 *
 * --per N adds the figures per unit of work (e.g. per provisioned node).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { frameName } from './frame-name.js';

interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : undefined;
};
const TOP = option('--top') ?? 25;
const PER = option('--per');
const files = args.flatMap((arg) => (statSync(arg).isDirectory() ? readdirSync(arg).filter((f) => f.endsWith('.heapprofile')).map((f) => join(arg, f)) : [arg]));
if (files.length === 0) throw new Error('usage: alloc-summary.ts DIR_OR_FILE... (no .heapprofile found)');

for (const file of files) {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: AllocationNode };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  const walk = (node: AllocationNode, callers: readonly string[]) => {
    const name = frameName(node.callFrame);
    const stack = callers.includes(name) ? callers : [...callers, name];
    total += node.selfSize;
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    if (node.selfSize > 0) for (const caller of stack) inclusive.set(caller, (inclusive.get(caller) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, stack);
  };
  walk(head, []);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const row = (name: string, bytes: number) =>
    `| \`${name.replace(/\|/g, '\\|')}\` | ${mb(bytes)} |${PER ? ` ${(bytes / PER / 1000).toFixed(1)} |` : ''} ${((100 * bytes) / total).toFixed(1)} % |`;
  const header = (what: string) => `| ${what} | MB |${PER ? ' KB per unit |' : ''} share |\n|---|---:|${PER ? '---:|' : ''}---:|`;
  console.log(`\n### ${basename(file)}: ${mb(total)} MB allocated${PER ? `, ${(total / PER / 1000).toFixed(0)} KB per unit (${PER} units)` : ''}\n`);
  console.log(header('top functions (allocated themselves)'));
  for (const [name, bytes] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(row(name, bytes));
  console.log(`\n${header('own code, inclusive (with callees)')}`);
  const own = [...inclusive].filter(([name]) => /\s(apps|libs)\//.test(name));
  for (const [name, bytes] of own.sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(row(name, bytes));
}
