// The `postgres` driver runs with patches/postgres+3.4.9.patch applied (by
// patch-package at install; why: patches/README.md). An unpatched driver can
// end the process when a database restarts, so the server refuses to start on one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Each patched file's marks, one per fix (patches/README.md says what each part fixes).
const MARKS = {
  'connection.js': ['/* petstore: null-socket patch */', '/* petstore: closed-transaction patch */', '/* petstore: describe-alone patch */'],
  'index.js': ['/* petstore: begin-alone patch */', '/* petstore: closed-transaction patch */'],
};
const PATCHED_VERSION = '3.4.9';

/** Throws with the fix when the driver (in `root`, default: the installed one) is not the patched version. */
export function assertPostgresDriverPatched(root = installedDriverRoot()) {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const unpatched = ['src', 'cjs/src']
    .flatMap((folder) => Object.entries(MARKS).map(([file, marks]) => ({ file: `${folder}/${file}`, marks })))
    .filter(({ file, marks }) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return !marks.every((mark) => text.includes(mark));
    })
    .map(({ file }) => file);
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
