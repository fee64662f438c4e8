// GET /v1/users (listUsers) and POST /v1/users (createUser): dashboard users,
// for keys with the admin scope (dashboard sessions), as `npm run user -- create` does.
import { NewUser } from '@/lib/contract/users';
import { readJsonBody } from '@/lib/http/body';
import { ApiError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { toUserBody } from '@/lib/http/user-body';
import { createUser, listUsers } from '@/lib/domain/users';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listUsers' }, async ({ database }) => json((await listUsers(database)).map(toUserBody)));

export const POST = apiRoute({ operation: 'createUser' }, async ({ request, database }) => {
  const newUser = parseBody(await readJsonBody(request), NewUser);
  // A password chosen by an admin is replaced at the first sign-in, as a reset's is.
  const created = await createUser(database, { ...newUser, role: newUser.role ?? 'viewer', mustChangePassword: true });
  if (!created) throw new ApiError('conflict', `A user with email ${newUser.email} exists already.`);
  return json(toUserBody(created), { status: 201, headers: { location: `/v1/users/${created.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
