// A small sample catalogue, so a first look at an empty database is not empty.
import { count, inArray, sql } from 'drizzle-orm';
import type { PetStatus } from '../contract/pets';
import { tagKey } from '../contract/tag-values';
import type { Database } from '../db/client';
import { categories, orders, pets, tags } from '../db/schema';
import { sortedTags } from './tags';

const NAMES = [
  'Biscuit',
  'Luna',
  'Milo',
  'Pepper',
  'Nala',
  'Oscar',
  'Willow',
  'Ziggy',
  'Hazel',
  'Rocco',
  'Mochi',
  'Juniper',
  'Tofu',
  'Clover',
  'Bruno',
  'Poppy',
  'Sable',
  'Indigo',
  'Maple',
  'Kiwi',
  'Otis',
  'Marble',
  'Pixel',
  'Saffron',
  'Noodle',
  'Tango',
  'Fennel',
  'Echo',
  'Basil',
  'Comet',
  'Pickles',
  'Aster',
  'Dumpling',
  'Figaro',
  'Nutmeg',
  'Quill',
];
const CATEGORY_NAMES = ['Dogs', 'Cats', 'Birds', 'Reptiles'];
const STATUSES: (PetStatus | null)[] = ['available', 'available', 'pending', 'sold', null];
// Which pets have each tag, by their place in NAMES.
const TAGS: [tag: string, has: (index: number) => boolean][] = [
  ['vaccinated', (index) => index % 3 !== 2],
  ['puppy', (index) => index % 5 === 1],
  ['good with kids', (index) => index % 3 === 0],
  ['needs a home', (index) => index % 7 === 3],
];

export async function isCatalogueEmpty(database: Database): Promise<boolean> {
  const [row] = await database.select({ pets: count() }).from(pets);
  return row!.pets === 0;
}

/** Adds the sample categories (kept if they exist), tagged pets in them, and a few orders that agree with the pets' statuses. */
export async function seedCatalogue(database: Database): Promise<{ pets: number; orders: number }> {
  return database.transaction(async (transaction) => {
    await transaction
      .insert(categories)
      .values(CATEGORY_NAMES.map((name) => ({ name })))
      .onConflictDoNothing();
    // Names are unique ignoring case: an existing "dogs" is the seed's "Dogs".
    const named = await transaction
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(
        inArray(
          sql`lower(${categories.name})`,
          CATEGORY_NAMES.map((name) => name.toLowerCase()),
        ),
      );
    const categoryIds = CATEGORY_NAMES.map((name) => named.find((category) => category.name.toLowerCase() === name.toLowerCase())!.id);
    // A tag written before keeps its spelling: the pets take the stored one.
    await transaction
      .insert(tags)
      .values(TAGS.map(([tag]) => ({ name: tag, key: tagKey(tag) })))
      .onConflictDoNothing();
    const stored = new Map(
      (
        await transaction
          .select({ name: tags.name, key: tags.key })
          .from(tags)
          .where(
            inArray(
              tags.key,
              TAGS.map(([tag]) => tagKey(tag)),
            ),
          )
      ).map((row) => [row.key, row.name]),
    );
    const inserted = await transaction
      .insert(pets)
      .values(
        NAMES.map((name, index) => ({
          name,
          categoryId: categoryIds[index % 4]!,
          status: STATUSES[index % STATUSES.length]!,
          tags: sortedTags(TAGS.filter(([, has]) => has(index)).map(([tag]) => stored.get(tagKey(tag))!)),
        })),
      )
      .returning({ id: pets.id, status: pets.status });
    const pending = inserted.filter((pet) => pet.status === 'pending');
    const sold = inserted.filter((pet) => pet.status === 'sold');
    const sampleOrders = [
      ...pending.map((pet, index) => ({ petId: pet.id, quantity: 1, status: index % 2 ? ('approved' as const) : ('placed' as const) })),
      ...sold.map((pet) => ({ petId: pet.id, quantity: 1, status: 'delivered' as const, shipDate: new Date() })),
    ];
    await transaction.insert(orders).values(sampleOrders);
    return { pets: inserted.length, orders: sampleOrders.length };
  });
}
