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
// Run directly, it prints the Node binary and its options, each quoted for the
// shell, for the start script's `command=$(node scripts/server-command.mjs) &&
// eval "exec $command server.mjs"`; when it cannot, it says why and exits 1.
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

// The runtime the server is built for (docs/PERFORMANCE.md, "The runtime").
const SERVER_MAJOR = 24;
// The first fetch downloads about 30 MB; after that npx only asks the registry.
const NPX_TIMEOUT_MS = 120_000;
/** @type {string | undefined} */
let resolvedNode;

/** The Node binary that runs server.mjs: PETSTORE_NODE, else this one from Node 24 on, else the registry's node@24. */
export function serverNode() {
  if (process.env.PETSTORE_NODE) return process.env.PETSTORE_NODE;
  if (majorOf(process.versions.node) >= SERVER_MAJOR) return process.execPath;
  resolvedNode ??= registryNode(SERVER_MAJOR);
  return resolvedNode;
}

/** @param {string} version */
const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * The path of the registry's node@major binary: the newest release of that
 * major (npx asks the registry, so patch releases arrive), or the one in npm's
 * cache when the registry cannot be reached.
 * @param {number | string} major
 */
export function registryNode(major) {
  const npx = (/** @type {string[]} */ ...flags) => {
    const found = execFileSync('npx', [...flags, '-y', '-p', `node@${major}`, 'node', '-p', 'process.version + " " + process.execPath'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: NPX_TIMEOUT_MS,
    }).trim();
    const [version = '', ...path] = found.split(' ');
    if (majorOf(version) !== Number(major)) throw new Error(`npx ran Node ${version}, not ${major}`);
    return path.join(' ');
  };
  try {
    return npx();
  } catch (online) {
    try {
      return npx('--offline');
    } catch {
      const reason = online instanceof Error ? online.message.split('\n')[0] : String(online);
      throw new Error(`Could not get Node ${major} from the npm registry (${reason}), and npm's cache has none: set PETSTORE_NODE to a Node binary.`);
    }
  }
}

/** @param {string} word */
const shellQuoted = (word) => `'${word.replaceAll("'", `'\\''`)}'`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log([serverNode(), ...nodeOptions()].map(shellQuoted).join(' '));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
