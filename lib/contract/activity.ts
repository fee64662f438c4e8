// ActivityEntry and the activity log's query: GET /v1/activity (admin,
// experimental), newest first, keyset-paged.
import { z } from 'zod';
import { BatchId, Cursor, Limit, queryCategoryId } from './params';

export const ACTIVITY_RESOURCES = ['pet', 'category', 'order', 'user', 'api_key', 'session'] as const;

export const ActivityEntry = z
  .object({
    id: z.int().min(1).meta({ format: 'int64' }),
    at: z.iso.datetime(),
    actor: z
      .object({
        userId: z.int().min(1).optional().meta({ format: 'int64' }),
        keyId: z.int().min(1).optional().meta({ format: 'int64' }),
        label: z.string().optional().meta({ description: 'The user’s email, else the key’s name (for a failed sign-in, the email typed).' }),
      })
      .optional()
      .meta({ description: 'Who made the change; absent for the system (start-up, direct changes from the CLI).' }),
    resource: z.enum(ACTIVITY_RESOURCES),
    resourceId: z.string().optional(),
    action: z.string().meta({
      description:
        '`create`, `update`, `delete`; for a user also `password-change` (a new password of their own, or one set by the CLI) and `password-reset` (a temporary one to replace at the next sign-in); for sessions `sign-in`, `sign-in-failed`, `sign-in-throttled` (refused unchecked after too many failures), `sign-out` and `sign-out-everywhere`; for a pet’s photos `photo-add`, `photo-move` (`photo_order`: the photo ids in order, the cover first) and `photo-remove`.',
    }),
    before: z.record(z.string(), z.unknown()).optional().meta({ description: 'The changed fields as they were.' }),
    after: z.record(z.string(), z.unknown()).optional().meta({ description: 'The changed fields as they became.' }),
    requestId: z.string().optional().meta({ description: 'The X-Request-Id of the request that made the change.' }),
    batchId: z.uuid().optional().meta({
      format: 'uuid',
      description: 'The batch the change belongs to: a bulk change, a bulk delete, an import or an undo of a batch (each one batch to undo).',
    }),
    restoredFrom: z.int().min(1).optional().meta({ format: 'int64', description: 'For a restore: the entry whose state the pet was set back to.' }),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityEntries = z.array(ActivityEntry).meta({ id: 'ActivityEntries' });

const instant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
  .transform((value) => new Date(value))
  .optional();

export const ListActivityQuery = z
  .object({
    limit: Limit,
    cursor: Cursor,
    resource: z.enum(ACTIVITY_RESOURCES, { error: `must be one of ${ACTIVITY_RESOURCES.join(', ')}` }).optional(),
    resourceId: z
      .string()
      .regex(/^[0-9]{1,19}$/, { error: 'must be an id' })
      .optional(),
    actorUserId: queryCategoryId.optional().meta({ description: 'Only changes made by this user (through any of their keys).' }),
    actorKeyId: queryCategoryId.optional().meta({ description: 'Only changes made with this key.' }),
    person: z.string().trim().min(1, { error: 'must not be empty' }).max(254, { error: 'must be at most 254 characters' }).optional().meta({
      description:
        'Only entries of the people whose email contains this text (any case): the changes they made, and those made to their account and its sessions (sign-ins, a reset, a role change; their creation and deletion included).',
    }),
    since: instant.meta({ description: 'Only changes at or after this instant.' }),
    until: instant.meta({ description: 'Only changes at or before this instant.' }),
    batchId: BatchId.optional().meta({ description: 'Only the changes of this batch.' }),
  })
  .refine((query) => !query.since || !query.until || query.since <= query.until, {
    path: ['until'],
    error: 'must not be before since',
  });

export const PetHistoryQuery = z.object({ limit: Limit, cursor: Cursor });
