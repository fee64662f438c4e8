// `npm run photos -- move --to s3|database`: moves every photo's files into one store
// (docs/DEPLOY.md, "Photos"), a few at a time, each served from where its row says
// throughout; safe to run while the service runs, and again after a stop.
import { parseArgs } from 'node:util';
import { db } from '../lib/db/client';
import { migrateDatabase } from '../lib/db/migrate';
import { PHOTO_STORES, photoStores, type PhotoStoreKind } from '../lib/domain/photo-store';
import { movePhotoFiles } from '../lib/domain/photos';
import { config } from '../lib/runtime/config';
import { runCommand, UsageError } from './cli';

const USAGE = `Usage:
  npm run photos -- move --to s3          every photo's files into PHOTO_STORE_URL's bucket
  npm run photos -- move --to database    every photo's files into the database (photo_blobs)`;

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { to: { type: 'string' } } });
  if (positionals[0] !== 'move') throw new UsageError(positionals[0] ? `unknown command "${positionals[0]}"` : 'a command is needed');
  const to = values.to as PhotoStoreKind | undefined;
  if (!to || !PHOTO_STORES.includes(to)) throw new UsageError('move needs --to s3 or --to database');
  if (!config().PHOTO_STORE_URL) throw new UsageError('PHOTO_STORE_URL must name the bucket (s3://bucket[/prefix]), whichever way the files move');
  await migrateDatabase();
  const database = await db();
  const stores = photoStores(database);
  let moved = 0;
  for (let batch = await movePhotoFiles(database, stores, to); batch > 0; batch = await movePhotoFiles(database, stores, to)) {
    moved += batch;
    console.error(`${moved} moved…`);
  }
  console.error(`Done: ${moved} photo(s) moved; every photo's files are in the ${to === 's3' ? 'S3 bucket' : 'database'}.`);
}

await runCommand(() => main(process.argv.slice(2)), USAGE);
