// `npm run user -- create|set-password|list`: manage dashboard users from the command line.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { db } from '../lib/db/client';
import { migrateDatabase } from '../lib/db/migrate';
import { runCommand, UsageError } from './cli';
import { users } from '../lib/db/schema';
import { forgetSignInFailures } from '../lib/sign-in-throttle';
import { MIN_PASSWORD_LENGTH } from '../lib/contract/users';
import { createUser, setPassword } from '../lib/users';

const USAGE = `Usage:
  npm run user -- create --email EMAIL [--password PASSWORD]
  npm run user -- set-password --email EMAIL [--password PASSWORD]
  npm run user -- list
Without --password, the password is asked for (not echoed).`;

/** Reads a password from the terminal without echoing it (or one line from a pipe). */
async function askPassword(prompt: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  const output = terminal as unknown as { _writeToOutput: (text: string) => void };
  const write = output._writeToOutput.bind(terminal);
  let prompted = false;
  // Print the prompt, then nothing of what is typed.
  output._writeToOutput = (text: string) => {
    if (!prompted) write(text);
    prompted = true;
  };
  const answer = await new Promise<string>((resolve) => terminal.question(prompt, resolve));
  terminal.close();
  if (process.stdin.isTTY) process.stderr.write('\n');
  return answer;
}

async function passwordFrom(given: string | undefined): Promise<string> {
  const password = given ?? (await askPassword('Password: '));
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  return password;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  const [command] = positionals;
  if (command === 'list') {
    await migrateDatabase();
    const rows = await (await db()).select({ id: users.id, email: users.email, created: users.createdAt }).from(users);
    console.table(rows.map((row) => ({ ...row, created: row.created.toISOString() })));
    return;
  }
  if (command !== 'create' && command !== 'set-password') {
    throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
  }
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`${command} needs --email EMAIL`);
  const password = await passwordFrom(values.password);
  await migrateDatabase();
  if (command === 'create') {
    const created = await createUser(await db(), { email, password });
    if (!created) throw new UsageError(`A user with email ${email} exists already; use set-password.`);
    console.error(`Created dashboard user ${created.email}.`);
  } else {
    const database = await db();
    if (!(await setPassword(database, email, password))) throw new UsageError(`No user has email ${email}.`);
    // A locked-out user whose password an admin reset can sign in at once.
    await forgetSignInFailures(database, email);
    console.error(`Changed the password of ${email}; failed sign-ins forgotten.`);
  }
}

await runCommand(() => main(process.argv.slice(2)), USAGE);
