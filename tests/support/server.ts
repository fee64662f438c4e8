// Starts the production build (server.mjs) on a free port against a fresh
// database: a new PostgreSQL database, or a new PGlite folder.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { launchServer, productionServer } from '../../scripts/launch-server';
import { unpackTemplate } from './pglite-template';

const SERVER_SCRIPT = path.join(import.meta.dirname, '..', '..', 'server.mjs');

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
  options: {
    database: DatabaseKind;
    env?: Record<string, string>;
    databaseUrl?: string;
    /** Where the server runs: the repository by default. Its drizzle/ folder is the migrations it applies (lib/db/migrate.ts). */
    cwd?: string;
  } = { database: 'postgres' },
): Promise<TestServer> {
  const apiKey = `psk_test_${randomBytes(24).toString('base64url')}`;
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
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
    // In the PGlite lane a test's server starts migrated, from the run's template
    // (global-setup.ts); the suite's own server, started before it exists, from nothing.
    const template = process.env.TEST_PGLITE_TEMPLATE;
    if (template && !options.env?.PGLITE_DIR) unpackTemplate(template, env.PGLITE_DIR);
    cleanups.push(async () => fs.rmSync(pgliteDir!, { recursive: true, force: true }));
  }
  if (databaseUrl) Object.assign(env, databaseEnvironment(databaseUrl));
  Object.assign(env, options.env);

  const server = await launchServer({
    name: 'server.mjs',
    env,
    ...(options.cwd && { cwd: options.cwd, args: (port: number) => productionServer(port).map((arg) => (arg === 'server.mjs' ? SERVER_SCRIPT : arg)) }),
  });
  return {
    baseUrl: server.baseUrl,
    apiKey: env.PETSTORE_BOOTSTRAP_API_KEY!,
    databaseUrl,
    pgliteDir: env.PGLITE_DIR,
    logs: server.logs,
    process: server.process,
    stop: async () => {
      await server.stop();
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
