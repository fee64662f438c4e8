// Vitest: three projects. `unit` needs no server (dense logic: state machines,
// error classification, the route table, compression); `domain` calls the
// domain modules in-process on an in-memory PGlite; `api` runs against one
// production server started in global setup (TEST_DATABASE picks its database).
// `npm run test:quick` is unit and domain. In every project a worker runs its
// files in one module graph (isolate: false): a fresh one per file cost about a
// third of the API suite's CPU (PostgreSQL's files alone: 74 → 52 CPU s), and no
// file keeps state in a module that another reads.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };
const FAST_CHECK_SETUP = 'tests/support/fast-check-setup.ts';

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
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/faults/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: [FAST_CHECK_SETUP, 'tests/support/short-keep-alive.ts'],
          testTimeout: 30_000,
          hookTimeout: 90_000,
          // Test files share one server; run them one at a time on two cores.
          fileParallelism: false,
          isolate: false,
          // One retry for a test that meets the shared machine's load (a pool past its deadline,
          // a late LISTEN): npm test names each one that needed it (FLAKY:), so none is hidden.
          retry: 1,
        },
      },
    ],
  },
});
