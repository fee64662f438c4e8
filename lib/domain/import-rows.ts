// One row of an import file read into what it asks for, by the rules of a single create
// or PATCH (a pet's name, status and tags: lib/contract), or the reason it cannot be, in
// words. What needs the database (the pet of an id, a category by name, open orders) is
// decided per batch (import-batch.ts).
import { nameProblem } from '../contract/names';
import { PET_STATUSES, isPetStatus, type PetStatusValue as PetStatus } from '../contract/pet-values';
import { TagName } from '../contract/tags';
import { MAX_TAGS_PER_PET, tagKey } from '../contract/tag-values';
import { MAX_JSON_INTEGER } from '../contract/params';
import type { ImportColumn } from './import-file';

/** A pet's tags in one cell, as the export writes them ("a; b"). */
const TAG_SEPARATOR = ';';

/**
 * A good row: the pet it changes (`id`) or none (a new pet), and the values it gives.
 * `undefined` is a column the file does not have (a change keeps that field); a status of
 * null is an empty cell (no status), as the export writes it.
 */
export type ImportRow = {
  row: number;
  id?: number;
  name: string;
  categoryId?: number;
  categoryName?: string;
  status?: PetStatus | null;
  tags?: string[];
};

export type RowReading = { ok: true; value: ImportRow } | { ok: false; reason: string };

const failed = (reason: string): RowReading => ({ ok: false, reason });

const POSITIVE_INTEGER = /^[0-9]{1,16}$/;

// The export writes a cell that a spreadsheet would read as a formula with a `'` before it
// (csv-stringify's escape_formulas); read back, the `'` goes, so an export imports unchanged.
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

function positiveInteger(text: string): number | undefined {
  if (!POSITIVE_INTEGER.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= MAX_JSON_INTEGER ? value : undefined;
}

/** The tags of a cell ("a; b"), trimmed, each a good tag, at most 20 by key; or why not. */
function tagsOf(cell: string): { tags: string[] } | { reason: string } {
  const pieces = cell
    .split(TAG_SEPARATOR)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const tags: string[] = [];
  for (const piece of pieces) {
    const parsed = TagName.safeParse(piece);
    if (!parsed.success) return { reason: `tag ${parsed.error.issues[0]!.message}` };
    tags.push(parsed.data);
  }
  const keys = new Set(tags.map(tagKey));
  if (keys.size > MAX_TAGS_PER_PET) return { reason: `tags: a pet has at most ${MAX_TAGS_PER_PET} tags, this row gives ${keys.size}` };
  return { tags: tags.filter((tag, index) => tags.findIndex((other) => tagKey(other) === tagKey(tag)) === index) };
}

/** Reads one record (`row`: its number in the file, the header being row 1). */
export function readRow(record: string[], row: number, at: Partial<Record<ImportColumn, number>>, width: number): RowReading {
  if (record.length > width) return failed(`the row has ${record.length} cells; the header line has ${width}`);
  const cell = (column: ImportColumn) => {
    const index = at[column];
    return index === undefined ? undefined : (record[index] ?? '').replace(ESCAPED_FORMULA, '');
  };
  const result: ImportRow = { row, name: '' };

  const id = cell('id')?.trim();
  if (id) {
    const value = positiveInteger(id);
    if (value === undefined) return failed(`id must be a pet's id (a positive integer), not ${JSON.stringify(id)}`);
    result.id = value;
  }

  const name = cell('name') ?? '';
  const problem = nameProblem(name);
  if (problem) return failed(`name ${problem}`);
  result.name = name.trim();

  const categoryId = cell('categoryId')?.trim();
  if (categoryId) {
    const value = positiveInteger(categoryId);
    if (value === undefined) return failed(`categoryId must be a category's id (a positive integer), not ${JSON.stringify(categoryId)}`);
    result.categoryId = value;
  }
  const categoryName = cell('category')?.trim();
  if (categoryName) result.categoryName = categoryName;
  if (result.id === undefined && result.categoryId === undefined && result.categoryName === undefined) {
    return failed('a new pet needs a category: give `category` (its name) or `categoryId`');
  }

  const status = cell('status');
  if (status !== undefined) {
    const trimmed = status.trim();
    if (trimmed === '') result.status = null;
    else if (isPetStatus(trimmed)) result.status = trimmed;
    else return failed(`status must be one of ${PET_STATUSES.join(', ')}, or empty for none; not ${JSON.stringify(trimmed)}`);
  }

  const tags = cell('tags');
  if (tags !== undefined) {
    const read = tagsOf(tags);
    if ('reason' in read) return failed(read.reason);
    result.tags = read.tags;
  }
  return { ok: true, value: result };
}
