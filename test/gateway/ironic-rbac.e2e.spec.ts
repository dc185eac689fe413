/**
 * Ironic 21.4's access policy, judged by Ironic's own test data: every case of the three RBAC
 * files Debian's python3-ironic installs (see `test/support/ironic-rbac.ts`) is sent to ironledger
 * under `AUTH_STRATEGY=keystone` with a real Keystone token for its caller, against the resources
 * Ironic's test module builds (`test/support/ironic-rbac-fixtures.ts`), with the policy
 * enforcement Ironic's test class sets:
 *
 * - `system_scoped` and `legacy`: oslo.policy's defaults as Ironic 21.4 runs them (neither scope
 *   nor new defaults enforced);
 * - `legacy (scoped canary)`: the legacy file again with both enforced, as Ironic runs it twice;
 * - `project_scoped`: both enforced.
 *
 * Cases that do not match are listed, with the reason, in `ironic-rbac.known.ts`; the list must
 * be exact, so a case that starts matching has to be taken off it. A summary is printed. Where
 * the difference is the test's (Ironic's conductor calls mocked to fail, roles from headers), real
 * Ironic's answers decide: `ironic-rbac-side-by-side.e2e.spec.ts` checks those cases against them.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { apiClient } from '../support/api.js';
import { type RbacCase, RbacCallers, type RbacFile, rbacDataInstalled, rbacFilePath, readRbacCases, runCase, type RbacOutcome } from '../support/ironic-rbac.js';
import { type FixtureGap, modelBeforeScopesFixtures, projectScopedFixtures } from '../support/ironic-rbac-fixtures.js';
import { type KeystoneUser, type RunningKeystone, startKeystone } from '../support/keystone.js';
import { type RunningSystem, startSystem } from '../support/system.js';
import { KNOWN_DIFFERENCES, type RbacRun } from './ironic-rbac.known.js';

jest.setTimeout(300_000);

const ENFORCED = { OSLO_POLICY_ENFORCE_SCOPE: 'true', OSLO_POLICY_ENFORCE_NEW_DEFAULTS: 'true' };
const ELEVATED = { RBAC_SERVICE_ROLE_ELEVATED_ACCESS: 'true' };
const installed = rbacDataInstalled();
const describeIfInstalled = installed ? describe : describe.skip;
if (!installed) console.warn(`Ironic's RBAC test data is not installed (${rbacFilePath('legacy')}): npm test installs Debian's python3-ironic (scripts/keystone.sh install)`);

let keystone: RunningKeystone;
/**
 * The system- and legacy-file fixtures: gateway 1 as Ironic 21.4 runs (nothing enforced), gateway 2
 * with scope and new defaults enforced, gateways 3 and 4 with the service role's elevated access
 * (for the project `service`, and `admin`), which some cases turn on.
 */
let beforeScopes: RunningSystem;
/** The project-file fixtures, scope and new defaults enforced: gateway 1 as configured by default, gateway 2 without project admins' own nodes. */
let projectScoped: RunningSystem;
let callers: RbacCallers;
const formats = new Map<string, Record<string, string>>();
const gaps: FixtureGap[] = [];
const outcomes = new Map<RbacRun, RbacOutcome[]>();

beforeAll(async () => {
  if (!installed) return;
  keystone = await startKeystone();
  const { project: service, file: credentials } = await keystone.serviceCredentials();
  const env = { AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: credentials };
  [beforeScopes, projectScoped] = await Promise.all([
    startSystem({ env, gateways: 4, gatewayEnv: [{}, ENFORCED, ELEVATED, { ...ELEVATED, RBAC_SERVICE_PROJECT_NAME: 'admin' }] }),
    startSystem({ env: { ...env, ...ENFORCED }, gateways: 2, gatewayEnv: [{}, { PROJECT_ADMIN_CAN_MANAGE_OWN_NODES: 'false' }] }),
  ]);

  callers = new RbacCallers(keystone);
  const all = (['system_scoped', 'project_scoped', 'legacy'] as const).flatMap((file) => readRbacCases(file));
  await callers.prepareProjects(all, { service });
  const admin: KeystoneUser = await keystone.userWith(['admin'], { system: true });
  const adminToken = await keystone.token(admin, { system: true });
  const asAdmin = (system: RunningSystem) => {
    const call = apiClient(() => system.baseUrl);
    return (method: string, path: string, options: { body?: unknown } = {}) => call(method, path, { ...options, headers: { 'X-OpenStack-Ironic-API-Version': '1.82', 'X-Auth-Token': adminToken } });
  };
  const [model, project] = await Promise.all([
    modelBeforeScopesFixtures(asAdmin(beforeScopes), beforeScopes.conductorIds[0]!),
    projectScopedFixtures(asAdmin(projectScoped), callers.projectId('70e5e25a-2ca2-4cb1-8ae8-7d8739cee205'), callers.projectId('f11853c7-fa9c-4db3-a477-c9d8e0dbbf13')),
  ]);
  formats.set('model', model.format).set('project', project.format);
  gaps.push(...model.gaps, ...project.gaps);
  // Ironic's test fails every call to a conductor (503): so does ironledger without one.
  await Promise.all([beforeScopes.stopConductors(), projectScoped.stopConductors()]);
  // Until a gateway has missed their heartbeats it still counts them alive, and routes as if they were.
  await Promise.all([...beforeScopes.baseUrls, ...projectScoped.baseUrls].map((baseUrl) => noConductorAlive(baseUrl)));
}, 600_000);

async function noConductorAlive(baseUrl: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const { conductors } = (await (await fetch(`${baseUrl}/readyz`)).json()) as { conductors: string[] };
    if (conductors.length === 0) return;
  }
  throw new Error(`the gateway at ${baseUrl} still counts a stopped conductor alive`);
}

afterAll(async () => {
  await beforeScopes?.stop();
  await projectScoped?.stop();
  await keystone?.stop();
  if (outcomes.size > 0) console.log(summary());
});

/** The gateway of the system that runs a case as configured as Ironic's test configures it (`enable_service_project`, `service_project`, `self_manage_nodes`). */
function configuredGateway(system: () => RunningSystem): (testCase: RbacCase) => string {
  return (testCase) => {
    const urls = system().baseUrls;
    if (testCase.self_manage_nodes === false) return urls[1]!;
    if (testCase.enable_service_project) return urls[testCase.service_project === 'admin' ? 3 : 2]!;
    return urls[0]!;
  };
}

/** Each run: its file, the gateway each case goes to, its fixtures, and whether it is Ironic's scoped canary. */
const RUNS: readonly { run: RbacRun; file: RbacFile; baseUrl: (testCase: RbacCase) => string; format: 'model' | 'project'; scopedCanary?: boolean }[] = [
  { run: 'system_scoped', file: 'system_scoped', baseUrl: configuredGateway(() => beforeScopes), format: 'model' },
  { run: 'legacy', file: 'legacy', baseUrl: () => beforeScopes.baseUrls[0]!, format: 'model' },
  { run: 'legacy (scoped canary)', file: 'legacy', baseUrl: () => beforeScopes.baseUrls[1]!, format: 'model', scopedCanary: true },
  { run: 'project_scoped', file: 'project_scoped', baseUrl: configuredGateway(() => projectScoped), format: 'project' },
];

describeIfInstalled('Ironic 21.4’s RBAC test data against ironledger', () => {
  it('builds the fixtures Ironic’s test module builds', () => {
    // Listed, not failed: a missing fixture shows in the cases that need it (see the known differences).
    if (gaps.length > 0) console.log(`Fixtures the API did not make:\n${gaps.map((gap) => `  ${gap.step}: ${gap.answer}`).join('\n')}`);
    expect(formats.size).toBe(2);
  });

  for (const { run, file, baseUrl, format, scopedCanary } of RUNS) {
    it(`answers every case of ${run} as Ironic does, but the known differences`, async () => {
      const cases = installed ? readRbacCases(file).filter((testCase: RbacCase) => !testCase.skip_reason) : [];
      const results: RbacOutcome[] = [];
      for (const testCase of cases) results.push(await runCase(testCase, { baseUrl: baseUrl(testCase), format: formats.get(format)!, callers, scopedCanary }));
      outcomes.set(run, results);
      if (process.env.IRONIC_RBAC_REPORT) writeFileSync(`${process.env.IRONIC_RBAC_REPORT}.${file}${scopedCanary ? '-canary' : ''}.json`, JSON.stringify(results, null, 1));
      const differing = Object.fromEntries(results.filter((result) => result.difference !== null).map((result) => [result.name, result.difference]));
      const known = KNOWN_DIFFERENCES[run].flatMap((group) => group.cases);
      const unexplained = Object.fromEntries(Object.entries(differing).filter(([name]) => !known.includes(name)));
      const nowMatching = known.filter((name) => !(name in differing));
      expect({ unexplained, nowMatching }).toEqual({ unexplained: {}, nowMatching: [] });
    });
  }
});

function summary(): string {
  const lines = ['Ironic 21.4 RBAC cases against ironledger:'];
  for (const [run, results] of outcomes) {
    const matching = results.filter((result) => result.difference === null).length;
    lines.push(`  ${run}: ${matching}/${results.length} match`);
    for (const group of KNOWN_DIFFERENCES[run]) if (group.cases.length > 0) lines.push(`    ${group.cases.length} × ${group.realIronicAgrees ? '(real Ironic agrees with ironledger: ironic-rbac-side-by-side.e2e.spec.ts) ' : ''}${group.why}`);
  }
  return lines.join('\n');
}
