// Compiles the /v1 production path (lib/v1-path/server.ts) with every route
// module under app/v1 into one ES module, build/v1.mjs, for server.mjs. The
// route table comes from the folder tree: each app/v1/**/route.ts is listed
// here by its folder, and lib/v1-path/route-table.ts reads the folder names as
// Next does. Packages stay external (node_modules), so the database driver,
// PGlite and pino load from node_modules as they do for Next's bundle; all but
// drizzle-orm (BUNDLED). What the server loads only on demand is in build/chunks/.
//
// Usage: node scripts/build-v1.mjs
import fs from 'node:fs';
import path from 'node:path';
import esbuild from 'esbuild';

export const V1_BUNDLE = 'build/v1.mjs';
const ROOT = path.resolve(import.meta.dirname, '..');
const ROUTES_DIR = path.join(ROOT, 'app/v1');
// drizzle-orm is about a hundred ES modules under one 179 KB package.json, whose
// exports map Node 24 reads again for each of them: loaded from node_modules it
// took 0.6-0.8 CPU s of every server start, bundled about 0.1 (docs/PERFORMANCE.md,
// "A server's start"). With it, the app's own modules (the tsconfig's `@/` paths).
const BUNDLED = /^(drizzle-orm(\/|$)|@\/)/;

const ENTRY = 'v1-entry';

/**
 * The entry module, written here (splitting takes no stdin).
 * @param {string} contents
 * @returns {import('esbuild').Plugin}
 */
const entryFrom = (contents) => ({
  name: 'v1-entry',
  setup(build) {
    build.onResolve({ filter: /^v1-entry$/ }, () => ({ path: ENTRY, namespace: ENTRY }));
    build.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({ contents, resolveDir: ROOT, loader: 'ts' }));
  },
});

/** @type {import('esbuild').Plugin} */
const packagesExternalButBundled = {
  name: 'packages-external-but-bundled',
  setup(build) {
    // Bare specifiers (packages, node: builtins); the tsconfig's `@/` paths are the app's own.
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

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
  // A fresh folder: no chunk of an earlier build is left beside the new ones.
  fs.rmSync(path.join(ROOT, path.dirname(V1_BUNDLE)), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { v1: ENTRY },
    outdir: path.join(ROOT, path.dirname(V1_BUNDLE)),
    outExtension: { '.js': '.mjs' },
    // What the server imports only on PGlite (drizzle's PGlite driver and migrator) is
    // in chunks of its own, loaded then, not at every start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [entryFrom(entry), packagesExternalButBundled],
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
