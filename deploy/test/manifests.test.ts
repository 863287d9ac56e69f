// The deployment files, checked without a cluster or Docker: every Kubernetes object against the schema of its
// kind (kubernetes-models, generated from Kubernetes' OpenAPI document), the links between them (selectors,
// Services, probes on the health check, autoscalers' targets), and the compose file as YAML.
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';

const deployDir = path.resolve(__dirname, '..');
const k8sDir = path.join(deployDir, 'k8s');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'v1 ConfigMap': ConfigMap,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 Ingress': Ingress,
};

function loadObjects(): { file: string; object: K8sObject }[] {
  return fs
    .readdirSync(k8sDir)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(fs.readFileSync(path.join(k8sDir, file), 'utf8')).map((doc) => {
        if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
        return { file, object: doc.toJS() as K8sObject };
      }),
    );
}

const objects = loadObjects();
const byKind = (kind: string) => objects.map((o) => o.object).filter((o) => o.kind === kind);

function validate(object: unknown): void {
  const { apiVersion, kind } = object as K8sObject;
  const Model = MODELS[`${apiVersion} ${kind}`];
  if (!Model) throw new Error(`no schema for ${apiVersion} ${kind}`);
  new Model(object as never).validate();
}

describe('Kubernetes manifests', () => {
  it('has the objects of the topology', () => {
    expect(
      byKind('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(['portal-api', 'portal-shell', 'portal-worker']);
    expect(byKind('Ingress').length).toBeGreaterThan(0);
    expect(byKind('HorizontalPodAutoscaler').length).toBe(3);
  });

  // one test per object (not it.each: its table printer is an ES module this project's conditions would pick)
  for (const { file, object } of objects) {
    it(`${file}: ${object.kind} ${object.metadata?.name} is valid against its kind’s schema`, () => {
      expect(() => validate(object)).not.toThrow();
    });
  }

  it('the check fails on a bad object (a replica count as text, a minimum of replicas as an object)', () => {
    const api = structuredClone(byKind('Deployment').find((d) => d.metadata.name === 'portal-api'));
    (api!.spec as { replicas: unknown }).replicas = 'three';
    expect(() => validate(api)).toThrow();
    const hpa = structuredClone(byKind('HorizontalPodAutoscaler')[0]);
    (hpa.spec as { minReplicas: unknown }).minReplicas = { many: true };
    expect(() => validate(hpa)).toThrow();
  });

  it('every Deployment has resource requests and a memory limit; HTTP ones probe their health page', () => {
    for (const d of byKind('Deployment')) {
      const spec = new Deployment(d as never).spec!;
      // the pods carry every label the selector asks for
      expect(spec.template.metadata!.labels).toEqual(expect.objectContaining(spec.selector.matchLabels));
      for (const c of spec.template.spec!.containers) {
        expect(c.resources?.requests).toEqual(expect.objectContaining({ cpu: expect.any(String) }));
        expect(c.resources?.requests?.memory).toMatch(/^\d+Mi$/);
        expect(c.resources?.limits?.memory).toMatch(/^\d+Mi$/);
        expect(c.livenessProbe).toBeDefined();
        if (c.ports?.length) expect(c.readinessProbe?.httpGet?.path).toBeDefined();
      }
    }
    const api = new Deployment(byKind('Deployment').find((d) => d.metadata.name === 'portal-api') as never);
    const container = api.spec!.template.spec!.containers[0];
    expect(container.readinessProbe?.httpGet?.path).toBe('/api/health/');
    expect(container.livenessProbe?.httpGet?.path).toBe('/api/health/');
    expect(container.env).toEqual(expect.arrayContaining([{ name: 'ENGINE_WORKERS', value: '0' }]));
  });

  it('Services, the Ingress and the autoscalers point at objects that exist', () => {
    const deployments = new Map(
      byKind('Deployment').map((d) => [d.metadata.name, new Deployment(d as never)]),
    );
    const services = new Map(byKind('Service').map((s) => [s.metadata.name, new Service(s as never)]));
    for (const service of services.values()) {
      if (service.spec?.type === 'ExternalName') continue;
      const target = [...deployments.values()].find((d) =>
        Object.entries(service.spec!.selector!).every(
          ([k, v]) => d.spec!.template.metadata!.labels![k] === v,
        ),
      );
      expect(target).toBeDefined();
    }
    for (const ingress of byKind('Ingress').map((i) => new Ingress(i as never))) {
      for (const p of ingress.spec!.rules!.flatMap((r) => r.http!.paths)) {
        const service = services.get(p.backend.service!.name);
        expect(service).toBeDefined();
        expect(service!.spec!.ports!.map((port) => port.name)).toContain(p.backend.service!.port!.name);
      }
    }
    for (const hpa of byKind('HorizontalPodAutoscaler').map((h) => new HorizontalPodAutoscaler(h as never))) {
      expect(deployments.has(hpa.spec.scaleTargetRef.name)).toBe(true);
      expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    }
  });
});

describe('compose file', () => {
  const compose = parse(fs.readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8'), {
    merge: true,
  }) as { services: Record<string, Record<string, unknown>> };

  it('starts the API apart from the engine worker, the shell and the six remotes', () => {
    const names = Object.keys(compose.services).sort();
    expect(names).toEqual(
      [
        'api',
        'worker',
        'shell',
        'mfe-public',
        'mfe-shipments',
        'mfe-tracking',
        'mfe-map',
        'mfe-bi',
        'mfe-config',
      ].sort(),
    );
    expect(compose.services.api.environment).toEqual(expect.objectContaining({ ENGINE_WORKERS: '0' }));
  });

  it('takes PostgreSQL and SMTP from outside (no database or mail service of its own)', () => {
    for (const name of ['api', 'worker']) {
      const env = compose.services[name].environment as Record<string, string>;
      expect(env.DATABASE_URL).toMatch(/^\$\{DATABASE_URL:\?/);
      expect(env.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/);
    }
    const images = Object.values(compose.services).map((s) => (typeof s.image === 'string' ? s.image : ''));
    expect(images.some((i) => /postgres|maildev|mailhog/.test(i))).toBe(false);
  });

  it('builds every service from a Dockerfile of deploy/docker', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const build = service.build as { dockerfile: string } | undefined;
      expect(build).toBeDefined();
      expect(fs.existsSync(path.join(deployDir, '..', build!.dockerfile))).toBe(true);
      if (name === 'shell') expect(service.depends_on).toHaveProperty('api');
    }
  });
});
