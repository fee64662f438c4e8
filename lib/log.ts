// Structured JSON logs (pino). Secrets are redacted by path as a second line of
// defence; the code never logs keys or passwords in the first place.
import pino from 'pino';
import { config } from './config';

export const log = pino({
  level: config().LOG_LEVEL,
  base: undefined,
  redact: ['authorization', 'headers.authorization', 'password', 'key'],
});
