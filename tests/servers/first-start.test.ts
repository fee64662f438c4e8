// A first start says how to sign in, after the "listening" line where it is seen: on the
// embedded database the generated admin's password, once; on PostgreSQL, where nobody is
// made at start, the command that makes the first admin.
import { afterEach, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const afterListening = (logs: string) => logs.slice(logs.indexOf('listening on'));

/** The server's output after "listening", once `expected` is in it (the notes follow that line). */
async function notesOf(server: TestServer, expected: RegExp): Promise<string> {
  for (let waited = 0; waited < 5_000 && !expected.test(afterListening(server.logs())); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  return afterListening(server.logs());
}

it('prints the command that makes the first admin on a PostgreSQL with no user', async () => {
  server = await startServer({ database: 'postgres' });
  const notes = await notesOf(server, /No dashboard user yet/);
  expect(notes).toContain('No dashboard user yet. Make the first admin');
  expect(notes).toContain('npm run user -- create --email you@example.com --role admin');
});

it('prints the generated admin’s password once on a new embedded database', async () => {
  server = await startServer({ database: 'pglite' });
  expect(await notesOf(server, /shown only this once/)).toMatch(/Dashboard sign-in \(shown only this once\):\s+email\s+admin@localhost\s+password\s+\S{24}/);
});
