// One jest run, three tiers picked by file name (see README "Tests").
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc.json', import.meta.url), 'utf8'));

const common = {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@ironledger/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false }] },
  // Sources import siblings as './x.js' (Node ESM); jest resolves the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

const longTests = '<rootDir>/test/support/long-test-timeout.ts';

export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/*.spec.ts'], testPathIgnorePatterns: ['\\.int\\.spec\\.ts$', '\\.e2e\\.spec\\.ts$', '/node_modules/'] },
    // Tests of real processes and servers: a longer timeout per test (jest takes `testTimeout` from the top level only).
    { ...common, displayName: 'int', testMatch: ['<rootDir>/**/*.int.spec.ts'], testPathIgnorePatterns: ['/node_modules/'], setupFilesAfterEnv: [longTests] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/**/*.e2e.spec.ts'], testPathIgnorePatterns: ['/node_modules/'], setupFilesAfterEnv: [longTests] },
  ],
};
