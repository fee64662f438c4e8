// The change feed's event (GET /v1/changes, experimental): which record changed
// and how, never its content, so the feed can carry nothing secret.
import { z } from 'zod';

const CHANGE_RESOURCES = ['pet', 'order', 'category', 'photo'] as const;
const CHANGE_KINDS = ['created', 'updated', 'deleted'] as const;

export const Change = z
  .object({
    resource: z.enum(CHANGE_RESOURCES),
    kind: z.enum(CHANGE_KINDS),
    id: z
      .int()
      .min(1)
      .optional()
      .meta({ format: 'int64', description: 'The record’s id; absent when one statement changed many records (refetch every list of that resource).' }),
    petId: z.int().min(1).optional().meta({ format: 'int64', description: 'For a photo: the animal it belongs to (its photos and cover changed).' }),
  })
  .meta({ id: 'Change', description: 'One change, the `data` of an SSE event named `change`.' });
export type Change = z.infer<typeof Change>;
