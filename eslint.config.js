import js from '@eslint/js';
import globals from 'globals';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Node's I/O modules: the domain must reach the world only through its callers. */
const nodeIoModules = ['fs', 'net', 'http', 'https', 'http2', 'dgram', 'dns', 'tls', 'child_process', 'worker_threads', 'cluster', 'os', 'process', 'timers', 'readline', 'stream'];

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
      // Project boundaries: the domain depends on nothing; adapters and apps on what sits below them.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          depConstraints: [
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], allowedExternalImports: ['fast-check', '@jest/globals'] },
            { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: ['type:domain', 'type:adapter'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:adapter'] },
            // The all-in-one process composes the services themselves.
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:domain', 'type:adapter', 'type:app'] },
          ],
        },
      ],
    },
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
