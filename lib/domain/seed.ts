// A small sample catalogue, so a first look at an empty database is not empty.
import { count, inArray, sql } from 'drizzle-orm';
import type { PetStatus } from '../contract/pets';
import type { Database } from '../db/client';
import { categories, orders, pets } from '../db/schema';

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

export async function isCatalogueEmpty(database: Database): Promise<boolean> {
  const [row] = await database.select({ pets: count() }).from(pets);
  return row!.pets === 0;
}

/** Adds the sample categories (kept if they exist), pets in them, and a few orders that agree with the pets' statuses. */
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
    const inserted = await transaction
      .insert(pets)
      .values(NAMES.map((name, index) => ({ name, categoryId: categoryIds[index % 4]!, status: STATUSES[index % STATUSES.length]! })))
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
