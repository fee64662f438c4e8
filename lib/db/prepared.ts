// Prepared statements for the hot queries: built once per database handle and
// name, so a request neither rebuilds the SQL nor makes PostgreSQL parse and
// plan it again (postgres.js keeps named statements per connection). Behind a
// transaction pooler (DATABASE_POOLER=transaction) the driver sends unnamed
// statements only (client.ts): the built SQL is still reused, the plan is not.
// Their rows are mapped by a mapper made once (row-mapper.ts).
import type { Executor } from './client';
import { withRowMapper } from './row-mapper';

const statements = new WeakMap<Executor, Map<string, unknown>>();

export function preparedStatement<Statement, Handle extends Executor>(database: Handle, name: string, prepare: (database: Handle) => Statement): Statement {
  let byName = statements.get(database);
  if (!byName) statements.set(database, (byName = new Map()));
  let statement = byName.get(name) as Statement | undefined;
  if (statement === undefined) byName.set(name, (statement = withRowMapper(prepare(database))));
  return statement;
}
