// Reads a record id from a path segment: a positive safe integer, or undefined.
export function parseRecordId(segment: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(segment)) return undefined;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : undefined;
}
