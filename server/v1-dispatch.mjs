// Which requests server.mjs hands to the /v1 production path (build/v1.mjs,
// from scripts/build-v1.mjs) rather than to Next. PETSTORE_V1_VIA=next leaves
// /v1 to Next as well (the parity tests run the contract that way); the bundle
// is loaded all the same, for the route table the front door reads (the Allow
// of a 405 it answers itself).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BUNDLE = path.join(import.meta.dirname, '..', 'build', 'v1.mjs');

/**
 * Whether a path (no query) is the API's.
 * @param {string} requestPath
 */
export const isV1Path = (requestPath) => requestPath === '/v1' || requestPath.startsWith('/v1/');

/**
 * The /v1 path (lib/v1-path/server.ts): its start-up, its route table's
 * `allowFor`, and `listener`, the node:http listener that answers /v1, or
 * undefined when Next is to answer it.
 */
export async function loadV1Path() {
  if (!fs.existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build (or npm start, which builds).`);
  /** @type {import('../lib/v1-path/server').V1Server} */
  const v1 = (await import(pathToFileURL(BUNDLE).href)).default;
  const listener = process.env.PETSTORE_V1_VIA === 'next' ? undefined : v1.createListener();
  return { ready: v1.ready, allowFor: v1.allowFor, listener };
}
