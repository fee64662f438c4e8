// `npm start`: builds the app when there is no build or the sources are newer
// than it, then serves it with server.mjs (Next's handler behind the API's
// front door; embedded database unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { V1_BUNDLE } from './build-v1.mjs';
import { serverArguments } from './server-command.mjs';

// No telemetry calls from a service that people run.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const SOURCES = [
  'app', 'components', 'lib', 'drizzle', 'instrumentation.ts', 'proxy.ts', 'postcss.config.mjs', 'next.config.mjs', 'package-lock.json',
  'scripts/build.mjs', 'scripts/build-v1.mjs',
];
// Both halves of the build (scripts/build.mjs): the older one decides.
const BUILD_OUTPUTS = ['.next/BUILD_ID', V1_BUNDLE];

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function isBuildCurrent() {
  if (!BUILD_OUTPUTS.every((output) => fs.existsSync(output))) return false;
  const built = Math.min(...BUILD_OUTPUTS.map((output) => fs.statSync(output).mtimeMs));
  return built >= Math.max(...SOURCES.map(newestChange));
}

if (!isBuildCurrent()) {
  console.log('Building the app (first start, or the sources changed)…');
  if (!(await build())) process.exit(1);
}

const server = spawn(process.execPath, serverArguments(process.argv.slice(2)), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
