// Vitest global setup: one production server for the whole API suite, on the
// database named by TEST_DATABASE (postgres, the default, or pglite).
import type { TestProject } from 'vitest/node';
import { startServer, type DatabaseKind } from './server';

export default async function setup(project: TestProject) {
  const database = (process.env.TEST_DATABASE ?? 'postgres') as DatabaseKind;
  const server = await startServer({ database });
  project.provide('baseUrl', server.baseUrl);
  project.provide('apiKey', server.apiKey);
  project.provide('database', database);
  project.provide('databaseUrl', server.databaseUrl ?? '');
  return async () => {
    await server.stop();
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
