// Per-process state under one key on globalThis. The production server loads
// this code twice (Next's bundle for the dashboard, the /v1 bundle for the API:
// docs/ARCHITECTURE.md, "The production path for /v1"), and next dev may load it in more
// than one module graph; every graph must find the same pool, cache and buckets.
const KEY = Symbol.for('petstore.process-state');

type Store = Record<string, unknown>;

const store: Store = ((globalThis as Record<symbol, Store | undefined>)[KEY] ??= {});

/** The process's one `name`, made by `create` on first use. */
export function processState<T>(name: string, create: () => T): T {
  if (!(name in store)) store[name] = create();
  return store[name] as T;
}
