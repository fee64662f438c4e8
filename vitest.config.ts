// Vitest: the API suite runs against one production server started in global setup.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/**/*.test.ts'],
    // The fleet's own suite: npm run test:fleet (vitest.fleet.config.ts).
    exclude: ['tests/fleet/**', '**/node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Test files share one server; run them one at a time on two cores.
    fileParallelism: false,
  },
});
