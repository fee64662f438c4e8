// The User of /v1/users as JSON (no hash, dates as ISO 8601).
import type { User } from '../domain/users';

export const toUserBody = (user: User) => ({
  id: user.id,
  email: user.email,
  role: user.role,
  disabled: user.disabled,
  mustChangePassword: user.mustChangePassword,
  lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});
