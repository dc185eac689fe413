// Module hooks that run TypeScript sources: .ts files are transpiled by @swc/core with the
// settings jest uses (.swcrc.json). Imports keep Node's ESM rules, so a sibling is imported as
// './x.js' and resolved here to './x.ts'; `@ironledger/*` packages resolve to their src/index.ts
// through the `@ironledger/source` export condition, which these hooks add.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';
import { transform } from '@swc/core';

const swcrc = JSON.parse(await readFile(new URL('../.swcrc.json', import.meta.url), 'utf8'));

export async function resolve(specifier, context, nextResolve) {
  const sourceContext = { ...context, conditions: [...context.conditions, '@ironledger/source'] };
  try {
    return await nextResolve(specifier, sourceContext);
  } catch (error) {
    const fromTs = context.parentURL?.endsWith('.ts');
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !fromTs || !specifier.endsWith('.js')) throw error;
    return nextResolve(specifier.replace(/\.js$/, '.ts'), sourceContext);
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = await transform(await readFile(filename, 'utf8'), { ...swcrc, filename, swcrc: false });
  return { format: 'module', source: code, shortCircuit: true };
}
