/**
 * Records real Ironic's answers to a sample of its own RBAC cases, for
 * `ironic-rbac-side-by-side.e2e.spec.ts` to hold ironledger to. Run as root on Debian, from the
 * checkout's top:
 *
 *     node --import ./scripts/register-ts.mjs test/gateway/record-ironic-rbac.ts
 *
 * It installs Debian's ironic-api and ironic-conductor when missing (`scripts/ironic.sh install`,
 * no daemon started, nothing configured) and Keystone (`scripts/keystone.sh install`), starts a
 * Keystone and, from configs it writes in a temporary directory (`test/support/ironic-process.ts`),
 * an Ironic conductor (json-rpc, sqlite, fake-hardware with fake interfaces) and its API processes
 * with `auth_strategy = keystone`, one per configuration Ironic's test sets: first for the system-
 * scoped and legacy files (as shipped, both oslo.policy enforcements on, the service role's
 * elevated access, that for a project named `admin`), then, on a new database, for the project-
 * scoped file (enforced, and without project admins' own nodes). It builds the fixtures of
 * `test/support/ironic-rbac-fixtures.ts` through Ironic's API, sends the sample of
 * `test/support/ironic-rbac-side-by-side.ts` with real Keystone tokens, stops everything it
 * started, and writes `ironic-21.4-rbac.recorded.ts` beside this file.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RbacCallers, readRbacCases } from '../support/ironic-rbac.js';
import { ironicVersion, startIronic } from '../support/ironic-process.js';
import { answerSamples, type Deployment, IRONIC_APIS, rbacSample, RUNS, type SideBySideAnswer } from '../support/ironic-rbac-side-by-side.js';
import { startKeystone } from '../support/keystone.js';
import { KNOWN_DIFFERENCES, type RbacRun } from './ironic-rbac.known.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT = fileURLToPath(new URL('./ironic-21.4-rbac.recorded.ts', import.meta.url));

async function main(): Promise<void> {
  for (const script of ['scripts/ironic.sh', 'scripts/keystone.sh']) execFileSync('bash', [script, 'install'], { cwd: ROOT, stdio: 'inherit' });
  const started = Date.now();
  const samples = Object.fromEntries(RUNS.map((run) => [run.run, rbacSample(run.file, KNOWN_DIFFERENCES[run.run].flatMap((group) => group.cases))]));
  const keystone = await startKeystone();
  let recorded: Awaited<ReturnType<typeof answerSamples>>;
  try {
    const service = await keystone.createProject('service');
    const serviceUser = await keystone.userWith(['service'], { project: service });
    const callers = new RbacCallers(keystone);
    await callers.prepareProjects((['system_scoped', 'project_scoped', 'legacy'] as const).flatMap((file) => readRbacCases(file)), { service });
    const adminToken = await keystone.token(await keystone.userWith(['admin'], { system: true }), { system: true });
    const startDeployment = async (deployment: Deployment) => startIronic({ url: keystone.url, username: serviceUser.name, password: serviceUser.password }, IRONIC_APIS[deployment]);
    recorded = await answerSamples(samples, startDeployment, { adminToken, callers });
  } finally {
    await keystone.stop();
  }
  writeFileSync(OUTPUT, render(recorded.answers as Record<RbacRun, SideBySideAnswer[]>, recorded.gaps));
  console.log(`recorded in ${Math.round((Date.now() - started) / 1000)} s: ${OUTPUT}`);
}

function render(recorded: Record<RbacRun, SideBySideAnswer[]>, gaps: readonly string[]): string {
  const runs = RUNS.map(({ run }) => `  ${JSON.stringify(run)}: [\n${recorded[run].map((answer) => `    ${JSON.stringify(answer)},`).join('\n')}\n  ],`).join('\n');
  return `/**
 * Real Ironic's answers to a sample of its own RBAC cases (\`test/support/ironic-rbac-side-by-side.ts\`):
 * Debian's python3-ironic ${ironicVersion()} (ironic-api and ironic-conductor; \`auth_strategy =
 * keystone\` behind a real Keystone, Debian's keystone ${execFileSync('dpkg-query', ['-W', '-f=${Version}', 'python3-keystone'], { encoding: 'utf8' }).trim()}; json-rpc, sqlite, fake-hardware with fake
 * interfaces; a live conductor), with one API process per configuration Ironic's test sets, on
 * the fixtures of \`test/support/ironic-rbac-fixtures.ts\` built through Ironic's API, each case
 * sent with a real token for its caller. Recorded by \`test/gateway/record-ironic-rbac.ts\`
 * (\`node --import ./scripts/register-ts.mjs test/gateway/record-ironic-rbac.ts\`); do not edit.
 * A case's \`fault\` is the first 160 characters of its faultstring.
 */
import { type SideBySideAnswer } from '../support/ironic-rbac-side-by-side.js';
import { type RbacRun } from './ironic-rbac.known.js';

/** Fixture steps Ironic's API refused when the recording built them. */
export const IRONIC_RBAC_FIXTURE_GAPS: readonly string[] = ${JSON.stringify(gaps, null, 2)};

export const IRONIC_RBAC_RECORDED: Readonly<Record<RbacRun, readonly SideBySideAnswer[]>> = {
${runs}
};
`;
}

await main();
