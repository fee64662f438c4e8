// The front door's logger: the same JSON lines as lib/runtime/log.ts (pino, no base fields).
import pino from 'pino';

export const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined });
