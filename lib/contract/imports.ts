// Import and the parameters of the CSV import operations (experimental):
// POST/GET /v1/pets/imports, GET/DELETE /v1/pets/imports/{importId}, and its errors CSV.
import { z } from 'zod';
import { BatchId, Cursor, Limit, documentAs, int64Id } from './params';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './limits.mjs';

/** The columns an import reads (the export's), matched by header; any other is ignored and listed in the Import. */
export const IMPORT_COLUMNS = ['id', 'name', 'category', 'categoryId', 'status', 'tags'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The known column a header cell names (trimmed, any case), or undefined: the server's rule, and the dashboard's preview's. */
export function columnNamed(header: string): ImportColumn | undefined {
  const wanted = header.trim().toLowerCase();
  return IMPORT_COLUMNS.find((column) => column.toLowerCase() === wanted);
}

const IMPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

const count = (description: string) => z.int().min(0).meta({ description });

export const Import = z
  .object({
    id: z.int().min(1).meta({ format: 'int64' }),
    state: z.enum(IMPORT_STATES).meta({
      description: '`queued`, then `running` (on whichever instance took its job), then `done`, `failed` (with `reason`) or `cancelled`.',
    }),
    dryRun: z.boolean().meta({ description: 'Every row checked, nothing changed: the counts say what a real run would do.' }),
    rows: count('The rows of the file, besides its header line.'),
    processed: count('The rows committed so far (checked, for a dry run); a resumed import goes on after them.'),
    created: count('Pets added (a row without `id`).'),
    updated: count('Pets changed (a row with `id` that differs from the pet).'),
    unchanged: count('Rows equal to their pet: nothing written.'),
    failed: count('Rows refused: their reasons are in `GET /pets/imports/{importId}/errors`.'),
    ignoredColumns: z.array(z.string()).meta({ description: 'Header cells that name no column an import reads.' }),
    createdBy: z
      .object({
        userId: z.int().min(1).optional().meta({ format: 'int64' }),
        keyId: z.int().min(1).optional().meta({ format: 'int64' }),
        label: z.string().meta({ description: 'The user’s email, else the key’s name.' }),
      })
      .meta({ description: 'Who posted it: every batch acts as them, with their rights at that moment.' }),
    batchId: z.uuid().meta({
      format: 'uuid',
      description:
        'Every activity entry of the import carries it: `GET /activity?batchId=…` lists them, `POST /activity/batches/{batchId}/restore` undoes them.',
    }),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().optional().meta({ description: 'When it ended; absent while queued or running.' }),
    reason: z.string().optional().meta({ description: 'Why it failed, in words (`failed` only).' }),
  })
  .meta({ id: 'Import' });
export type Import = z.infer<typeof Import>;

export const Imports = z.array(Import).meta({ id: 'Imports' });

const flag = (description: string) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description, override: documentAs({ type: 'boolean', default: false }) });

export const NewImportQuery = z.object({
  dryRun: flag('Check every row and change nothing.'),
  createCategories: flag('Add a category named in `category` that does not exist (else that row fails).'),
});

export const ListImportsQuery = z.object({
  limit: Limit,
  cursor: Cursor,
  batchId: BatchId.optional().meta({ description: 'Only the import whose activity entries carry this batch id.' }),
});

export const ImportIdParams = z.object({ importId: int64Id() });

export const IMPORT_FILE_RULES = `A CSV file (\`text/csv\`, UTF-8, a BOM allowed; comma or semicolon, found on the header line), at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MB and ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. Its columns are the export's, matched by header name in any order: \`name\` (required), \`category\` (a name) or \`categoryId\`, \`status\` (empty for none), \`tags\` (separated by \`;\`), and \`id\`: a row with an \`id\` changes that pet, a row without one adds a pet. Other columns are ignored and listed in the Import.`;
