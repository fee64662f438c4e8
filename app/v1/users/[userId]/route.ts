// PATCH /v1/users/{userId} (updateUser: role, disabled) and DELETE (deleteUser),
// admin, experimental. Each ends the person's sessions and stops the keys it must
// at once (lib/domain/users.ts); the last admin stays one (409), and nobody acts on
// themselves this way (409).
import { UserIdParams, UserUpdate } from '@/lib/contract/users';
import { now } from '@/lib/runtime/clock';
import { readJsonBody } from '@/lib/http/body';
import { valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody, parseParams } from '@/lib/http/query';
import { json, noContent } from '@/lib/http/respond';
import { toUserBody } from '@/lib/http/user-body';
import { deleteUser, updateUser } from '@/lib/domain/users';

export const dynamic = 'force-dynamic';

export const PATCH = apiRoute({ operation: 'updateUser' }, async ({ request, params, caller, database }) => {
  const { userId } = parseParams(params, UserIdParams);
  const change = parseBody(await readJsonBody(request), UserUpdate);
  const { user, stoppedKeyIds } = valueOf(await updateUser(database, Number(userId), { ...change, by: caller.userId ?? undefined, at: now() }));
  return json({ ...toUserBody(user), stoppedKeyIds });
});

export const DELETE = apiRoute({ operation: 'deleteUser' }, async ({ params, caller, database }) => {
  const { userId } = parseParams(params, UserIdParams);
  valueOf(await deleteUser(database, Number(userId), caller.userId ?? undefined, now()));
  return noContent();
});

const others = otherMethods(['PATCH', 'DELETE']);
export const { POST, PUT, OPTIONS } = others;
export const GET = others.POST;
