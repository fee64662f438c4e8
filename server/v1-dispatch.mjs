// Which requests server.mjs hands to the /v1 production path (build/v1.mjs,
// from scripts/build-v1.mjs) rather than to Next. PETSTORE_V1_VIA=next leaves
// /v1 to Next as well (the parity tests run the contract that way).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BUNDLE = path.join(import.meta.dirname, '..', 'build', 'v1.mjs');

/**
 * The /v1 path: `{ ready, serves, listener }` (lib/v1-path/server.ts), or
 * undefined when Next is to serve /v1.
 */
export async function loadV1Path() {
  if (process.env.PETSTORE_V1_VIA === 'next') return undefined;
  if (!fs.existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build (or npm start, which builds).`);
  return (await import(pathToFileURL(BUNDLE).href)).default;
}
