// Starts the production build (server.mjs) on a free port against a fresh
// database: a new PostgreSQL database, or a new PGlite folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../scripts/fleet/processes';
import { serverArguments } from '../../scripts/server-command.mjs';

export type DatabaseKind = 'postgres' | 'pglite';

export type TestServer = {
  baseUrl: string;
  apiKey: string;
  databaseUrl?: string;
  pgliteDir?: string;
  logs: () => string;
  /** The server.mjs process, for tests that signal it themselves. */
  process: ChildProcess;
  stop: () => Promise<void>;
};

export const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';


/** A new, empty PostgreSQL database; dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `petstore_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function startServer(
  options: { database: DatabaseKind; env?: Record<string, string>; databaseUrl?: string } = { database: 'postgres' },
): Promise<TestServer> {
  const port = await freePort();
  const apiKey = `psk_test_${randomBytes(24).toString('base64url')}`;
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    PETSTORE_BOOTSTRAP_API_KEY: apiKey,
    PETSTORE_SEED: 'never',
    LOG_LEVEL: 'info',
    // No load balancer polls /readyz here: stop() need not wait for one.
    PETSTORE_DRAIN_GRACE_MS: '0',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_DIRECT_URL;
  delete env.DATABASE_POOLER;
  delete env.PGLITE_DIR;
  let databaseUrl = options.databaseUrl;
  let pgliteDir: string | undefined;
  if (options.database === 'postgres' && !databaseUrl) {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    cleanups.push(database.drop);
  }
  if (options.database === 'pglite') {
    pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-pglite-'));
    env.PGLITE_DIR = path.join(pgliteDir, 'data');
    cleanups.push(async () => fs.rmSync(pgliteDir!, { recursive: true, force: true }));
  }
  if (databaseUrl) Object.assign(env, databaseEnvironment(databaseUrl));
  Object.assign(env, options.env);

  const child: ChildProcess = spawn(process.execPath, serverArguments(['-p', String(port), '-H', '127.0.0.1']), {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, () => output);
  return {
    baseUrl,
    apiKey: env.PETSTORE_BOOTSTRAP_API_KEY!,
    databaseUrl,
    pgliteDir: env.PGLITE_DIR,
    logs: () => output,
    process: child,
    stop: async () => {
      await stopProcess(child);
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/**
 * DATABASE_URL for a server on `databaseUrl`: with TEST_DATABASE=pgbouncer (global
 * setup's PgBouncer in front of the shared PostgreSQL), through the pooler in
 * transaction mode, with the direct URL for LISTEN and migrations.
 */
function databaseEnvironment(databaseUrl: string): Record<string, string> {
  const poolerPort = process.env.TEST_PGBOUNCER_PORT;
  const url = new URL(databaseUrl);
  if (!poolerPort || url.host !== new URL(ADMIN_URL).host) return { DATABASE_URL: databaseUrl };
  const pooled = new URL(databaseUrl);
  pooled.host = `127.0.0.1:${poolerPort}`;
  return { DATABASE_URL: pooled.toString(), DATABASE_DIRECT_URL: databaseUrl, DATABASE_POOLER: 'transaction' };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
