/**
 * What operators are given to watch ironledger with: every service's metrics pass `promtool
 * check metrics` (no gauge named like a counter, no `instance` label of the services' own), the
 * example alert rules (deploy/prometheus) pass `promtool check rules` and their own unit tests
 * (`promtool test rules`), and the rules and the Grafana dashboard (deploy/grafana) name only
 * metrics the services export.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LiveProjection } from '@ironledger/application';
import { fakeHardware } from '@ironledger/drivers';
import { InMemoryEventStore } from '@ironledger/event-store';
import { serviceRegistry } from '@ironledger/observability';
import { type Registry } from 'prom-client';
import { ConductorMetrics } from '../../apps/conductor/src/metrics.js';
import { GatewayMetrics } from '../../apps/gateway/src/observability/gateway-metrics.js';
import { PowerSyncMetrics } from '../../apps/power-sync/src/power-sync.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULES = `${ROOT}deploy/prometheus/ironledger-rules.yaml`;

/** Runs promtool (scripts/ops-tools.sh installs it); its output, or the failure with it. */
function promtool(args: string[], input?: string): string {
  try {
    return execFileSync('promtool', args, { cwd: `${ROOT}deploy/prometheus`, input, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: string; stdout?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error('promtool is not installed: run `bash scripts/ops-tools.sh install` (npm test does)');
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

/** Each service's registry as the service builds it, with a sample in every labelled metric. */
async function serviceExpositions(): Promise<Record<string, Registry>> {
  const store = new InMemoryEventStore();
  const projection = new LiveProjection(store);
  await projection.start();
  const gateway = new GatewayMetrics(serviceRegistry('gateway'), store, projection);
  gateway.observeRequest('GET', '/v1/nodes', 200, 0.01);
  gateway.conductorRoundTrip.observe({ type: 'RegisterNode', result: 'ok' }, 0.02);
  const conductorRegistry = serviceRegistry('conductor');
  const conductor = new ConductorMetrics(conductorRegistry);
  conductor.commands.inc({ type: 'RegisterNode', result: 'ok' });
  conductor.work.observe({ state: 'cleaning', outcome: 'succeeded' }, 1);
  conductor.observeSteps([{ kind: 'clean', step: 'deploy.erase_devices', result: 'succeeded', seconds: 3 }]);
  await conductor.measured(fakeHardware()).power.getPowerState({ uuid: 'n', power_state: 'power off', driver_info: {} } as never);
  const powerSyncRegistry = serviceRegistry('power-sync');
  new PowerSyncMetrics(powerSyncRegistry).readErrors.inc({ driver: 'redfish', kind: 'timeout' });
  await projection.stop();
  return { gateway: gateway.registry, conductor: conductorRegistry, 'power-sync': powerSyncRegistry };
}

/** Every series name the services export (a histogram's `_bucket`, `_sum` and `_count` included). */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const registry of Object.values(await serviceExpositions())) {
    for (const { name, type } of await registry.getMetricsAsJSON()) {
      names.add(name);
      // The type is the string 'histogram' at run time, whatever prom-client's declarations say.
      if (String(type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    }
  }
  return names;
}

/** The metric names a PromQL expression reads: the names left once strings, matchers, calls, aggregations and their labels are taken out. */
function metricsIn(expr: string): string[] {
  const grouping = [...expr.matchAll(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g)].flatMap(([, labels]) => labels!.split(',').map((label) => label.trim()));
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$\w+/g, '')
    .replace(/\b(?:sum|min|max|avg|count|stddev|stdvar|topk|bottomk|quantile|group)\s+(?:by|without)\s*\([^)]*\)/g, ' ')
    .replace(/\b[a-zA-Z_]\w*\s*(?=\()/g, ' ');
  const keywords = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'or', 'and', 'unless', 'bool', 'offset', ...grouping]);
  return [...new Set((stripped.match(/\b[a-zA-Z_:][\w:]*/g) ?? []).filter((word) => !keywords.has(word)))];
}

describe('metrics, alert rules and dashboard', () => {
  it('every service exposes metrics promtool accepts, without an instance label of its own', async () => {
    for (const [service, registry] of Object.entries(await serviceExpositions())) {
      const text = await registry.metrics();
      expect(promtool(['check', 'metrics'], text)).toBe('');
      expect(text).not.toMatch(/\binstance="/);
      expect(text).toMatch(new RegExp(`service="${service}"`));
    }
  });

  it('the example alert rules are valid and fire as their unit tests expect', () => {
    expect(promtool(['check', 'rules', RULES])).toMatch(/SUCCESS: \d+ rules found/);
    expect(promtool(['test', 'rules', 'ironledger-rules.test.yaml'])).toMatch(/SUCCESS/);
  });

  it('the rules and the dashboard read only metrics the services export', async () => {
    const exported = await exportedNames();
    const rules = readFileSync(RULES, 'utf8');
    const ruleExprs = [...rules.matchAll(/^\s+expr: (.+)$/gm)].map(([, expr]) => expr!);
    expect(ruleExprs.length).toBeGreaterThan(10);
    const dashboard = JSON.parse(readFileSync(`${ROOT}deploy/grafana/ironledger-dashboard.json`, 'utf8')) as { panels: { id: number; type: string; targets?: { expr: string; datasource: { uid: string } }[] }[] };
    const dashboardExprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    expect(dashboardExprs.length).toBeGreaterThan(20);
    const unknown = [...ruleExprs, ...dashboardExprs].flatMap((expr) => metricsIn(expr).filter((name) => !exported.has(name)).map((name) => `${name} in ${expr}`));
    expect(unknown).toEqual([]);
    // Every panel queries the dashboard's Prometheus variable, and panel ids are unique.
    expect(dashboard.panels.flatMap((panel) => panel.targets ?? []).every((target) => target.datasource.uid === '${datasource}')).toBe(true);
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
  });

  it('finds the metric names of an expression, and only them', () => {
    expect(metricsIn('sum by (driver, kind) (rate(ironledger_x_total{kind="timeout"}[10m])) > 0.1 or max(ironledger_y) != ironledger_y')).toEqual(['ironledger_x_total', 'ironledger_y']);
    expect(metricsIn('histogram_quantile(0.9, sum by (le) (rate(a_bucket{route!="/v1/events"}[$__rate_interval])))')).toEqual(['a_bucket']);
  });
});
