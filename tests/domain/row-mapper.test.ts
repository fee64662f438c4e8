// lib/db/row-mapper.ts on an in-memory PGlite: a prepared statement's rows mapped
// by the mapper made once equal drizzle's own mapping of the same statement
// (numbers, text, enums, NULLs, timestamps as Dates), and a statement with a
// field that is not a plain column is left to drizzle.
import { asc, count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { withRowMapper } from '@/lib/db/row-mapper';
import { pets } from '@/lib/db/schema';
import { createPet } from '@/lib/domain/pets';
import { openMemoryDatabase } from '../support/memory-database';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
  await createPet(database, { name: 'Rex', categoryId: 3, status: 'available' });
  await createPet(database, { name: 'No status', categoryId: 4 });
});
afterAll(() => close());

const everyColumn = (name: string) => database.select().from(pets).orderBy(asc(pets.id)).prepare(name);

it('maps rows as drizzle does: numbers, text, statuses, NULLs and Dates', async () => {
  const byDrizzle = await everyColumn('rows_by_drizzle').execute();
  const byMapper = await withRowMapper(everyColumn('rows_by_mapper')).execute();
  expect(byMapper).toEqual(byDrizzle);
  expect(byMapper.length).toBeGreaterThanOrEqual(2);
  expect(byMapper[0]!.createdAt).toBeInstanceOf(Date);
  expect(typeof byMapper[0]!.id).toBe('number');
  expect(byMapper.some((pet) => pet.status === null)).toBe(true);
});

it('leaves a statement with a field that is not a plain column to drizzle', () => {
  const statement = database
    .select({ status: pets.status, count: count(), lower: sql<string>`lower(${pets.name})` })
    .from(pets)
    .groupBy(pets.status, pets.name)
    .prepare('rows_with_expressions');
  expect((withRowMapper(statement) as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
});
