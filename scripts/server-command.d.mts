// Types of scripts/server-command.mjs, for the TypeScript launchers (tests, benchmark).
export function nodeOptions(): string[];
export function serverArguments(args?: string[]): string[];
