// How every launcher (npm start, the tests, the benchmark) runs the production
// server: `node --max-old-space-size=N --max-semi-space-size=16 server.mjs`.
// Left alone, V8 lets the old generation grow lazily under load (to ~190 MB,
// ~300 MB RSS, though ~50 MB is live); a cap makes it collect sooner: ~160 MB RSS at the same throughput
// (docs/PERFORMANCE.md). PETSTORE_MAX_HEAP_MB changes the cap.
//
// The server runs on Node 24 or later wherever this script runs: on an older
// Node (20, past its end of life) it runs on the registry's node@24, fetched
// through npx once and then taken from npm's cache (docs/PERFORMANCE.md, "The
// runtime"). PETSTORE_NODE names another binary.
//
// Run directly, it prints the Node binary and its options, for the start
// script's `exec $(node scripts/server-command.mjs) server.mjs`.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DEFAULT_MAX_HEAP_MB = 192;
// The young generation's cap: Node 20's default (16 MB per semi-space). Node 24
// sizes it by the machine's memory and ran at ~250-310 MB RSS under load without
// this; with it, ~190-210 MB at the same throughput (docs/PERFORMANCE.md).
const MAX_SEMI_SPACE_MB = 16;

/** Node's options for server.mjs. */
export function nodeOptions() {
  const maxHeapMb = Number(process.env.PETSTORE_MAX_HEAP_MB ?? DEFAULT_MAX_HEAP_MB);
  if (!Number.isInteger(maxHeapMb) || maxHeapMb < 64) throw new Error(`PETSTORE_MAX_HEAP_MB must be an integer ≥ 64, got ${process.env.PETSTORE_MAX_HEAP_MB}`);
  return [`--max-old-space-size=${maxHeapMb}`, `--max-semi-space-size=${MAX_SEMI_SPACE_MB}`];
}

/**
 * Node's arguments for server.mjs with `args`.
 * @param {string[]} [args]
 */
export function serverArguments(args = []) {
  return [...nodeOptions(), 'server.mjs', ...args];
}

// The oldest major that runs the server as it is: anything older gets node@24.
const OLDEST_SERVER_MAJOR = 22;
/** @type {string | undefined} */
let resolvedNode;

/** The Node binary that runs server.mjs: PETSTORE_NODE, else this one if new enough, else the registry's node@24. */
export function serverNode() {
  if (process.env.PETSTORE_NODE) return process.env.PETSTORE_NODE;
  if (Number(process.versions.node.split('.')[0]) >= OLDEST_SERVER_MAJOR) return process.execPath;
  resolvedNode ??= registryNode('24');
  return resolvedNode;
}

/**
 * The path of the registry's node@major binary: the newest release of that
 * major (npx asks the registry, so patch releases arrive), or the one in npm's
 * cache when the registry cannot be reached.
 * @param {string} major
 */
export function registryNode(major) {
  const npx = (/** @type {string[]} */ ...flags) =>
    execFileSync('npx', [...flags, '-y', '-p', `node@${major}`, 'node', '-p', 'process.execPath'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  try {
    return npx();
  } catch {
    return npx('--offline');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log([serverNode(), ...nodeOptions()].join(' '));
