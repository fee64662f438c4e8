// Drizzle maps each row of a select field by field, working out what each field
// is (`is()`, a walk of its prototype chain, up to three times) on every field of
// every row: on /v1's list and getPet that was about 8% of the server's CPU
// (docs/PERFORMANCE.md, "Levers tried for the peer"). A prepared statement whose fields are
// all plain columns gets a mapper made once instead: the same column decoders,
// picked once. Drizzle runs a statement's `customResultMapper` on its rows as
// arrays (on postgres.js and on PGlite alike) in place of its own mapping.
import { Column, is } from 'drizzle-orm';

type Field = { path: string[]; field: unknown };
type MappableStatement = { fields?: Field[]; customResultMapper?: (rows: unknown[][]) => unknown };

export function withRowMapper<Statement>(statement: Statement): Statement {
  const mappable = statement as MappableStatement;
  const fields = mappable.fields;
  if (!fields || mappable.customResultMapper) return statement;
  if (!fields.every(({ path, field }) => path.length === 1 && is(field, Column))) return statement;
  const names = fields.map(({ path }) => path[0]!);
  const columns = fields.map(({ field }) => field as Column);
  mappable.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index++) {
        const value = row[index];
        mapped[names[index]!] = value === null ? null : columns[index]!.mapFromDriverValue(value);
      }
      return mapped;
    });
  return statement;
}
