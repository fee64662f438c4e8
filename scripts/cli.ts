// What the command-line scripts share: a usage error, and running a command
// with a clean message (plus the usage when it was misused), exit code 1 on
// failure, and the database closed either way.
import { closeDb } from '../lib/db/client';

export class UsageError extends Error {}

export async function runCommand(main: () => Promise<void>, usage: string): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof UsageError ? `${error.message}\n\n${usage}` : error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}
