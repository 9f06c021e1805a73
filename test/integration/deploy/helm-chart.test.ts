// The Helm chart (deploy/helm/studio) and docker-compose.yml, checked with real tools and published
// schemas, offline: `helm lint`, `helm template` with the small and the large value sets, every
// rendered object against Kubernetes' own schemas (kubernetes-validate) or its CRD's schema (KEDA,
// Prometheus Operator), and docker-compose.yml against the Compose specification. The tools are
// built or installed once per machine (scripts/fetch-helm.ts, scripts/fetch-kubernetes-validate.ts,
// scripts/go-module-files.ts): a missing one fails here with its reason. No running stack needed.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import Ajv from 'ajv';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { CONFIG_VARIABLES, MIGRATION_ONLY_VARIABLES } from '../../../lib/config';
import { ensureHelm } from '../../../scripts/fetch-helm';
import { ensureKubernetesValidate } from '../../../scripts/fetch-kubernetes-validate';
import { readSchemaSource } from '../../../scripts/go-module-files';
import { taskQueuesInUse } from '../../../workflows/contracts';
import { selectTaskQueues } from '../../../workers/task-queue-selection';

const root = path.resolve(__dirname, '..', '..', '..');
const chartDir = path.join(root, 'deploy', 'helm', 'studio');
/** The Kubernetes version rendered for and validated against (the newest kubernetes-validate knows). */
const KUBE_VERSION = '1.37.0';
const RELEASE = 'rel';

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Container {
  name: string;
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name: string; containerPort: number }[];
  livenessProbe?: { httpGet: { path: string; port: string } };
  readinessProbe?: { httpGet: { path: string; port: string } };
}
interface PodSpec {
  containers: Container[];
}
type Deployment = K8sObject & {
  spec: { replicas?: number; template: { metadata: { labels: Record<string, string> }; spec: PodSpec } };
};

let helm: string;
let kubernetesValidate: string[];
let work: string;
/** A copy of the chart with a placeholder of Temporal's chart in charts/ (see stubDependency). */
let renderable: string;

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Helm refuses to render a chart whose declared dependency is missing from charts/, even when its
 * condition leaves it off, and Temporal's chart is not kept in the repository (no internet here).
 * The copy gets a chart of the same name and version with nothing in it: the studio chart's own
 * templates render exactly as with the real one, Temporal's render nothing.
 */
function stubDependency(dir: string): void {
  const chart = parse(fs.readFileSync(path.join(dir, 'Chart.yaml'), 'utf8')) as {
    dependencies: { name: string; version: string }[];
  };
  for (const dependency of chart.dependencies) {
    const stub = path.join(dir, 'charts', dependency.name);
    fs.mkdirSync(stub, { recursive: true });
    fs.writeFileSync(
      path.join(stub, 'Chart.yaml'),
      stringify({ apiVersion: 'v2', name: dependency.name, version: dependency.version }),
    );
  }
}

const valueSets = {
  small: ['ci/secrets.yaml', 'values-small.yaml'],
  large: ['ci/secrets.yaml', 'values-large.yaml'],
} as const;

function render(valueFiles: readonly string[], extra: string[] = []): K8sObject[] {
  const args = ['template', RELEASE, renderable, '--kube-version', KUBE_VERSION];
  for (const file of valueFiles) args.push('-f', path.join(chartDir, file));
  const { status, output } = run(helm, [...args, ...extra]);
  if (status !== 0) throw new Error(`helm template failed:\n${output}`);
  return parseAllDocuments(output)
    .map((doc) => doc.toJSON() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

const rendered: Record<keyof typeof valueSets, K8sObject[]> = { small: [], large: [] };

beforeAll(() => {
  helm = ensureHelm();
  try {
    kubernetesValidate = ensureKubernetesValidate();
  } catch (err) {
    throw new Error(
      `kubernetes-validate could not be installed (needs python3 with venv, Debian's python3-venv, and PyPI): ${(err as Error).message}`,
    );
  }
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'helm-chart-test-'));
  renderable = path.join(work, 'studio');
  fs.cpSync(chartDir, renderable, { recursive: true });
  stubDependency(renderable);
  rendered.small = render(valueSets.small);
  rendered.large = render(valueSets.large);
}, 900_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const ofKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string) =>
  objects.filter((o) => o.kind === kind) as T[];
const named = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} rendered`);
  return found;
};
const workerDeployments = (objects: K8sObject[]) =>
  ofKind<Deployment>(objects, 'Deployment').filter((d) => d.metadata.labels?.['app.kubernetes.io/component'] !== 'api');
const envValue = (container: Container, name: string) => container.env?.find((e) => e.name === name)?.value;

describe('helm lint', () => {
  it('passes on the chart as committed; the only warning is the dependency fetched at install time', () => {
    const { status, output } = run(helm, ['lint', chartDir, '-f', path.join(chartDir, 'ci/secrets.yaml')]);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('0 chart(s) failed') });
    const warnings = output.split('\n').filter((line) => /^\[(WARNING|ERROR)\]/.test(line));
    expect(warnings).toEqual([expect.stringMatching(/missing these dependencies: temporal$/)]);
  });

  it.each(Object.entries(valueSets))(
    'passes --strict with the %s values once the dependency is present',
    (_, files) => {
      const args = ['lint', '--strict', renderable, '--kube-version', KUBE_VERSION];
      for (const file of files) args.push('-f', path.join(chartDir, file));
      const { status, output } = run(helm, args);
      expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('0 chart(s) failed') });
    },
  );
});

/** What every api and worker pod reads: the service's variables but the migration's own. */
const SERVICE_VARIABLES = CONFIG_VARIABLES.filter((name) => !MIGRATION_ONLY_VARIABLES.includes(name));

describe.each(Object.keys(valueSets) as (keyof typeof valueSets)[])('helm template with the %s values', (size) => {
  const objects = () => rendered[size];

  it('gives every api and worker pod every variable lib/config.ts reads, and the ConfigMap and Secret nothing else', () => {
    const configMaps = new Map(ofKind(objects(), 'ConfigMap').map((c) => [c.metadata.name, c.data ?? {}]));
    const secrets = new Map(
      ofKind(objects(), 'Secret').map((s) => [
        s.metadata.name,
        { ...(s.stringData ?? {}), ...Object.fromEntries(Object.keys(s.data ?? {}).map((k) => [k, ''])) },
      ]),
    );
    const deployments = ofKind<Deployment>(objects(), 'Deployment');
    expect(deployments.length).toBeGreaterThanOrEqual(3);
    for (const deployment of deployments) {
      for (const container of deployment.spec.template.spec.containers) {
        const names = new Set((container.env ?? []).map((e) => e.name));
        for (const source of container.envFrom ?? []) {
          const keys = source.configMapRef
            ? configMaps.get(source.configMapRef.name)
            : source.secretRef
              ? secrets.get(source.secretRef.name)
              : undefined;
          if (!keys) throw new Error(`${deployment.metadata.name} reads a ConfigMap or Secret that is not rendered`);
          for (const key of Object.keys(keys)) names.add(key);
        }
        const missing = SERVICE_VARIABLES.filter((name) => !names.has(name));
        expect({ pod: deployment.metadata.name, missing }).toEqual({ pod: deployment.metadata.name, missing: [] });
        // The tables' owner's URL is the migration Job's alone.
        const owner = MIGRATION_ONLY_VARIABLES.filter((name) => names.has(name));
        expect({ pod: deployment.metadata.name, owner }).toEqual({ pod: deployment.metadata.name, owner: [] });
      }
    }
    // Exactly the service's variables: the ConfigMap and the (non-hook) Secret hold nothing else.
    const release = `${RELEASE}-studio`;
    const held = [...Object.keys(configMaps.get(release)!), ...Object.keys(secrets.get(release)!)].sort();
    expect(held).toEqual([...SERVICE_VARIABLES].sort());
  });

  it('splits the task queues between worker Deployments exactly as docker-compose.yml does', () => {
    const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const groupsOf = (settings: string[]) =>
      settings.map((setting) => selectTaskQueues(setting, taskQueuesInUse()).join(',')).sort();
    const composeGroups = groupsOf(
      Object.values(compose.services)
        .map((s) => s.environment?.WORKER_TASK_QUEUES)
        .filter((v): v is string => typeof v === 'string'),
    );
    const chartGroups = groupsOf(
      workerDeployments(objects()).map((d) => envValue(d.spec.template.spec.containers[0], 'WORKER_TASK_QUEUES')!),
    );
    expect(chartGroups).toEqual(composeGroups);
    expect(chartGroups.join(',').split(',').sort()).toEqual(taskQueuesInUse());
  });

  it("scales each worker with a KEDA ScaledObject whose Temporal triggers are exactly its group's queues", () => {
    const config = named(objects(), 'ConfigMap', `${RELEASE}-studio`).data!;
    const scaled = ofKind(objects(), 'ScaledObject');
    const workers = workerDeployments(objects());
    expect(scaled).toHaveLength(workers.length);
    for (const worker of workers) {
      const container = worker.spec.template.spec.containers[0];
      const queues = selectTaskQueues(envValue(container, 'WORKER_TASK_QUEUES')!, taskQueuesInUse());
      const object = scaled.find(
        (s) => (s.spec!.scaleTargetRef as { name: string }).name === worker.metadata.name,
      ) as K8sObject & { spec: { triggers: { type: string; metadata: Record<string, string> }[] } };
      expect(object).toBeDefined();
      expect(object.spec.triggers.map((t) => t.metadata.taskQueue).sort()).toEqual(queues);
      for (const trigger of object.spec.triggers) {
        expect(trigger.type).toBe('temporal');
        expect(trigger.metadata.endpoint).toBe(config.TEMPORAL_ADDRESS);
        expect(trigger.metadata.namespace).toBe(config.TEMPORAL_NAMESPACE);
        expect(Number(trigger.metadata.targetQueueSize)).toBeGreaterThan(0);
      }
      // KEDA owns the replica count: the Deployment names none, so an upgrade never resets it.
      expect(worker.spec.replicas).toBeUndefined();
    }
  });

  it('probes /health and /ready on the api and /health on the worker metrics port, the paths they serve', () => {
    const api = named(objects(), 'Deployment', `${RELEASE}-studio-api`) as Deployment;
    const apiContainer = api.spec.template.spec.containers[0];
    expect(apiContainer.livenessProbe!.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(apiContainer.readinessProbe!.httpGet).toEqual({ path: '/ready', port: 'http' });
    const config = named(objects(), 'ConfigMap', `${RELEASE}-studio`).data!;
    expect(apiContainer.ports).toEqual([expect.objectContaining({ name: 'http', containerPort: Number(config.PORT) })]);
    for (const worker of workerDeployments(objects())) {
      const container = worker.spec.template.spec.containers[0];
      expect(container.ports).toEqual([
        expect.objectContaining({ name: 'metrics', containerPort: Number(config.WORKER_METRICS_PORT) }),
      ]);
      expect(container.livenessProbe!.httpGet).toEqual({ path: '/health', port: 'metrics' });
      expect(container.readinessProbe!.httpGet).toEqual({ path: '/health', port: 'metrics' });
    }
  });

  it('guards every Deployment with a PodDisruptionBudget and runs the migration as a pre-install/pre-upgrade hook', () => {
    const budgets = ofKind(objects(), 'PodDisruptionBudget');
    for (const deployment of ofKind<Deployment>(objects(), 'Deployment')) {
      const labels = deployment.spec.template.metadata.labels;
      const matching = budgets.filter((b) =>
        Object.entries((b.spec!.selector as { matchLabels: Record<string, string> }).matchLabels).every(
          ([k, v]) => labels[k] === v,
        ),
      );
      expect({ deployment: deployment.metadata.name, budgets: matching.length }).toEqual({
        deployment: deployment.metadata.name,
        budgets: 1,
      });
    }
    const job = named(objects(), 'Job', `${RELEASE}-studio-migration`);
    expect(job.metadata.annotations!['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const hookSecret = named(objects(), 'Secret', `${RELEASE}-studio-migration`);
    expect(Number(hookSecret.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(
      Number(job.metadata.annotations!['helm.sh/hook-weight']),
    );
    // The Job migrates as the tables' owner and gives DATABASE_URL's user (the service's login) its password.
    const hookUrls = hookSecret.stringData as Record<string, string>;
    expect(new URL(hookUrls.MIGRATION_DATABASE_URL).username).toBe('studio');
    expect(new URL(hookUrls.DATABASE_URL).username).toBe('studio_service');
    const jobEnv =
      (job.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0].env ?? [];
    expect(jobEnv.map((e) => e.name)).toEqual(expect.arrayContaining(['DATABASE_URL', 'MIGRATION_DATABASE_URL']));
  });
});

describe('replicas and autoscaler bounds (docs/deploy.md, "Sizing")', () => {
  const expected = {
    small: { api: [1, 2], general: [1, 2], exports: [1, 2], serviceMonitors: 0 },
    large: { api: [3, 20], general: [2, 10], exports: [2, 6], serviceMonitors: 3 },
  };
  it.each(Object.keys(expected) as (keyof typeof expected)[])('%s', (size) => {
    const objects = rendered[size];
    const hpa = named(objects, 'HorizontalPodAutoscaler', `${RELEASE}-studio-api`).spec as {
      minReplicas: number;
      maxReplicas: number;
      scaleTargetRef: { name: string };
      metrics: { resource: { name: string } }[];
    };
    expect([hpa.minReplicas, hpa.maxReplicas]).toEqual(expected[size].api);
    expect(hpa.scaleTargetRef.name).toBe(`${RELEASE}-studio-api`);
    expect(hpa.metrics.map((m) => m.resource.name)).toEqual(['cpu']);
    expect((named(objects, 'Deployment', `${RELEASE}-studio-api`) as Deployment).spec.replicas).toBeUndefined();
    for (const group of ['general', 'exports'] as const) {
      const spec = named(objects, 'ScaledObject', `${RELEASE}-studio-worker-${group}`).spec as {
        minReplicaCount: number;
        maxReplicaCount: number;
      };
      expect([spec.minReplicaCount, spec.maxReplicaCount]).toEqual(expected[size][group]);
    }
    expect(ofKind(objects, 'ServiceMonitor')).toHaveLength(expected[size].serviceMonitors);
  });

  it('gives fixed replicas when the autoscalers are off', () => {
    const objects = render(valueSets.small, [
      '--set',
      'api.autoscaling.enabled=false,api.replicas=2,workers.general.keda.enabled=false,workers.general.replicas=3',
    ]);
    expect(ofKind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
    expect((named(objects, 'Deployment', `${RELEASE}-studio-api`) as Deployment).spec.replicas).toBe(2);
    expect((named(objects, 'Deployment', `${RELEASE}-studio-worker-general`) as Deployment).spec.replicas).toBe(3);
    expect(ofKind(objects, 'ScaledObject').map((s) => s.metadata.name)).toEqual([`${RELEASE}-studio-worker-exports`]);
  });

  it("points the service and KEDA at Temporal's chart's frontend when it is installed with the release", () => {
    const objects = render(valueSets.small, ['--set', 'temporalAddress=,temporal.enabled=true']);
    expect(named(objects, 'ConfigMap', `${RELEASE}-studio`).data!.TEMPORAL_ADDRESS).toBe(
      `${RELEASE}-temporal-frontend:7233`,
    );
  });
});

/** JSON schemas of the rendered custom resources, from their published CRDs (openAPIV3Schema). */
function crdSchema(text: string): Record<string, unknown> {
  const crd = parse(text) as {
    spec: { versions: { name: string; served: boolean; schema: { openAPIV3Schema: Record<string, unknown> } }[] };
  };
  const version = crd.spec.versions.find((v) => v.served)!;
  return closeObjects(version.schema.openAPIV3Schema);
}

/**
 * The API server drops (or, with strict field validation, refuses) fields a structural schema does
 * not name: the same here, every object with properties closed unless the CRD keeps unknown fields.
 */
function closeObjects(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, Record<string, unknown>>).map(([k, v]) => [k, closeObjects(v)]),
      );
    } else if (Array.isArray(value)) {
      out[key] = value.map((v: unknown) =>
        v && typeof v === 'object' ? closeObjects(v as Record<string, unknown>) : v,
      );
    } else if (value && typeof value === 'object') {
      out[key] = closeObjects(value as Record<string, unknown>);
    } else {
      out[key] = value;
    }
  }
  if (out.properties && !out['x-kubernetes-preserve-unknown-fields'] && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

describe('schemas of every rendered object', () => {
  const crdKinds = { ScaledObject: 'scaledObjectCrd', ServiceMonitor: 'serviceMonitorCrd' } as const;

  it('validates the built-in kinds with kubernetes-validate (strict, Kubernetes 1.37), which refuses a wrong field', () => {
    const builtIn = [...rendered.small, ...rendered.large].filter((o) => !(o.kind in crdKinds));
    expect(new Set(builtIn.map((o) => o.kind))).toEqual(
      new Set([
        'ConfigMap',
        'Secret',
        'Service',
        'Deployment',
        'HorizontalPodAutoscaler',
        'PodDisruptionBudget',
        'Job',
      ]),
    );
    const file = path.join(work, 'built-in.yaml');
    fs.writeFileSync(file, builtIn.map((o) => stringify(o)).join('---\n'));
    const [python, ...args] = kubernetesValidate;
    const validate = (f: string) => run(python, [...args, '--strict', '--quiet', '-k', KUBE_VERSION, f]);
    const good = validate(file);
    expect(good).toEqual({ status: 0, output: '' });

    // The control: a field Kubernetes does not know is refused, so a pass above means something.
    const deployment = structuredClone(builtIn.find((o) => o.kind === 'Deployment')!) as Deployment;
    (deployment.spec.template.spec as unknown as Record<string, unknown>).terminationGracePeriod = 30;
    const bad = path.join(work, 'bad.yaml');
    fs.writeFileSync(bad, stringify(deployment));
    const refused = validate(bad);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/terminationGracePeriod/);
  });

  it.each(Object.entries(crdKinds))('validates every %s against its CRD (%s)', (kind, source) => {
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(crdSchema(readSchemaSource(source)));
    const objects = [...rendered.small, ...rendered.large].filter((o) => o.kind === kind);
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const ok = validate(object);
      expect({ name: object.metadata.name, errors: ok ? null : validate.errors }).toEqual({
        name: object.metadata.name,
        errors: null,
      });
    }
    // The control: a misspelled field is refused.
    const broken = structuredClone(objects[0]) as K8sObject & { spec: Record<string, unknown> };
    broken.spec.minReplicas = 1;
    expect(validate(broken)).toBe(false);
  });
});

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(JSON.parse(readSchemaSource('composeSpec')) as Record<string, unknown>);
    // Read as Docker Compose reads it: anchors and `<<` merge keys resolved.
    const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as Record<
      string,
      unknown
    >;
    expect(validate(compose) ? null : validate.errors).toBeNull();
    // The control: a key the specification does not have is refused.
    expect(validate({ ...compose, services: { api: { image: 'x', restartt: 'no' } } })).toBe(false);
  });

  it('runs Temporal from temporalio/server after an admin-tools schema job, not auto-setup', () => {
    const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; depends_on?: Record<string, { condition: string }> }>;
    };
    const images = Object.values(compose.services).map((s) => s.image ?? '');
    expect(images.filter((i) => i.startsWith('temporalio/auto-setup'))).toEqual([]);
    expect(compose.services.temporal.image).toMatch(/^temporalio\/server:/);
    expect(compose.services['temporal-schema'].image).toMatch(/^temporalio\/admin-tools:/);
    expect(compose.services.temporal.depends_on!['temporal-schema'].condition).toBe('service_completed_successfully');
    for (const service of ['api', 'worker', 'worker-exports']) {
      expect(compose.services[service].depends_on!['temporal-namespace'].condition).toBe(
        'service_completed_successfully',
      );
    }
    for (const script of ['schema-setup.sh', 'create-namespace.sh']) {
      expect(execFileSync('sh', ['-n', path.join(root, 'deploy/temporal', script)]).toString()).toBe('');
    }
  });
});
