// A small sample catalogue, so a first look at an empty database is not empty.
import { count } from 'drizzle-orm';
import type { PetStatus } from './contract/pets';
import type { Database } from './db/client';
import { orders, pets } from './db/schema';

const NAMES = [
  'Biscuit', 'Luna', 'Milo', 'Pepper', 'Nala', 'Oscar', 'Willow', 'Ziggy', 'Hazel', 'Rocco',
  'Mochi', 'Juniper', 'Tofu', 'Clover', 'Bruno', 'Poppy', 'Sable', 'Indigo', 'Maple', 'Kiwi',
  'Otis', 'Marble', 'Pixel', 'Saffron', 'Noodle', 'Tango', 'Fennel', 'Echo', 'Basil', 'Comet',
  'Pickles', 'Aster', 'Dumpling', 'Figaro', 'Nutmeg', 'Quill',
];
const STATUSES: (PetStatus | null)[] = ['available', 'available', 'pending', 'sold', null];

export async function isCatalogueEmpty(database: Database): Promise<boolean> {
  const [row] = await database.select({ pets: count() }).from(pets);
  return row!.pets === 0;
}

/** Adds the sample pets and a few orders that agree with the pets' statuses. */
export async function seedCatalogue(database: Database): Promise<{ pets: number; orders: number }> {
  return database.transaction(async (transaction) => {
    const inserted = await transaction
      .insert(pets)
      .values(NAMES.map((name, index) => ({ name, categoryId: (index % 4) + 1, status: STATUSES[index % STATUSES.length]! })))
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
