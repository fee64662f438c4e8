// The `postgres` driver runs with patches/postgres+3.4.9.patch applied (by
// patch-package at install; why: patches/README.md). An unpatched driver can
// end the process when a database restarts, so the server refuses to start on one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const MARK = '/* petstore: null-socket patch */';
const PATCHED_VERSION = '3.4.9';

/** Throws with the fix when the driver (in `root`, default: the installed one) is not the patched version. */
export function assertPostgresDriverPatched(root = installedDriverRoot()) {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const unpatched = ['src/connection.js', 'cjs/src/connection.js'].filter(
    (file) => !fs.readFileSync(path.join(root, file), 'utf8').includes(MARK),
  );
  if (version !== PATCHED_VERSION || unpatched.length > 0) {
    throw new Error(
      `The postgres driver must be ${PATCHED_VERSION} with patches/postgres+${PATCHED_VERSION}.patch applied ` +
        `(found ${version}${unpatched.length ? `, unpatched: ${unpatched.join(', ')}` : ''}); run npm ci.`,
    );
  }
}

function installedDriverRoot() {
  // The package's entry is <root>/cjs/src/index.js (its exports hide package.json).
  return path.resolve(path.dirname(createRequire(import.meta.url).resolve('postgres')), '../..');
}
