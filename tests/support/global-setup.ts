// Vitest global setup: one production server for the whole API suite, on the
// database named by TEST_DATABASE: postgres (the default), pglite, or pgbouncer
// (PostgreSQL through a PgBouncer in transaction mode, for every server the
// suite starts on the shared PostgreSQL; the tests see a PostgreSQL suite).
import type { TestProject } from 'vitest/node';
import { startPgBouncer, type PgBouncer } from '../../scripts/fleet/pgbouncer';
import { writeMigratedTemplate } from './pglite-template';
import { ADMIN_URL, startServer, type DatabaseKind } from './server';

export default async function setup(project: TestProject) {
  let pooler: PgBouncer | undefined;
  if (process.env.TEST_DATABASE === 'pgbouncer') {
    const upstream = new URL(ADMIN_URL);
    pooler = await startPgBouncer({ postgresHost: upstream.hostname, postgresPort: Number(upstream.port || 5432) });
    // Test workers inherit the environment: tests/support/server.ts reads it.
    process.env.TEST_PGBOUNCER_PORT = String(pooler.port);
  }
  const database = (process.env.TEST_DATABASE === 'pgbouncer' ? 'postgres' : (process.env.TEST_DATABASE ?? 'postgres')) as DatabaseKind;
  const server = await startServer({ database });
  // Every other PGlite the tests open starts from one migrated copy (pglite-template.ts).
  const template = database === 'pglite' ? await writeMigratedTemplate() : undefined;
  if (template) process.env.TEST_PGLITE_TEMPLATE = template.file;
  project.provide('baseUrl', server.baseUrl);
  project.provide('apiKey', server.apiKey);
  project.provide('database', database);
  project.provide('databaseUrl', server.databaseUrl ?? '');
  return async () => {
    await server.stop();
    await pooler?.destroy();
    template?.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiKey: string;
    database: DatabaseKind;
    databaseUrl: string;
  }
}
