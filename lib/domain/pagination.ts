// Keyset pages: a list query fetches one row more than asked to learn whether a next page exists.
export type Page<T> = { items: T[]; nextAfterId: number | null };

export function toPage<T extends { id: number }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextAfterId: rows.length > limit ? items[items.length - 1]!.id : null };
}
