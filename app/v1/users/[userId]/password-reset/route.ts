// POST /v1/users/{userId}/password-reset (resetUserPassword, admin, experimental):
// a temporary password, in this answer only, that the user must replace at their
// next sign-in; their sessions end, their failed sign-ins are forgotten.
import { UserIdParams } from '@/lib/contract/users';
import { now } from '@/lib/runtime/clock';
import { valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { forgetSignInFailures } from '@/lib/domain/sign-in-throttle';
import { findUser, resetPassword } from '@/lib/domain/users';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ operation: 'resetUserPassword' }, async ({ params, caller, database }) => {
  const { userId } = parseParams(params, UserIdParams);
  const { temporaryPassword } = valueOf(await resetPassword(database, Number(userId), caller.userId ?? undefined, now()));
  const user = await findUser(database, Number(userId));
  if (user) await forgetSignInFailures(database, user.email);
  return json({ temporaryPassword });
});

const others = otherMethods(['POST']);
export const { PUT, PATCH, DELETE, OPTIONS } = others;
export const GET = others.PUT;
