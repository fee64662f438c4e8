// The extensions every PGlite opened on the service's data must load: the
// migrations create pg_trgm (drizzle/0005), and a database whose catalogue names
// an extension cannot use its indexes unless the extension's code is loaded.
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
