// A dashboard sign-in as the sign-in form makes it (next-auth's CSRF token, then
// the credentials callback), and the session it gives: its cookie and the API
// key the browser would send to /v1.

export type DashboardSession = { cookie: string; apiKey: string; role: string; mustChangePassword: boolean };

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');

/** The session, or undefined when the sign-in is refused. */
export async function signInToDashboard(baseUrl: string, email: string, password: string): Promise<DashboardSession | undefined> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(csrf) },
    body: new URLSearchParams({ email, password, csrfToken, json: 'true' }),
    redirect: 'manual',
  });
  const { url } = (await response.json()) as { url: string };
  if (new URL(url).searchParams.get('error')) return undefined;
  const cookie = [cookiesOf(csrf), cookiesOf(response)].filter(Boolean).join('; ');
  const session = (await (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie } })).json()) as Omit<DashboardSession, 'cookie'>;
  return { cookie, apiKey: session.apiKey, role: session.role, mustChangePassword: session.mustChangePassword };
}

/** Where the dashboard sends this session when it opens `path`: its status and Location, and the page's text. */
export async function openPage(baseUrl: string, path: string, cookie: string): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** Signs the session out as the dashboard's Sign out button does (next-auth's sign-out, with its CSRF token). */
export async function signOutOfDashboard(baseUrl: string, session: DashboardSession): Promise<void> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: session.cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/signout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
    body: new URLSearchParams({ csrfToken, json: 'true' }),
    redirect: 'manual',
  });
  if (response.status >= 400) throw new Error(`sign-out answered ${response.status}`);
}
