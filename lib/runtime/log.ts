// Structured JSON logs (pino). Secrets are redacted by path as a second line of
// defence; the code never logs keys or passwords in the first place. One logger
// per process (one stream to stdout), whichever bundle logs.
import pino from 'pino';
import { config } from './config';
import { processState } from '../process-state';

export const log = processState('log', () =>
  pino({
    level: config().LOG_LEVEL,
    base: undefined,
    redact: ['authorization', 'headers.authorization', 'password', 'key'],
  }),
);
