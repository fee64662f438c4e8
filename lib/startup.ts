// What the server does once at start-up: check the configuration, take over
// SIGTERM for a graceful shutdown, migrate, make the bootstrap key valid, and
// fill an empty embedded catalogue.
import { ensureBootstrapKey } from './api-keys';
import { config, ConfigError } from './config';
import { databaseKind, db } from './db/client';
import { migrateDatabase } from './db/migrate';
import { log } from './log';
import { isCatalogueEmpty, seedCatalogue } from './seed';
import { installGracefulShutdown } from './shutdown';

export async function startUp(): Promise<void> {
  const settings = config();
  installGracefulShutdown({ timeoutMs: settings.PETSTORE_SHUTDOWN_TIMEOUT_MS });
  await migrateDatabase();
  const database = await db();
  if (settings.PETSTORE_BOOTSTRAP_API_KEY) await ensureBootstrapKey(database, settings.PETSTORE_BOOTSTRAP_API_KEY);
  const shouldSeed =
    settings.PETSTORE_SEED === 'always' || (settings.PETSTORE_SEED === 'auto' && (await databaseKind()) === 'pglite');
  if (shouldSeed && (await isCatalogueEmpty(database))) {
    const added = await seedCatalogue(database);
    log.info(added, 'empty catalogue filled with sample pets and orders');
  }
  log.info({ database: await databaseKind() }, 'petstore ready');
}

/** A server that cannot start (bad configuration, no database) says why and stops. */
export async function startUpOrExit(): Promise<void> {
  try {
    await startUp();
  } catch (error) {
    log.fatal(error instanceof ConfigError ? error.message : { err: error }, 'petstore failed to start');
    process.exit(1);
  }
}
