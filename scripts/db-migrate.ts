// `npm run db:migrate`: applies the SQL migrations in drizzle/ to the configured database.
import { closeDb } from '../lib/db/client';
import { migrateDatabase } from '../lib/db/migrate';

await migrateDatabase();
await closeDb();
console.log('Migrations applied.');
