// Searching names with ILIKE (a trigram index answers it: drizzle/0005).

/** The text as an ILIKE pattern matching it anywhere, its wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
