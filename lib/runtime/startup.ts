// What the server does once at start-up: check the configuration, register what
// server.mjs needs to shut down (lib/shutdown.ts), open the rate limiter's Redis
// connection, migrate, make the bootstrap key valid, make sure someone can sign
// in to the dashboard, fill an empty embedded catalogue, and schedule the activity
// log's pruning and the photos' sweep, and start the import queue.
import { pruneActivity } from '../domain/activity';
import { photoStores } from '../domain/photo-store';
import { sweepPhotos } from '../domain/photos';
import { ensureBootstrapKey } from '../domain/api-keys';
import { describeBug, failureReason, logFailure } from '../failure-log';
import { config, ConfigError } from './config';
import { databaseKind, db, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { isStorageFull } from '../db/errors';
import { embeddedStorage, STORAGE_FULL, storageFullError } from '../db/storage';
import { showFirstSignIn, showHowToMakeFirstAdmin } from './first-sign-in';
import { log } from './log';
import { processState } from '../process-state';
import { isCatalogueEmpty, seedCatalogue } from '../domain/seed';
import { registerShutdownHook } from './shutdown';
import { startImportQueue } from './import-queue';
import { countUsers, createUser, generatePassword } from '../domain/users';
import { connectRateLimiter } from '../http/rate-limit';

async function startUp(): Promise<void> {
  const settings = config();
  registerShutdownHook();
  connectRateLimiter();
  await migrateDatabase();
  const database = await db();
  if (settings.PETSTORE_BOOTSTRAP_API_KEY) await ensureBootstrapKey(database, settings.PETSTORE_BOOTSTRAP_API_KEY);
  await ensureFirstUser(database);
  const shouldSeed = settings.PETSTORE_SEED === 'always' || (settings.PETSTORE_SEED === 'auto' && (await databaseKind()) === 'pglite');
  if (shouldSeed && (await isCatalogueEmpty(database))) {
    const added = await seedCatalogue(database);
    log.info(added, 'empty catalogue filled with sample pets and orders');
  }
  const storage = await embeddedStorage();
  if (storage?.isFull) log.warn(storageFullError(settings.PGLITE_DIR, storage.freeBytes).message);
  scheduleActivityPruning(database);
  schedulePhotoSweeping(database);
  await startImportQueue();
  log.info({ database: await databaseKind() }, 'petstore ready');
}

/** A full disk, said in words (lib/db/storage.ts): the check's own message, or one for the database's 53100. */
function diskFullMessage(error: unknown): string {
  // By its code: the error may come from another bundle's copy of storage.ts.
  if ((error as { code?: unknown }).code === STORAGE_FULL) return (error as Error).message;
  return `The database's disk is full (${failureReason(error)}): free some space and start again.`;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The activity log keeps PETSTORE_ACTIVITY_RETENTION_DAYS: pruned now and every hour, in small batches. */
function scheduleActivityPruning(database: Database): void {
  const prune = () =>
    pruneActivity(database, config().PETSTORE_ACTIVITY_RETENTION_DAYS).then(
      (pruned) => pruned > 0 && log.info({ pruned }, 'activity log pruned past its retention'),
      (error: unknown) => logFailure('activity log not pruned; retrying in an hour', failureReason(error)),
    );
  void prune();
  setInterval(prune, PRUNE_EVERY_MS).unref();
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Photos no one can reach (a deleted pet's, past their days; bytes whose upload never got
 * its row) are swept every hour, the first time a few minutes after start, at a moment of
 * each instance's own, so that a fleet started together does not sweep together.
 */
function schedulePhotoSweeping(database: Database): void {
  const sweep = () =>
    sweepPhotos(database, photoStores(database)).then(
      (swept) => swept > 0 && log.info({ swept }, 'photos no one can reach removed'),
      (error: unknown) => logFailure('photos not swept; retrying in an hour', failureReason(error)),
    );
  const firstIn = 5 * 60 * 1000 + Math.random() * 10 * 60 * 1000;
  setTimeout(() => {
    void sweep();
    setInterval(sweep, SWEEP_EVERY_MS).unref();
  }, firstIn).unref();
}

const GENERATED_ADMIN_EMAIL = 'admin@localhost';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: that user exists (an existing password is kept).
 * Otherwise, on the embedded database with no user at all, admin@localhost gets
 * a random password, shown once (first-sign-in.ts), so a fresh `npm start` can be signed in to.
 */
async function ensureFirstUser(database: Database): Promise<void> {
  const settings = config();
  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    const created = await createUser(database, { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD, role: 'admin' });
    if (created) log.info({ email: created.email }, 'dashboard user created from ADMIN_EMAIL');
    return;
  }
  if ((await countUsers(database)) > 0) return;
  if ((await databaseKind()) !== 'pglite') {
    // With single sign-on, the first people come through the provider.
    if (!settings.OIDC_ISSUER) showHowToMakeFirstAdmin();
    return;
  }
  const password = generatePassword();
  const created = await createUser(database, { email: GENERATED_ADMIN_EMAIL, password, role: 'admin' });
  if (!created) return;
  // The log says that it happened; the password goes to the person, never to the log.
  log.warn({ email: GENERATED_ADMIN_EMAIL }, 'dashboard sign-in created; its password is printed once, after "listening"');
  showFirstSignIn(GENERATED_ADMIN_EMAIL, password);
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
    // describeBug, never the error itself: a failed query's error carries its parameters (the bootstrap key's prefix and hash).
    log.fatal(
      error instanceof ConfigError ? error.message : isStorageFull(error) ? diskFullMessage(error) : { error: describeBug(error) },
      'petstore failed to start',
    );
    process.exit(1);
  }
}
