// The counts behind a list's status tabs (pets, orders): how many rows match the
// filters, in all and for each status, from rows of (status, count) grouped by status.

/** `keys` are the statuses counted; a row's status outside them is left out of the total too. */
export function countsByStatus<Key extends string>(keys: readonly Key[], rows: { status: string; count: number }[]): Record<Key | 'total', number> {
  const counts = Object.fromEntries([...keys, 'total'].map((key) => [key, 0])) as Record<Key | 'total', number>;
  for (const row of rows) {
    if (!keys.includes(row.status as Key)) continue;
    counts[row.status as Key] += Number(row.count);
    counts.total += Number(row.count);
  }
  return counts;
}
