// The dashboard sign-in generated on a first start, shown to the person who
// started the server: plain text on standard output, after the server says it is
// listening (server.mjs prints its notesAfterListening then; a JSON log line
// in the middle of the start-up scrolled by unseen). Under `next dev`, which
// has no server.mjs, it is printed at once.
import { processState } from '../process-state';

export function showFirstSignIn(email: string, password: string): void {
  const note = [
    '',
    '  Dashboard sign-in (shown only this once):',
    `    email     ${email}`,
    `    password  ${password}`,
    `  Change it with: npm run user -- set-password --email ${email}`,
    '',
  ].join('\n');
  const notesAfterListening = processState<string[] | null>('notesAfterListening', () => null);
  if (notesAfterListening) notesAfterListening.push(note);
  else process.stdout.write(`${note}\n`);
}
