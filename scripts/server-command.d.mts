// Types of scripts/server-command.mjs, for the TypeScript launchers (tests, benchmark).
export function serverArguments(args?: string[]): string[];
