// The start-up check that refuses an unpatched `postgres` driver (patches/README.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPostgresDriverPatched } from '../../server/postgres-patch.mjs';

const installed = path.resolve('node_modules/postgres');
const copies: string[] = [];

/** A copy of the installed driver's checked files, changed by `edit`. */
function driverCopy(edit: (file: string, text: string) => string = (_, text) => text): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-driver-'));
  copies.push(root);
  for (const file of ['package.json', 'src/connection.js', 'cjs/src/connection.js', 'src/index.js', 'cjs/src/index.js']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), edit(file, fs.readFileSync(path.join(installed, file), 'utf8')));
  }
  return root;
}

afterEach(() => {
  for (const root of copies.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('the postgres driver patch check', () => {
  it('accepts the installed driver, patched by npm ci', () => {
    expect(() => assertPostgresDriverPatched()).not.toThrow();
  });

  it('refuses a driver whose connection.js lacks the patch, naming the file', () => {
    const root = driverCopy((file, text) => (file === 'cjs/src/connection.js' ? text.replace('/* petstore: null-socket patch */', '') : text));
    expect(() => assertPostgresDriverPatched(root)).toThrow(/unpatched: cjs\/src\/connection\.js/);
  });

  it('refuses a driver whose index.js lacks the patch that keeps a BEGIN off a busy connection', () => {
    const root = driverCopy((file, text) => (file === 'src/index.js' ? text.replace('/* petstore: begin-alone patch */', '') : text));
    expect(() => assertPostgresDriverPatched(root)).toThrow(/unpatched: src\/index\.js/);
  });

  it('refuses a driver whose index.js lacks the patch that keeps a closed transaction off the next session', () => {
    const root = driverCopy((file, text) => (file === 'cjs/src/index.js' ? text.replace('/* petstore: closed-transaction patch */', '') : text));
    expect(() => assertPostgresDriverPatched(root)).toThrow(/unpatched: cjs\/src\/index\.js/);
  });

  it('refuses a driver whose connection.js lacks the patch that sends a describe only on an otherwise idle connection', () => {
    const root = driverCopy((file, text) => (file === 'src/connection.js' ? text.replaceAll('/* petstore: describe-alone patch */', '') : text));
    expect(() => assertPostgresDriverPatched(root)).toThrow(/unpatched: src\/connection\.js/);
  });

  it('refuses another version of the driver', () => {
    const root = driverCopy((file, text) => (file === 'package.json' ? text.replace('"version": "3.4.9"', '"version": "3.4.10"') : text));
    expect(() => assertPostgresDriverPatched(root)).toThrow(/must be 3\.4\.9.*found 3\.4\.10/);
  });
});
