import js from '@eslint/js';
import globals from 'globals';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Node's I/O modules: the domain must reach the world only through its callers. */
const nodeIoModules = ['fs', 'net', 'http', 'https', 'http2', 'dgram', 'dns', 'tls', 'child_process', 'worker_threads', 'cluster', 'os', 'process', 'timers', 'readline', 'stream'];

/**
 * The lib graph: each lib's tag (`nx.tags` in its package.json) with the libs it may import.
 * The core is a chain, each layer importing only those below it:
 *   domain <- contracts <- bus <- event-store <- application <- lifecycle-events <- client
 * (the client subscribes to what lifecycle-events relays). Drivers speak to hardware for the
 * domain and import it alone; the BMC simulator and observability stand alone.
 */
const CHAIN = ['layer:domain', 'layer:contracts', 'layer:bus', 'layer:event-store', 'layer:application', 'layer:lifecycle-events', 'layer:client'];
const LAYERS = {
  ...Object.fromEntries(CHAIN.map((tag, i) => [tag, CHAIN.slice(0, i)])),
  'layer:drivers': ['layer:domain'],
  'layer:bmc-sim': [],
  'layer:observability': [],
};

/**
 * Nx boundary options for a lib graph. Apps compose libs and never import each other; the
 * all-in-one process (`type:composition`) is the one that runs the services themselves.
 */
function moduleBoundaries(layers) {
  const libs = Object.keys(layers);
  return {
    enforceBuildableLibDependency: false,
    depConstraints: [
      ...Object.entries(layers).map(([sourceTag, below]) => ({
        sourceTag,
        onlyDependOnLibsWithTags: below,
        // The domain depends on no package at all, bar its test tools.
        ...(sourceTag === 'layer:domain' && { allowedExternalImports: ['fast-check', '@jest/globals'] }),
      })),
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: libs },
      { sourceTag: 'type:composition', onlyDependOnLibsWithTags: [...libs, 'type:app'] },
    ],
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '.nx/**', '.run/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries(LAYERS)],
    },
  },
  {
    // The drivers' tests run against the BMC simulator, their hardware.
    files: ['libs/drivers/src/**/*.spec.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ ...LAYERS, 'layer:drivers': ['layer:domain', 'layer:bmc-sim'] })] },
  },
  {
    // Belt and braces for Node built-ins, which the boundary rule does not see as packages.
    files: ['libs/domain/src/**/*.ts'],
    ignores: ['libs/domain/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(node:)?(${nodeIoModules.join('|')})(/.*)?$`, message: 'The domain does no I/O: pass what it needs in commands.' }] }],
      'no-restricted-globals': ['error', { name: 'Date', message: 'Time arrives in command metadata; the domain never reads a clock.' }, { name: 'process', message: 'The domain reads no environment.' }, 'setTimeout', 'setInterval', 'fetch'],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Randomness arrives in commands.' }],
    },
  },
);
