// Builds the production app when there is no build or the sources are newer
// than it (the same rule as scripts/build-if-stale.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'components', 'lib', 'bench/baseline-core.mjs', 'drizzle', 'instrumentation.ts', 'proxy.ts', 'next.config.mjs', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

// Which of the root files exist is part of the build too (adding or removing proxy.ts changes it).
const rootFiles = () => SOURCES.filter((source) => !source.includes('/') && fs.existsSync(source)).join(',');

export function ensureBuild(): void {
  const buildId = '.next/BUILD_ID';
  const stamp = '.next/bench-sources';
  const isCurrent =
    fs.existsSync(buildId) &&
    fs.statSync(buildId).mtimeMs >= Math.max(...SOURCES.map(newestChange)) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === rootFiles();
  if (isCurrent) return;
  console.log('Building the app (no build yet, or the sources changed)…');
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('next build failed');
  fs.writeFileSync(stamp, rootFiles());
}
