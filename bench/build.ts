// Builds the production app when there is no build or the sources are newer
// than it (the same rule as scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'components', 'lib', 'bench/baseline-core.mjs', 'drizzle', 'instrumentation.ts', 'next.config.mjs', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

export function ensureBuild(): void {
  const buildId = '.next/BUILD_ID';
  if (fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs >= Math.max(...SOURCES.map(newestChange))) return;
  console.log('Building the app (no build yet, or the sources changed)…');
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('next build failed');
}
