// The dashboard sign-in generated on a first start (or, on PostgreSQL, how to make
// one), shown to the person who started the server: plain text on standard output, after the server says it is
// listening (server.mjs prints its notesAfterListening then; a JSON log line
// in the middle of the start-up scrolled by unseen). Under `next dev`, which
// has no server.mjs, it is printed at once.
import { processState } from '../process-state';

export function showFirstSignIn(email: string, password: string): void {
  showAfterListening([
    '  Dashboard sign-in (shown only this once):',
    `    email     ${email}`,
    `    password  ${password}`,
    `  Change it with: npm run user -- set-password --email ${email}`,
  ]);
}

/** On PostgreSQL nobody is made at start: the command that makes the first admin, as the sign-in page says it. */
export function showHowToMakeFirstAdmin(): void {
  showAfterListening([
    "  No dashboard user yet. Make the first admin, with this server's DATABASE_URL set:",
    '    npm run user -- create --email you@example.com --role admin',
  ]);
}

function showAfterListening(lines: string[]): void {
  const note = ['', ...lines, ''].join('\n');
  const notesAfterListening = processState<string[] | null>('notesAfterListening', () => null);
  if (notesAfterListening) notesAfterListening.push(note);
  else process.stdout.write(`${note}\n`);
}
