// What the sign-in page says to someone whose session ended, by why it ended.
import type { SessionState } from './session';

type Ended = Extract<SessionState, { status: 'ended' }>['reason'];

const MESSAGES: Record<Ended, string> = {
  'password-changed': 'Your password was changed: sign in with the new one.',
  'password-reset': 'Your password was reset by an admin: sign in with the temporary password they give you.',
  disabled: 'Your account was disabled: ask an admin if this is a mistake.',
  deleted: 'Your account was deleted.',
  'role-changed': 'Your role changed: sign in again.',
  'signed-out-everywhere': 'You signed out everywhere: sign in again.',
  'signed-out': 'You signed out.',
  revoked: 'Your session was ended: sign in again.',
  expired: 'Your session expired: sign in again.',
};

export const endedMessage = (reason: Ended) => MESSAGES[reason];
