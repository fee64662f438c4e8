// Restore from history (experimental): POST /v1/activity/{entryId}/restore and the undo of a
// batch, POST /v1/activity/batches/{batchId}/restore (with `dryRun`, what it would do).
import { z } from 'zod';
import { BatchId, int64Id } from './params';
import { Pet } from './pets';

export const ActivityEntryIdParams = z.object({ entryId: int64Id().meta({ description: 'The activity entry to restore.' }) });

export const BatchIdParams = z.object({ batchId: BatchId.meta({ description: 'The batch to undo (`batchId` of its answers and entries).' }) });

export const UndoBatchQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'With `true`, changes nothing: the answer lists the pets the undo would restore and those it would leave alone (changed since).' }),
});

const PetId = z.int().min(1).meta({ format: 'int64' });

export const UndoneBatch = z
  .object({
    undone: BatchId.meta({ description: 'The batch undone.' }),
    batchId: BatchId.optional().meta({
      description: 'The undo’s own batch (absent for a dry run): it can be undone in turn.',
    }),
    dryRun: z.boolean(),
    restored: z
      .array(
        z.object({
          id: PetId,
          pet: Pet.optional().meta({ description: 'The pet as it now is; absent when the batch had added it (the undo deleted it) and in a dry run.' }),
        }),
      )
      .meta({ description: 'The pets set back to their state before the batch (in a dry run: those that would be).' }),
    leftAlone: z
      .array(z.object({ id: PetId, reason: z.string().meta({ description: 'Why: changed since the batch, or the rule that refused the change.' }) }))
      .meta({
        description:
          'The pets left as they are: changed since the batch, or refused by a rule (a dry run lists only those changed since; the rules are checked when the undo acts).',
      }),
  })
  .meta({ id: 'UndoneBatch' });
export type UndoneBatch = z.infer<typeof UndoneBatch>;
