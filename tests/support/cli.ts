// Runs one of the project's CLIs (scripts/*.ts, through tsx) against the
// suite's PostgreSQL database, as an operator would while the server runs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);

export async function runCli(script: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' };
  return run(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], { env, timeout: 60_000 });
}
