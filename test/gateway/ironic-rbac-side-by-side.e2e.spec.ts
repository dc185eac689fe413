/**
 * ironledger beside real Ironic 21.4 on a sample of Ironic's own RBAC cases: where
 * `ironic-rbac.e2e.spec.ts` judges by the status Ironic's unit test asserts (its conductor calls
 * mocked to fail with 503), this one judges by what Ironic answered with a live conductor behind a
 * real Keystone (`ironic-21.4-rbac.recorded.ts`, made by `record-ironic-rbac.ts`). The same cases
 * go, in the same order, to ironledger under `AUTH_STRATEGY=keystone` with its conductors alive,
 * its gateways configured as the recording's API processes were, on the same fixtures
 * (`test/support/ironic-rbac-side-by-side.ts`). Every status must be Ironic's, but the differences
 * listed, with the reason, in `ironic-rbac-side-by-side.known.ts` (an exact list). It also holds
 * up the groups of `ironic-rbac.known.ts` marked `realIronicAgrees`: each of their cases must be in
 * the sample and answered as real Ironic answered it.
 *
 * With `IRONIC_RBAC_LIVE=1`, and Debian's ironic-api and ironic-conductor installed
 * (`bash scripts/ironic.sh install`), Ironic's answers are taken live, not from the recording.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { existsSync } from 'node:fs';
import { startIronic } from '../support/ironic-process.js';
import { type RbacCase, RbacCallers, rbacDataInstalled, rbacFilePath, readRbacCases } from '../support/ironic-rbac.js';
import { answerSamples, type Deployment, IRONIC_APIS, RUNS, type SideBySideAnswer } from '../support/ironic-rbac-side-by-side.js';
import { type RunningKeystone, startKeystone } from '../support/keystone.js';
import { startSystem } from '../support/system.js';
import { IRONIC_RBAC_RECORDED } from './ironic-21.4-rbac.recorded.js';
import { KNOWN_DIFFERENCES, type RbacRun } from './ironic-rbac.known.js';
import { SIDE_BY_SIDE_DIFFERENCES } from './ironic-rbac-side-by-side.known.js';

jest.setTimeout(300_000);

const ENFORCED = { OSLO_POLICY_ENFORCE_SCOPE: 'true', OSLO_POLICY_ENFORCE_NEW_DEFAULTS: 'true' };
const ELEVATED = { RBAC_SERVICE_ROLE_ELEVATED_ACCESS: 'true' };
/** ironledger's gateways for each deployment, as `IRONIC_APIS` configures Ironic's API processes. */
const GATEWAYS: Record<Deployment, { env: Record<string, string>; gatewayEnv: Record<string, string>[] }> = {
  model: { env: {}, gatewayEnv: [{}, ENFORCED, ELEVATED, { ...ELEVATED, RBAC_SERVICE_PROJECT_NAME: 'admin' }] },
  project: { env: ENFORCED, gatewayEnv: [{}, { PROJECT_ADMIN_CAN_MANAGE_OWN_NODES: 'false' }] },
};

const installed = rbacDataInstalled();
const live = process.env.IRONIC_RBAC_LIVE === '1';
if (!installed) console.warn(`Ironic's RBAC test data is not installed (${rbacFilePath('legacy')}): npm test installs Debian's python3-ironic (scripts/keystone.sh install)`);
if (live && !existsSync('/usr/bin/ironic-api')) throw new Error('IRONIC_RBAC_LIVE=1 needs Debian\'s ironic-api and ironic-conductor: bash scripts/ironic.sh install');

/** The recording's cases, by run, in its order. */
function recordedSample(run: RbacRun, file: (typeof RUNS)[number]['file']): RbacCase[] {
  const cases = new Map(readRbacCases(file).map((testCase) => [testCase.name, testCase]));
  return IRONIC_RBAC_RECORDED[run].map(({ name }) => {
    const testCase = cases.get(name);
    if (!testCase) throw new Error(`the recording's case ${name} is not in Ironic's ${file} file`);
    return testCase;
  });
}

let keystone: RunningKeystone;
let ours: Partial<Record<RbacRun, SideBySideAnswer[]>> = {};
let theirs: Readonly<Partial<Record<RbacRun, readonly SideBySideAnswer[]>>> = IRONIC_RBAC_RECORDED;
const gaps: string[] = [];
const started = Date.now();

beforeAll(async () => {
  if (!installed) return;
  keystone = await startKeystone();
  const { project: service, user: serviceUser, file: credentials } = await keystone.serviceCredentials();
  const callers = new RbacCallers(keystone);
  await callers.prepareProjects((['system_scoped', 'project_scoped', 'legacy'] as const).flatMap((file) => readRbacCases(file)), { service });
  const adminToken = await keystone.token(await keystone.userWith(['admin'], { system: true }), { system: true });
  const samples = Object.fromEntries(RUNS.map(({ run, file }) => [run, recordedSample(run, file)]));

  const startIronledger = async (deployment: Deployment) => {
    const { env, gatewayEnv } = GATEWAYS[deployment];
    const system = await startSystem({ env: { AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: credentials, ...env }, gateways: gatewayEnv.length, gatewayEnv });
    return { baseUrls: system.baseUrls, conductor: system.conductorIds[0]!, stop: () => system.stop() };
  };
  const result = await answerSamples(samples, startIronledger, { adminToken, callers });
  ours = result.answers;
  gaps.push(...result.gaps);
  if (live) {
    const startRealIronic = (deployment: Deployment) => startIronic({ url: keystone.url, username: serviceUser.name, password: serviceUser.password }, IRONIC_APIS[deployment]);
    theirs = (await answerSamples(samples, startRealIronic, { adminToken, callers })).answers;
  }
}, 1_200_000);

afterAll(async () => {
  await keystone?.stop();
  if (Object.keys(ours).length > 0) console.log(summary());
});

const describeIfInstalled = installed ? describe : describe.skip;

describeIfInstalled(`ironledger beside real Ironic 21.4 (${live ? 'live' : 'recorded'}) on a sample of its RBAC cases`, () => {
  it('builds the fixtures', () => {
    // Listed, not failed: a missing fixture shows in the cases that need it.
    if (gaps.length > 0) console.log(`Fixtures ironledger's API did not make:\n${gaps.map((gap) => `  ${gap}`).join('\n')}`);
    expect(Object.keys(ours).sort()).toEqual(RUNS.map(({ run }) => run).sort());
  });

  for (const { run } of RUNS) {
    it(`answers ${run}'s sample as real Ironic does, but the known differences`, () => {
      const differing = differences(run);
      const known = SIDE_BY_SIDE_DIFFERENCES[run].flatMap((group) => group.cases);
      const unexplained = Object.fromEntries(Object.entries(differing).filter(([name]) => !known.includes(name)));
      const nowMatching = known.filter((name) => !(name in differing));
      expect({ unexplained, nowMatching }).toEqual({ unexplained: {}, nowMatching: [] });
    });
  }

  it("answers as real Ironic does every case where ironic-rbac.known.ts says real Ironic agrees with it", () => {
    const unconfirmed: Record<string, string> = {};
    for (const { run } of RUNS) {
      const sampled = new Set((theirs[run] ?? []).map(({ name }) => name));
      const differing = differences(run);
      for (const group of KNOWN_DIFFERENCES[run].filter(({ realIronicAgrees }) => realIronicAgrees)) {
        for (const name of group.cases) {
          if (!sampled.has(name)) unconfirmed[`${run}: ${name}`] = 'not in the sample: record again';
          else if (name in differing) unconfirmed[`${run}: ${name}`] = differing[name]!;
        }
      }
    }
    expect(unconfirmed).toEqual({});
  });
});

/** The cases of a run whose status is not Ironic's: both answers. */
function differences(run: RbacRun): Record<string, string> {
  const answers = new Map((ours[run] ?? []).map((answer) => [answer.name, answer]));
  const differing: Record<string, string> = {};
  for (const ironic of theirs[run] ?? []) {
    const mine = answers.get(ironic.name);
    if (mine?.status !== ironic.status) differing[ironic.name] = `ironledger ${mine?.status} ${mine?.fault ?? ''} | Ironic ${ironic.status} ${ironic.fault}`;
  }
  return differing;
}

function summary(): string {
  const lines = [`ironledger beside real Ironic 21.4, in ${Math.round((Date.now() - started) / 1000)} s:`];
  for (const { run } of RUNS) {
    const total = (theirs[run] ?? []).length;
    lines.push(`  ${run}: ${total - Object.keys(differences(run)).length}/${total} match`);
    for (const group of SIDE_BY_SIDE_DIFFERENCES[run]) if (group.cases.length > 0) lines.push(`    ${group.cases.length} × ${group.why}`);
  }
  return lines.join('\n');
}
