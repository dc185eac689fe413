/**
 * Ironic's RBAC cases sent to a live deployment, to set real Ironic's answers beside
 * ironledger's: the sample of cases (`rbacSample`), the deployments' shape (which API of a
 * deployment takes a case, as Ironic's test configures itself per case) and the run itself
 * (`runSample`), shared by the recording (`test/gateway/record-ironic-rbac.ts`) and the spec that
 * compares ironledger with it (`test/gateway/ironic-rbac-side-by-side.e2e.spec.ts`), so that both
 * send the same cases, in the same order, on the same fixtures.
 *
 * Unlike Ironic's unit test (`ironic-rbac.ts`), the conductors are alive: a case that Ironic's test
 * answers 503 (its conductor calls mocked to fail) is answered here as the deployment really
 * does. Writes change what later cases see, the same way on both sides; after a case that deletes
 * something the fixtures are built again (only what is missing, under the same identifiers), and
 * after every write the nodes are left to come to rest before the next case.
 */
import { apiClient, type Json } from './api.js';
import { type RbacCallers, type RbacCase, type RbacFile, readRbacCases, sendCase } from './ironic-rbac.js';
import { type FixtureGap, modelBeforeScopesFixtures, projectScopedFixtures } from './ironic-rbac-fixtures.js';
import { type RbacRun } from '../gateway/ironic-rbac.known.js';
import { type IronicOptions } from './ironic-process.js';

/** Which of a deployment's APIs (or gateways) answers a case, configured as Ironic's test configures itself for it. */
export type Deployment = 'model' | 'project';

/**
 * The APIs each deployment runs, by index:
 * - model (the system-scoped and legacy files' fixtures): 0 as Ironic 21.4 ships (nothing
 *   enforced), 1 scope and new defaults enforced, 2 the service role's elevated access, 3 the same
 *   for a service project named `admin`;
 * - project (the project-scoped file's): 0 scope and new defaults enforced, 1 the same without
 *   project admins managing their own nodes.
 */
export const RUNS: readonly { readonly run: RbacRun; readonly file: RbacFile; readonly deployment: Deployment; readonly api: (testCase: RbacCase) => number; readonly scopedCanary?: boolean }[] = [
  { run: 'system_scoped', file: 'system_scoped', deployment: 'model', api: (testCase) => (testCase.enable_service_project ? (testCase.service_project === 'admin' ? 3 : 2) : 0) },
  { run: 'legacy', file: 'legacy', deployment: 'model', api: () => 0 },
  { run: 'legacy (scoped canary)', file: 'legacy', deployment: 'model', api: () => 1, scopedCanary: true },
  { run: 'project_scoped', file: 'project_scoped', deployment: 'project', api: (testCase) => (testCase.self_manage_nodes === false ? 1 : 0) },
];

const IRONIC_ENFORCED: IronicOptions = { oslo_policy: { enforce_scope: true, enforce_new_defaults: true } };
const IRONIC_ELEVATED: IronicOptions = { DEFAULT: { rbac_service_role_elevated_access: true } };
/** Real Ironic's API processes for each deployment, in the order `RUNS` names them (what ironledger's gateways are configured as). */
export const IRONIC_APIS: Record<Deployment, IronicOptions[]> = {
  model: [{}, IRONIC_ENFORCED, IRONIC_ELEVATED, { DEFAULT: { rbac_service_role_elevated_access: true, rbac_service_project_name: 'admin' } }],
  project: [IRONIC_ENFORCED, { ...IRONIC_ENFORCED, api: { project_admin_can_manage_own_nodes: false } }],
};

/** One case of the sample and the answer a deployment gave. */
export interface SideBySideAnswer {
  readonly name: string;
  readonly status: number;
  /** The first 160 characters of the refusal's faultstring (or of the body when it is not Ironic's error body); empty for a success. */
  readonly fault: string;
}

/** Every `SPREAD`-th case of a file (from its first), besides the named ones. */
const SPREAD = 8;

/** What a path is about, for making sure every kind is in the sample: `/v1/nodes/{node_ident}/vifs` is `nodes/vifs`. */
function kindOf(testCase: RbacCase): string {
  const segments = testCase.path.split('?')[0]!.split('/').filter((segment) => segment && segment !== 'v1');
  return segments.filter((segment) => !segment.startsWith('{')).slice(0, 2).join('/');
}

/**
 * The cases of a run to send, in file order: those named (the existing spec's known differences),
 * every `SPREAD`-th other one, and the first case of any kind of path not yet in the sample.
 */
export function rbacSample(file: RbacFile, named: readonly string[]): RbacCase[] {
  const cases = readRbacCases(file).filter((testCase) => !testCase.skip_reason);
  const chosen = new Set(cases.filter((testCase, index) => named.includes(testCase.name) || index % SPREAD === 0).map((testCase) => testCase.name));
  const kinds = new Set(cases.filter((testCase) => chosen.has(testCase.name)).map(kindOf));
  for (const testCase of cases) {
    if (kinds.has(kindOf(testCase))) continue;
    kinds.add(kindOf(testCase));
    chosen.add(testCase.name);
  }
  return cases.filter((testCase) => chosen.has(testCase.name));
}

/** A deployment under test: its APIs' base URLs, a system admin's calls to build fixtures, and its conductor's name. */
export interface Target {
  readonly baseUrls: readonly string[];
  readonly adminToken: string;
  readonly conductor: string;
  readonly callers: RbacCallers;
}

type Call = ReturnType<typeof apiClient>;

function asAdmin(baseUrl: string, token: string): Call {
  const call = apiClient(() => baseUrl);
  return (method, path, options = {}) => call(method, path, { ...options, headers: { 'X-OpenStack-Ironic-API-Version': '1.82', 'X-Auth-Token': token } });
}

/** Builds (or builds again: only what is missing) a deployment's fixtures; the values its cases' paths are formatted with. */
export async function buildFixtures(deployment: Deployment, target: Target): Promise<{ format: Record<string, string>; gaps: FixtureGap[] }> {
  const call = asAdmin(target.baseUrls[0]!, target.adminToken);
  if (deployment === 'model') return modelBeforeScopesFixtures(call, target.conductor);
  return projectScopedFixtures(call, target.callers.projectId('70e5e25a-2ca2-4cb1-8ae8-7d8739cee205'), target.callers.projectId('f11853c7-fa9c-4db3-a477-c9d8e0dbbf13'));
}

/** Waits (up to 30 s) until no node is moving between states or held by a conductor, and no allocation is being made. */
export async function settle(target: Target): Promise<void> {
  const call = asAdmin(target.baseUrls[0]!, target.adminToken);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const nodes = ((await call('GET', '/v1/nodes?fields=uuid,target_provision_state,target_power_state,reservation')).json?.nodes ?? []) as Json[];
    const allocations = ((await call('GET', '/v1/allocations?fields=uuid,state')).json?.allocations ?? []) as Json[];
    const moving = nodes.some((node) => node.target_provision_state || node.target_power_state || node.reservation);
    if (!moving && !allocations.some((allocation) => allocation.state === 'allocating')) return;
  }
}

/** The faultstring of an error body, else the body itself, cut to 160 characters. */
function faultOf(status: number, text: string): string {
  if (status < 400) return '';
  try {
    const body = JSON.parse(text) as { error_message?: string };
    if (typeof body.error_message === 'string') return (JSON.parse(body.error_message) as { faultstring: string }).faultstring.slice(0, 160);
  } catch {
    // not Ironic's error body
  }
  return text.slice(0, 160);
}

/** One case's answer, sent as Ironic's test sends it. */
async function answerCase(testCase: RbacCase, baseUrl: string, format: Readonly<Record<string, string>>, callers: RbacCallers): Promise<SideBySideAnswer> {
  const response = await sendCase(testCase, baseUrl, format, callers);
  return { name: testCase.name, status: response.status, fault: faultOf(response.status, await response.text()) };
}

/**
 * Sends a run's cases in order to a deployment whose fixtures are built, rebuilding what a deletion
 * removed and letting every write settle; `format` is updated in place when a rebuild changes it.
 */
export async function runSample(cases: readonly RbacCase[], run: (typeof RUNS)[number], target: Target, fixtures: { format: Record<string, string> }): Promise<SideBySideAnswer[]> {
  const answers: SideBySideAnswer[] = [];
  for (const testCase of cases) {
    answers.push(await answerCase(testCase, target.baseUrls[run.api(testCase)]!, fixtures.format, target.callers));
    if (testCase.method.toLowerCase() === 'get') continue;
    await settle(target);
    if (testCase.method.toLowerCase() === 'delete') {
      fixtures.format = (await buildFixtures(run.deployment, target)).format;
      await settle(target);
    }
  }
  return answers;
}

/** A deployment started for a sample: where its APIs answer and how to stop it. */
export interface StartedDeployment {
  readonly baseUrls: readonly string[];
  readonly conductor: string;
  stop(): Promise<void>;
}

/**
 * Sends each run's cases (`samples`, by run) to deployments `start` makes, the model deployment's
 * runs in order, then the project deployment's; the answers by run, and the fixture steps refused.
 */
export async function answerSamples(
  samples: Readonly<Partial<Record<RbacRun, readonly RbacCase[]>>>,
  start: (deployment: Deployment) => Promise<StartedDeployment>,
  { adminToken, callers }: { adminToken: string; callers: RbacCallers },
): Promise<{ answers: Partial<Record<RbacRun, SideBySideAnswer[]>>; gaps: string[] }> {
  const answers: Partial<Record<RbacRun, SideBySideAnswer[]>> = {};
  const gaps: string[] = [];
  for (const deployment of ['model', 'project'] as const) {
    const runs = RUNS.filter((run) => run.deployment === deployment && samples[run.run]);
    if (runs.length === 0) continue;
    const started = await start(deployment);
    try {
      const target: Target = { baseUrls: started.baseUrls, adminToken, conductor: started.conductor, callers };
      const fixtures = await buildFixtures(deployment, target);
      gaps.push(...fixtures.gaps.map((gap) => `${deployment}: ${gap.step}: ${gap.answer.slice(0, 160)}`));
      for (const run of runs) answers[run.run] = await runSample(samples[run.run]!, run, target, fixtures);
    } finally {
      await started.stop();
    }
  }
  return { answers, gaps };
}
