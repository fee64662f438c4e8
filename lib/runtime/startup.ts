// What the server does once at start-up: check the configuration, register what
// server.mjs needs to shut down (lib/shutdown.ts), migrate, make the bootstrap key valid, make
// sure someone can sign in to the dashboard, and fill an empty embedded catalogue.
import { ensureBootstrapKey } from '../api-keys';
import { config, ConfigError } from './config';
import { databaseKind, db, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { log } from './log';
import { processState } from '../process-state';
import { isCatalogueEmpty, seedCatalogue } from '../seed';
import { registerShutdownHook } from './shutdown';
import { countUsers, createUser, generatePassword } from '../users';

async function startUp(): Promise<void> {
  const settings = config();
  registerShutdownHook();
  await migrateDatabase();
  const database = await db();
  if (settings.PETSTORE_BOOTSTRAP_API_KEY) await ensureBootstrapKey(database, settings.PETSTORE_BOOTSTRAP_API_KEY);
  await ensureFirstUser(database);
  const shouldSeed =
    settings.PETSTORE_SEED === 'always' || (settings.PETSTORE_SEED === 'auto' && (await databaseKind()) === 'pglite');
  if (shouldSeed && (await isCatalogueEmpty(database))) {
    const added = await seedCatalogue(database);
    log.info(added, 'empty catalogue filled with sample pets and orders');
  }
  log.info({ database: await databaseKind() }, 'petstore ready');
}

const GENERATED_ADMIN_EMAIL = 'admin@localhost';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: that user exists (an existing password is kept).
 * Otherwise, on the embedded database with no user at all, admin@localhost gets
 * a random password, printed once, so a fresh `npm start` can be signed in to.
 */
async function ensureFirstUser(database: Database): Promise<void> {
  const settings = config();
  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    const created = await createUser(database, { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD });
    if (created) log.info({ email: created.email }, 'dashboard user created from ADMIN_EMAIL');
    return;
  }
  if ((await databaseKind()) !== 'pglite' || (await countUsers(database)) > 0) return;
  const password = generatePassword();
  const created = await createUser(database, { email: GENERATED_ADMIN_EMAIL, password });
  if (!created) return;
  log.warn(`Dashboard sign-in created: email ${GENERATED_ADMIN_EMAIL}, password ${password} (shown only this once).`);
  log.warn(`Change it with: npm run user -- set-password --email ${GENERATED_ADMIN_EMAIL}`);
}

/**
 * Start-up, once per process: Next's instrumentation hook and the /v1 bundle
 * both call this, and both wait on the same run.
 */
export function startUpOnce(): Promise<void> {
  return processState('startUp', startUpOrExit);
}

/** A server that cannot start (bad configuration, no database) says why and stops. */
async function startUpOrExit(): Promise<void> {
  try {
    await startUp();
  } catch (error) {
    log.fatal(error instanceof ConfigError ? error.message : { err: error }, 'petstore failed to start');
    process.exit(1);
  }
}
