// The front door's logger: the same JSON lines as lib/runtime/log.ts (pino, no base fields).
import pino from 'pino';

// Pino's standard output, written asynchronously: text for a person (printText) goes through
// the same stream, so it comes out after the log lines written before it.
const standardOutput = pino.destination({ dest: 1, sync: false });

export const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined }, standardOutput);

/** @param {string} text  plain text for the person who started the server, in order with the log. */
export const printText = (text) => standardOutput.write(text);
