// `npm run user -- …`: manage dashboard users from the command line, as an admin
// does in the dashboard (docs/ROLES.md): each change that takes something away
// ends the person's sessions and stops the keys it must, at once.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { db } from '../lib/db/client';
import { migrateDatabase } from '../lib/db/migrate';
import { runCommand, UsageError } from './cli';
import { forgetSignInFailures } from '../lib/domain/sign-in-throttle';
import { ROLES, type Role } from '../lib/contract/roles';
import { MIN_PASSWORD_LENGTH } from '../lib/contract/users';
import type { Outcome } from '../lib/domain/outcome';
import { createUser, deleteUser, listUsers, normaliseEmail, resetPassword, setPassword, updateUser } from '../lib/domain/users';

const USAGE = `Usage:
  npm run user -- create --email EMAIL [--role viewer|editor|admin] [--password PASSWORD]
  npm run user -- create --email EMAIL --break-glass [--password PASSWORD]
                         (an admin who may sign in with a password at /signin?break-glass
                          when PASSWORD_SIGN_IN=off; recorded in the activity log)
  npm run user -- set-password --email EMAIL [--password PASSWORD]
  npm run user -- reset-password --email EMAIL     (prints a temporary password, to be replaced at sign-in)
  npm run user -- set-role --email EMAIL --role viewer|editor|admin
  npm run user -- disable --email EMAIL
  npm run user -- enable --email EMAIL
  npm run user -- delete --email EMAIL
  npm run user -- list
Without --password, the password is asked for (not echoed). Without --role, create makes
the first user an admin and later ones viewers.`;

/** Reads a password from the terminal without echoing it, or the first line of what is piped in. */
async function askPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let piped = '';
    for await (const chunk of process.stdin) piped += chunk;
    const [line = ''] = piped.split(/\r?\n/);
    if (!line) throw new UsageError('No password given: pass --password PASSWORD, or pipe it on standard input (no terminal to ask on).');
    return line;
  }
  const terminal = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
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
  process.stderr.write('\n');
  return answer;
}

async function passwordFrom(given: string | undefined): Promise<string> {
  const password = given ?? (await askPassword('Password: '));
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  return password;
}

function roleFrom(given: string | undefined, isRequired: boolean): Role | undefined {
  if (given === undefined && !isRequired) return undefined;
  if (!ROLES.includes(given as Role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return given as Role;
}

/** The value of an outcome, or the refusal's message as the command's error (no usage: it was used right). */
function valueOf<Value>(outcome: Outcome<Value>): Value {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

const PEOPLE_COMMANDS = ['reset-password', 'set-role', 'disable', 'enable', 'delete'];

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, 'break-glass': { type: 'boolean' } },
  });
  const [command] = positionals;
  if (command === 'list') {
    await migrateDatabase();
    const rows = await listUsers(await db());
    console.table(
      rows.map((user) => ({
        id: user.id,
        email: user.email,
        role: user.role,
        state: user.disabled ? 'disabled' : user.mustChangePassword ? 'must change password' : 'active',
        created: user.createdAt.toISOString(),
      })),
    );
    return;
  }
  if (command !== 'create' && command !== 'set-password' && !PEOPLE_COMMANDS.includes(command ?? '')) {
    throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
  }
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`${command} needs --email EMAIL`);
  if (command === 'create') {
    const breakGlass = values['break-glass'] ?? false;
    if (breakGlass && values.role && values.role !== 'admin') throw new UsageError('A break-glass user is an admin: leave out --role.');
    const role = breakGlass ? 'admin' : roleFrom(values.role, false);
    const password = await passwordFrom(values.password);
    await migrateDatabase();
    const created = await createUser(await db(), { email, password, role, breakGlass });
    if (!created) throw new UsageError(`A user with email ${email} exists already; use set-password.`);
    console.error(
      `Created dashboard user ${created.email} (${created.role}${breakGlass ? ', break-glass: may sign in with a password when passwords are off' : ''}).`,
    );
    return;
  }
  if (command === 'set-password') {
    const password = await passwordFrom(values.password);
    await migrateDatabase();
    const database = await db();
    if (!(await setPassword(database, email, password))) throw new UsageError(`No user has email ${email}.`);
    // A locked-out user whose password an admin reset can sign in at once.
    await forgetSignInFailures(database, email);
    console.error(`Changed the password of ${email}; failed sign-ins forgotten.`);
    return;
  }
  const role = command === 'set-role' ? roleFrom(values.role, true) : undefined;
  await migrateDatabase();
  const database = await db();
  const user = (await listUsers(database)).find((candidate) => candidate.email === normaliseEmail(email));
  if (!user) throw new UsageError(`No user has email ${email}.`);
  const at = new Date();
  // The CLI is no user: `by` is undefined, so any account may be changed (the last admin still stays one).
  if (command === 'reset-password') {
    const { temporaryPassword, stoppedKeyIds } = valueOf(await resetPassword(database, user.id, undefined, at));
    await forgetSignInFailures(database, user.email);
    console.error(`Reset the password of ${user.email}; ${stoppedKeyIds.length} session(s) ended. They must replace it at their next sign-in:`);
    console.log(temporaryPassword);
    return;
  }
  const { stoppedKeyIds } =
    command === 'delete'
      ? valueOf(await deleteUser(database, user.id, undefined, at))
      : valueOf(await updateUser(database, user.id, { ...(role ? { role } : { disabled: command === 'disable' }), by: undefined, at }));
  const done = {
    'set-role': `Made ${user.email} ${role}`,
    disable: `Disabled ${user.email}`,
    enable: `Enabled ${user.email}`,
    delete: `Deleted ${user.email}`,
  }[command!];
  console.error(`${done}; ${stoppedKeyIds.length} key(s) revoked (sessions and keys that stop: ${stoppedKeyIds.join(', ') || 'none'}).`);
}

await runCommand(() => main(process.argv.slice(2)), USAGE);
