// `npm run db:seed`: migrates, then fills an empty catalogue with the sample pets and orders.
import { closeDb, db } from '../lib/db/client';
import { migrateDatabase } from '../lib/db/migrate';
import { isCatalogueEmpty, seedCatalogue } from '../lib/domain/seed';

await migrateDatabase();
const database = await db();
if (await isCatalogueEmpty(database)) {
  const added = await seedCatalogue(database);
  console.log(`Added ${added.pets} pets and ${added.orders} orders.`);
} else {
  console.log('The catalogue already has pets; nothing added.');
}
await closeDb();
