// The first half of `npm start`: builds the app when there is no build or the
// sources are newer than it, and checks the server's Node options; the start
// script then execs the server itself (package.json), so that a supervisor's
// SIGTERM to `npm start` reaches server.mjs, its only child.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeOptions } from './server-command.mjs';

// No telemetry calls from a service that people run.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const NEXT = 'node_modules/next/dist/bin/next';
const SOURCES = ['app', 'components', 'lib', 'drizzle', 'instrumentation.ts', 'proxy.ts', 'postcss.config.mjs', 'next.config.mjs', 'package-lock.json'];

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Whether .next holds a build at least as new as every source. */
export function isBuildCurrent() {
  const buildId = '.next/BUILD_ID';
  if (!fs.existsSync(buildId)) return false;
  return fs.statSync(buildId).mtimeMs >= Math.max(...SOURCES.map(newestChange));
}

function buildIfStale() {
  try {
    nodeOptions();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (isBuildCurrent()) return;
  console.log('Building the app (first start, or the sources changed)…');
  const build = spawnSync(process.execPath, [NEXT, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
