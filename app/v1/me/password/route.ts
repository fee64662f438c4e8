// PUT /v1/me/password (changeOwnPassword): the dashboard user behind this
// session's API key changes their password, giving the current one; their
// other sessions end.
import { PasswordChange } from '@/lib/contract/users';
import { now } from '@/lib/runtime/clock';
import { readJsonBody } from '@/lib/http/body';
import { ApiError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody } from '@/lib/http/query';
import { sessionUser } from '@/lib/http/key-holder';
import { changePassword } from '@/lib/domain/users';
import { noContent } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute({ operation: 'changeOwnPassword' }, async ({ request, caller, database }) => {
  // Keys made by hand (CLI, API, bootstrap) are no user's session: there is no "me".
  const user = await sessionUser(database, caller, 'change its password');
  const change = parseBody(await readJsonBody(request), PasswordChange);
  if (!(await changePassword(database, { user, keyId: caller.keyId, ...change, at: now() }))) {
    throw new ApiError('invalid_request', 'Invalid request body: currentPassword is not correct.', {
      details: [{ path: 'currentPassword', message: 'is not correct' }],
    });
  }
  return noContent();
});

const others = otherMethods(['PUT']);
export const { POST, PATCH, DELETE, OPTIONS } = others;
// Nothing to read here: GET is refused like any other method.
export const GET = others.POST;
