// The first half of `npm start`: builds the app when there is no build or the
// sources are newer than it, and checks the server's Node options; the start
// script then execs the server itself (package.json), so that a supervisor's
// SIGTERM to `npm start` reaches server.mjs, its only child.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';
import { V1_BUNDLE } from './build-v1.mjs';
import { nodeOptions } from './server-command.mjs';

// No telemetry calls from a service that people run.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const SOURCES = [
  'app',
  'components',
  'lib',
  'drizzle',
  'instrumentation.ts',
  'proxy.ts',
  'postcss.config.mjs',
  'next.config.mjs',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-v1.mjs',
];
// Both halves of the build (scripts/build.mjs): the older one decides.
const BUILD_OUTPUTS = ['.next/BUILD_ID', V1_BUNDLE];

/**
 * The latest modification time under `entry` (a file or a folder), 0 when it does not exist.
 * @param {string} entry
 * @returns {number}
 */
function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Whether .next and build/v1.mjs hold a build at least as new as every source. */
export function isBuildCurrent() {
  if (!BUILD_OUTPUTS.every((output) => fs.existsSync(output))) return false;
  const built = Math.min(...BUILD_OUTPUTS.map((output) => fs.statSync(output).mtimeMs));
  return built >= Math.max(...SOURCES.map(newestChange));
}

async function buildIfStale() {
  try {
    nodeOptions();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (isBuildCurrent()) return;
  console.log('Building the app (first start, or the sources changed)…');
  if (!(await build())) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfStale();
