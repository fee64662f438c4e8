// Vitest: four projects. `unit` needs no server (dense logic: state machines,
// error classification, the route table, compression, the handlers in-process);
// `domain` calls the domain modules in-process on an in-memory PGlite; `api` and
// `timing` run against one production server started in global setup.
// `npm run test:quick` is unit and domain. In every project a worker runs its
// files in one module graph (isolate: false): a fresh one per file cost about a
// third of the API suite's CPU (PostgreSQL's files alone: 74 → 52 CPU s), and no
// file keeps state in a module that another reads.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };
const FAST_CHECK_SETUP = 'tests/support/fast-check-setup.ts';

// The folders of the tests that run against servers (scripts/test.mjs says which
// database and lane each folder gets; docs/TESTING.md). Deterministic: no retry.
const SERVER_FOLDERS = ['api', 'api-once', 'contract', 'servers', 'clusters'];
const TIMING_FOLDERS = ['timing', 'timing-servers', 'timing-alone'];

// One production server for the run, started in global setup (TEST_DATABASE picks its database).
const SERVER_SUITE = {
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: [FAST_CHECK_SETUP, 'tests/support/short-keep-alive.ts'],
  testTimeout: 30_000,
  hookTimeout: 90_000,
  // Test files share one server; run them one at a time on two cores.
  fileParallelism: false,
  isolate: false,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles: [FAST_CHECK_SETUP], isolate: false },
      },
      {
        resolve: { alias },
        // PGlite's start (WebAssembly, and initdb once for the run) takes a few seconds, more on a busy machine.
        test: {
          name: 'domain',
          include: ['tests/domain/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-template.ts'],
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...SERVER_SUITE, name: 'api', include: SERVER_FOLDERS.map((folder) => `tests/${folder}/**/*.test.ts`) },
      },
      {
        resolve: { alias },
        // Checks bound to milliseconds or seconds (a lease, a deadline, a burst within 1 s): one
        // retry for a test that met the shared machine's load; npm test names each one that
        // needed it (FLAKY:) and fails a test flaky in two of the last five runs.
        test: { ...SERVER_SUITE, name: 'timing', include: TIMING_FOLDERS.map((folder) => `tests/${folder}/**/*.test.ts`), retry: 1 },
      },
    ],
  },
});
