// Builds the benchmark's own copy of the app when there is none or the sources
// are newer (the same rule as scripts/build-if-stale.mjs): Next's build with the Next.js
// baseline route in .next-bench (PETSTORE_BENCH_BUILD=1, next.config.mjs), so
// that route is in no production build, and the /v1 production path's bundle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildV1, V1_BUNDLE } from '../scripts/build-v1.mjs';

const SOURCES = [
  'app',
  'components',
  'lib',
  'bench/baseline-core.mjs',
  'drizzle',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.mjs',
  'package-lock.json',
  'scripts/build-v1.mjs',
];
export const BENCH_BUILD_ENV = { PETSTORE_BENCH_BUILD: '1' };

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

// Which of the root files exist is part of the build too (adding or removing proxy.ts changes it).
const rootFiles = () => SOURCES.filter((source) => !source.includes('/') && fs.existsSync(source)).join(',');

const isCurrent = (output: string) => fs.existsSync(output) && fs.statSync(output).mtimeMs >= Math.max(...SOURCES.map(newestChange));

export async function ensureBuild(): Promise<void> {
  const stamp = '.next-bench/bench-sources';
  const isNextCurrent = isCurrent('.next-bench/BUILD_ID') && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === rootFiles();
  if (!isNextCurrent) {
    console.log("Building the benchmark's copy of the app in .next-bench (none yet, or the sources changed)…");
    const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, ...BENCH_BUILD_ENV },
    });
    if (build.status !== 0) throw new Error('next build failed');
    fs.writeFileSync(stamp, rootFiles());
  }
  if (!isCurrent(V1_BUNDLE)) await buildV1();
}

/** The same, in another checkout (`npm run bench -- --before DIR`), by that checkout's own bench/build.ts. */
export function ensureBuildIn(directory: string): void {
  console.log(`The app of ${directory}: its benchmark build…`);
  const build = spawnSync(path.join(directory, 'node_modules/.bin/tsx'), ['-e', "import('./bench/build.ts').then((build) => build.ensureBuild())"], {
    cwd: directory,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the build in ${directory} failed`);
}
