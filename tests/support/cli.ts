// Runs one of the project's CLIs (scripts/*.ts, through tsx) against the
// suite's PostgreSQL database, as an operator would while the server runs.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);

export async function runCli(script: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' };
  return run(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], { env, timeout: 60_000 });
}

/** Runs a CLI with `input` as its standard input (no terminal): its exit code and output, never thrown. */
export function runCliWithInput(script: string, input: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' };
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], { env, timeout: 60_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
