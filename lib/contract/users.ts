// User, NewUser and PasswordChange: dashboard users through /v1/users (admin)
// and /v1/me/password (the signed-in user's own); experimental, not in the spec.
import { z } from 'zod';

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
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const Users = z.array(User).meta({ id: 'Users' });

export const NewUser = z
  .strictObject(
    {
      email: z
        .string({ error: 'must be a string' })
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: 'must be an email address' }).max(254, { error: 'must be at most 254 characters' })),
      password: Password.meta({ description: 'The first password; the user can change it from the dashboard.' }),
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
