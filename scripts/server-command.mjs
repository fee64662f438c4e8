// How every launcher (npm start, the tests, the benchmark) runs the production
// server: `node --max-old-space-size=N server.mjs`. Left alone, V8 lets the old
// generation grow lazily under load (to ~190 MB, ~300 MB RSS, though ~50 MB is
// live); a cap makes it collect sooner: ~160 MB RSS at the same throughput
// (docs/PERFORMANCE.md). PETSTORE_MAX_HEAP_MB changes the cap.
//
// Run directly, it prints the Node options, for the start script's
// `exec node $(node scripts/server-command.mjs) server.mjs`.
import { fileURLToPath } from 'node:url';

const DEFAULT_MAX_HEAP_MB = 192;

/** Node's options for server.mjs. */
export function nodeOptions() {
  const maxHeapMb = Number(process.env.PETSTORE_MAX_HEAP_MB ?? DEFAULT_MAX_HEAP_MB);
  if (!Number.isInteger(maxHeapMb) || maxHeapMb < 64) throw new Error(`PETSTORE_MAX_HEAP_MB must be an integer ≥ 64, got ${process.env.PETSTORE_MAX_HEAP_MB}`);
  return [`--max-old-space-size=${maxHeapMb}`];
}

/** Node's arguments for server.mjs with `args`. */
export function serverArguments(args = []) {
  return [...nodeOptions(), 'server.mjs', ...args];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(nodeOptions().join(' '));
