// Compiles the /v1 production path (lib/v1-path/server.ts) with every route
// module under app/v1 into one ES module, build/v1.mjs, for server.mjs. The
// route table comes from the folder tree: each app/v1/**/route.ts is listed
// here by its folder, and lib/v1-path/route-table.ts reads the folder names as
// Next does. Packages stay external (node_modules), so the database driver,
// PGlite and pino load from node_modules as they do for Next's bundle.
//
// Usage: node scripts/build-v1.mjs
import fs from 'node:fs';
import path from 'node:path';
import esbuild from 'esbuild';

export const V1_BUNDLE = 'build/v1.mjs';
const ROOT = path.resolve(import.meta.dirname, '..');
const ROUTES_DIR = path.join(ROOT, 'app/v1');

/**
 * Every route.ts under app/v1, as [folder relative to app/v1, file], skipping private (_name) folders as Next does.
 * @returns {[folder: string, file: string][]}
 */
function routeFiles(directory = ROUTES_DIR) {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('_') ? [] : routeFiles(full);
    if (entry.name !== 'route.ts') return [];
    return [/** @type {[string, string]} */ ([path.relative(ROUTES_DIR, directory).split(path.sep).join('/'), full])];
  });
}

/**
 * Builds build/v1.mjs; returns the route paths it found under app/v1.
 * @returns {Promise<string[]>}
 */
export async function buildV1() {
  const routes = routeFiles().sort(([a], [b]) => a.localeCompare(b));
  const entry = [
    `import { createV1Server } from ${JSON.stringify(path.join(ROOT, 'lib/v1-path/server.ts'))};`,
    ...routes.map(([, file], index) => `import * as route${index} from ${JSON.stringify(file)};`),
    `export default createV1Server([${routes.map(([folder], index) => `[${JSON.stringify(folder)}, route${index}]`).join(', ')}]);`,
  ].join('\n');
  await esbuild.build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'v1-entry.ts', loader: 'ts' },
    outfile: path.join(ROOT, V1_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return routes.map(([folder]) => `/v1/${folder}`.replace(/\/$/, ''));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const routes = await buildV1();
  console.log(`${V1_BUNDLE}: ${routes.length} routes (${routes.join(', ')})`);
}
