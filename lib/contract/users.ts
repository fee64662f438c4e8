// User, NewUser and PasswordChange: dashboard users through /v1/users (admin)
// and /v1/me/password (the signed-in user's own); experimental, not in the spec.
import { z } from 'zod';
import { int64Id } from './params';
import { ROLES } from './roles';

const Role = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).meta({ id: 'Role' });

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 200;

const closed = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') };

const Password = z
  .string({ error: 'must be a string' })
  .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` })
  .meta({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });

export const User = z
  .object({
    id: z.int().min(1).meta({ format: 'int64' }),
    email: z.string(),
    role: Role,
    disabled: z.boolean().meta({ description: 'A disabled user cannot sign in; their keys were revoked.' }),
    mustChangePassword: z
      .boolean()
      .meta({ description: 'True after a password reset, or for a user an admin created with a password, until the user sets one of their own.' }),
    lastSignInAt: z.iso.datetime().nullable().meta({ description: 'The last successful sign-in (password or single sign-on); null before the first.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const Users = z.array(User).meta({ id: 'Users' });

// An address as OpenAPI's `format: email` takes it (ajv-formats' "full" email, which
// Schemathesis's checks agree with), within RFC 5321's bounds: a local part of at most
// 64 characters, domain labels of at most 63 that neither begin nor end with `-`. The
// document carries it as the field's pattern, so the two cannot disagree.
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const NewUser = z
  .strictObject(
    {
      email: z
        .string({ error: 'must be a string' })
        .trim()
        .toLowerCase()
        .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'must be an email address' }).max(254, { error: 'must be at most 254 characters' }))
        // The document shows what the address must be (the pipe's input side alone would say "a string").
        .meta({ format: 'email', maxLength: 254, pattern: EMAIL_PATTERN.source, description: 'Trimmed and lower-cased.' }),
      password: Password.meta({ description: 'The first password, chosen by the admin: the user must replace it at their first sign-in.' }),
      role: Role.optional().meta({ description: 'Absent: viewer.' }),
    },
    closed,
  )
  .meta({ id: 'NewUser' });
export type NewUser = z.infer<typeof NewUser>;

export const PasswordChange = z
  .strictObject(
    {
      currentPassword: z.string({ error: 'must be a string' }).min(1, { error: 'is required' }),
      newPassword: Password,
    },
    closed,
  )
  .refine((change) => change.newPassword !== change.currentPassword, {
    path: ['newPassword'],
    error: 'must differ from the current password',
  })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof PasswordChange>;

/** PATCH /v1/users/{userId}: a new role, or disabled/enabled; at least one. */
export const UserUpdate = z
  .strictObject(
    {
      role: Role.optional(),
      disabled: z.boolean({ error: 'must be true or false' }).optional(),
    },
    closed,
  )
  .refine((update) => update.role !== undefined || update.disabled !== undefined, { error: 'must name role or disabled' })
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PasswordReset = z
  .object({
    temporaryPassword: z.string().meta({ description: 'Shown only in this response; the user must replace it at their next sign-in.' }),
  })
  .meta({ id: 'PasswordReset' });
export type PasswordReset = z.infer<typeof PasswordReset>;

export const ChangedUser = User.extend({
  stoppedKeyIds: z
    .array(z.int().min(1).meta({ format: 'int64' }))
    .meta({ description: 'The keys this change revoked: the user’s sessions, and the keys they made that the change stops.' }),
}).meta({ id: 'ChangedUser' });
export type ChangedUser = z.infer<typeof ChangedUser>;

export const UserIdParams = z.object({ userId: int64Id() });
