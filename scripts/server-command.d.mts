// Types of scripts/server-command.mjs, for the TypeScript launchers (tests, benchmark).
export const DEFAULT_MAX_HEAP_MB: number;
export function serverArguments(args?: string[]): string[];
