// npm test on a machine that lacks a system part (scripts/system-check.mjs): it names the
// part and the command that brings it, and stops within 2 s, before any lane starts.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm test on a machine without Redis', () => {
  it('names Redis and how to start it, and exits non-zero within 2 s', () => {
    const started = performance.now();
    const run = spawnSync(process.execPath, ['scripts/test.mjs', 'tests/contract/smoke.test.ts'], {
      encoding: 'utf8',
      env: { ...process.env, TEST_REDIS_URL: 'redis://127.0.0.1:1', SKIP_BUILD: '1' },
      timeout: 10_000,
    });
    const elapsed = performance.now() - started;
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Redis at 127\.0\.0\.1:1 is missing: .*redis-server/);
    expect(run.stdout + run.stderr).not.toMatch(/=== /);
    expect(elapsed).toBeLessThan(2_000);
  });
});
