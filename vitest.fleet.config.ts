// Vitest for `npm run test:fleet`: the fleet fault tests (tests/fleet), each
// starting nginx, app instances, PgBouncer and Redis of its own (scripts/fleet).
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/fleet/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // Timing-bound like tests/timing (vitest.config.ts): one retry, and npm test names the test that needed it.
    retry: 1,
  },
});
