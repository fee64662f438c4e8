// deploy/Dockerfile, built and run the one way this machine can (it has no
// container runtime): its own instructions, read with a Dockerfile parser and
// carried out in order on a clean copy of the repository (git archive of HEAD,
// less the .dockerignore'd paths), each stage in a file system of its own in
// which /app is the same path, so that what the build writes reads the same
// at run time. RUN lines run in a shell, COPY copies (--from another stage's
// files), ENV and WORKDIR hold for their stage; then the last stage's CMD
// starts, and /readyz, a /v1 call, the HEALTHCHECK and each CLI docs/DEPLOY.md
// names (npm run api-key, user, db:migrate) must work in what the image
// keeps, pruned as it is. Change the Dockerfile and this runs the change.
// A RUN's cache mount (--mount=type=cache) is a folder this machine keeps
// between builds, as BuildKit keeps it, and no stage holds it afterwards.
// (Not modelled: the base image's own Node, 24, and USER; both run as this
// process does.)
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchServer, type LaunchedServer } from '../../scripts/launch-server';
import { createTestDatabase } from '../support/server';

const REPOSITORY = process.cwd();
const DOCKERFILE = path.join(REPOSITORY, 'deploy/Dockerfile');
const BUILD_TIMEOUT_MS = 15 * 60_000;
const CACHE_MOUNTS = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'petstore', 'image-build-cache');
const run = promisify(execFile);

type Stage = { name: string; env: Record<string, string>; workdir: string };
type Image = { root: string; stage: Stage; cmd: string[]; healthcheck: string[] | undefined };

let work: string;
let image: Image;
let database: { url: string; drop: () => Promise<void> };
let server: LaunchedServer;
const bootstrapKey = `psk_image_${Date.now()}_${'k'.repeat(24)}`;
const timings: Record<string, number> = {};

/** The running image's environment: its stage's ENV, then what a deployment sets. */
const runtimeEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: os.homedir(),
  ...image.stage.env,
  DATABASE_URL: database.url,
  PETSTORE_BOOTSTRAP_API_KEY: bootstrapKey,
  PETSTORE_SEED: 'never',
  PETSTORE_DRAIN_GRACE_MS: '0',
  LOG_LEVEL: 'warn',
});
const appDir = () => path.join(image.root, image.stage.workdir);
// An environment of exactly these variables (Node's types, as Next extends them, ask for NODE_ENV, which a build must not get).
const asProcessEnv = (env: Record<string, string>) => env as unknown as NodeJS.ProcessEnv;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-image-'));
  const context = cleanContext(work);
  image = await buildImage(DockerfileParser.parse(fs.readFileSync(DOCKERFILE, 'utf8')).getInstructions(), context, work);
  database = await createTestDatabase();
  const [program, ...args] = image.cmd;
  expect(program).toBe('node');
  server = await launchServer({ name: 'the image', cwd: appDir(), args: () => args, env: runtimeEnv(), timeoutMs: 120_000 });
}, BUILD_TIMEOUT_MS + 180_000);

afterAll(async () => {
  console.log(`image build figures: ${JSON.stringify(timings)}`);
  await server?.stop();
  await database?.drop();
  // Two file systems of over a GB each: removed in the background, not waited for.
  if (work) spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
});

/** The build context: the repository at HEAD as git holds it, without what .dockerignore leaves out. */
function cleanContext(into: string): string {
  const context = path.join(into, 'context');
  fs.mkdirSync(context);
  execFileSync('sh', ['-c', `git -C "${REPOSITORY}" archive --format=tar HEAD | tar -x -C "${context}"`]);
  const ignoreFile = `${DOCKERFILE}.dockerignore`;
  const ignored = fs.existsSync(ignoreFile)
    ? fs
        .readFileSync(ignoreFile, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
    : [];
  for (const pattern of ignored) fs.rmSync(path.join(context, pattern), { recursive: true, force: true });
  return context;
}

/** Carries out the instructions; returns the last stage, its file system, CMD and HEALTHCHECK. */
async function buildImage(instructions: Instruction[], context: string, into: string): Promise<Image> {
  // The current stage's file system is always at `root`, so /app is one host path in every stage;
  // a finished stage moves to stages/<name>, where COPY --from finds it.
  const root = path.join(into, 'fs');
  const stages = path.join(into, 'stages');
  fs.mkdirSync(stages);
  let stage: Stage | undefined;
  let cmd: string[] = [];
  let healthcheck: string[] | undefined;
  let index = 0;
  const hostPath = (containerPath: string) => path.join(root, path.posix.resolve(stage!.workdir, containerPath));
  for (const instruction of instructions) {
    const keyword = instruction.getKeyword();
    const args = instruction.getArguments().map((argument) => argument.getValue());
    const started = performance.now();
    switch (keyword) {
      case 'FROM': {
        if (stage) fs.renameSync(root, path.join(stages, stage.name));
        fs.mkdirSync(root);
        const alias = args.findIndex((argument) => argument.toUpperCase() === 'AS');
        stage = { name: alias === -1 ? String(index) : args[alias + 1]!, env: {}, workdir: '/' };
        cmd = [];
        healthcheck = undefined;
        index++;
        break;
      }
      case 'WORKDIR':
        stage!.workdir = path.posix.resolve(stage!.workdir, args[0]!);
        fs.mkdirSync(hostPath('.'), { recursive: true });
        break;
      case 'ENV':
        for (const property of (
          instruction as unknown as { getProperties: () => { getName: () => string; getValue: () => string | null }[] }
        ).getProperties()) {
          stage!.env[property.getName()] = property.getValue() ?? '';
        }
        break;
      case 'COPY': {
        const from = /--from=(\S+)/.exec(instruction.getTextContent())?.[1];
        const sources = args.filter((argument) => !argument.startsWith('--'));
        const destination = sources.pop()!;
        const target = hostPath(destination);
        fs.mkdirSync(destination.endsWith('/') || sources.length > 1 || sources.some((source) => isDirectory(from, source)) ? target : path.dirname(target), {
          recursive: true,
        });
        for (const source of sources) {
          const origin = from ? path.join(stages, from, path.posix.resolve('/', source)) : path.join(context, source);
          // A folder's contents, as COPY copies them; hard links where it can (node_modules is large), else a copy.
          execFileSync('cp', [from ? '-al' : '-a', fs.statSync(origin).isDirectory() ? `${origin}/.` : origin, target]);
        }
        break;
      }
      case 'RUN': {
        const command = instruction.getArgumentsContent()!.replace(/\\\n/g, ' ');
        const env = { PATH: process.env.PATH ?? '', HOME: os.homedir(), npm_config_prefer_offline: 'true', ...stage!.env };
        const unmounts = cacheMountTargets(instruction).map((target) => mountCache(hostPath(target), target));
        try {
          await run('sh', ['-c', command], { cwd: hostPath('.'), env: asProcessEnv(env), timeout: BUILD_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
        } finally {
          for (const unmount of unmounts) unmount();
        }
        timings[`RUN ${command.slice(0, 60)}`] = Math.round((performance.now() - started) / 1000);
        break;
      }
      case 'CMD':
        cmd = JSON.parse(instruction.getArgumentsContent()!);
        break;
      case 'HEALTHCHECK': {
        const exec = /\bCMD\s+(\[.*\])\s*$/s.exec(instruction.getArgumentsContent() ?? '')?.[1];
        healthcheck = exec ? JSON.parse(exec) : undefined;
        break;
      }
      default:
        // USER, EXPOSE, STOPSIGNAL, LABEL: nothing to carry out here.
        break;
    }
  }

  function isDirectory(from: string | undefined, source: string): boolean {
    const origin = from ? path.join(stages, from, path.posix.resolve('/', source)) : path.join(context, source);
    return fs.statSync(origin).isDirectory();
  }

  return { root, stage: stage!, cmd, healthcheck };
}

type Flag = { getName: () => string; getOptions: () => { getName: () => string; getValue: () => string | null }[] };

/** The targets of a RUN's `--mount=type=cache,target=…` flags. */
function cacheMountTargets(instruction: Instruction): string[] {
  return (instruction as unknown as { getFlags: () => Flag[] })
    .getFlags()
    .filter((flag) => flag.getName() === 'mount')
    .map((flag) => Object.fromEntries(flag.getOptions().map((option) => [option.getName(), option.getValue()])))
    .filter((options) => options.type === 'cache' && options.target)
    .map((options) => options.target!);
}

/** A cache mount at `at` for one RUN: a link to this machine's folder for `target`; returns its removal. */
function mountCache(at: string, target: string): () => void {
  const kept = path.join(CACHE_MOUNTS, target.replace(/[^\w.-]+/g, '_'));
  fs.mkdirSync(kept, { recursive: true });
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(kept, at);
  // The link (or whatever the RUN left in its place), never the folder it points to.
  return () => fs.rmSync(at, { recursive: true, force: true });
}

/**
 * GET on the running image, on a connection of its own: the CLIs take seconds
 * between requests, and a kept-alive connection may be closing just then.
 */
function get(path: string, key?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = key ? { authorization: `Bearer ${key}` } : {};
    http
      .get(`${server.baseUrl}${path}`, { agent: false, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      })
      .on('error', reject);
  });
}

/** One of the image's npm scripts, as an operator runs it in the container. */
function npmRun(script: string, ...args: string[]) {
  return spawnSync('npm', ['run', '-s', script, '--', ...args], { cwd: appDir(), env: asProcessEnv(runtimeEnv()), encoding: 'utf8', timeout: 120_000 });
}

describe('the image deploy/Dockerfile builds', () => {
  it('holds the whole build, /v1 bundle included, and no development dependency', () => {
    for (const file of ['build/v1.mjs', '.next/BUILD_ID', 'server.mjs']) expect(fs.existsSync(path.join(appDir(), file)), file).toBe(true);
    // Next's build cache stays with the builder (a cache mount), not in the image.
    expect(fs.existsSync(path.join(appDir(), '.next/cache')), '.next/cache').toBe(false);
    for (const devDependency of ['vitest', 'eslint', 'knip', 'fast-check'])
      expect(fs.existsSync(path.join(appDir(), 'node_modules', devDependency)), devDependency).toBe(false);
  });

  it('starts with its CMD, ready, and serves /v1', async () => {
    expect((await get('/readyz')).status).toBe(200);
    const pets = await get('/v1/pets?limit=1', bootstrapKey);
    expect(pets.status).toBe(200);
    expect(Array.isArray(JSON.parse(pets.body))).toBe(true);
  });

  it('passes its HEALTHCHECK', () => {
    const [program, ...args] = image.healthcheck!;
    expect(program).toBe('node');
    const check = spawnSync(process.execPath, args, { env: asProcessEnv({ ...runtimeEnv(), PORT: String(server.port) }), timeout: 10_000 });
    expect(check.status).toBe(0);
  });

  it('runs npm run api-key: a key it creates opens /v1', async () => {
    const created = npmRun('api-key', 'create', '--name', 'made in the image', '--scope', 'read');
    expect(created.status, created.stderr).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^psk_/);
    expect((await get('/v1/pets?limit=1', key)).status).toBe(200);
  });

  it('runs npm run user: a user it creates is listed', () => {
    const created = npmRun('user', 'create', '--email', 'image@example.com', '--password', 'a long enough password');
    expect(created.status, created.stderr).toBe(0);
    const listed = npmRun('user', 'list');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('image@example.com');
  });

  it('runs npm run db:migrate', () => {
    const migrated = npmRun('db:migrate');
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain('Migrations applied.');
  });
});
