// A sign-in through single sign-on over HTTP, as a browser makes it: the app's CSRF token,
// the POST that sends the person to the provider, the provider's own login and consent
// forms (the dev provider's: scripts/sso-dev/provider.ts), and the callback back at the
// app. Cookies are kept per host, redirects followed by hand so each hop can be checked.
type Jar = Map<string, Map<string, string>>;

export type SsoSignIn = {
  /** Where the app sent the browser at the end: the page asked for, or /signin?error=… */
  landedAt: URL;
  /** The session's cookie header for the app, when the sign-in made one. */
  sessionCookie?: string;
};

function remember(jar: Jar, url: URL, response: Response): void {
  const cookies = jar.get(url.host) ?? new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at);
    const value = pair!.slice(at + 1);
    if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
  jar.set(url.host, cookies);
}

const cookieHeader = (jar: Jar, url: URL) => [...(jar.get(url.host) ?? new Map()).entries()].map(([name, value]) => `${name}=${value}`).join('; ');

async function send(jar: Jar, url: URL, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookieHeader(jar, url) } });
  remember(jar, url, response);
  return response;
}

/** Follows redirects from `response` while they stay off the app's final pages. */
async function follow(jar: Jar, from: URL, response: Response, stopAt: (url: URL) => boolean): Promise<{ url: URL; response: Response }> {
  let url = from;
  for (let hop = 0; hop < 20 && response.status >= 300 && response.status < 400; hop++) {
    url = new URL(response.headers.get('location')!, url);
    if (stopAt(url)) return { url, response };
    response = await send(jar, url);
  }
  return { url, response };
}

async function submitForm(jar: Jar, page: URL, html: string, fields: Record<string, string>): Promise<{ url: URL; response: Response }> {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`No form on ${page}: ${html.slice(0, 300)}`);
  const hidden = Object.fromEntries([...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
  const target = new URL(form[1]!.replaceAll('&amp;', '&'), page);
  const response = await send(jar, target, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, ...fields }),
  });
  return { url: target, response };
}

/**
 * Signs `login` in through the provider, starting at the app `startUrl` and (for a fleet)
 * finishing the callback at `callbackUrl`'s instance. `returnTo` is the page asked for.
 */
export async function signInWithSso(options: {
  startUrl: string;
  callbackUrl?: string;
  /** The address the instances know themselves by (NEXTAUTH_URL), behind a load balancer. */
  publicUrl?: string;
  login: string;
  returnTo?: string;
  consent?: boolean;
}): Promise<SsoSignIn> {
  const jar: Jar = new Map();
  const app = new URL(options.startUrl);
  const isPublic = (url: URL) => Boolean(options.publicUrl) && url.origin === new URL(options.publicUrl!).origin;
  const csrf = await send(jar, new URL('/api/auth/csrf', app));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const started = await send(jar, new URL('/api/auth/signin/oidc', app), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl: options.returnTo ?? '/pets' }),
  });
  const atApp = (url: URL) =>
    url.pathname.startsWith('/api/auth/callback/') || ((url.host === app.host || isPublic(url)) && !url.pathname.startsWith('/api/auth/'));
  let step = await follow(jar, app, started, atApp);
  // The provider's login form, then its consent form, then back to the app.
  for (let page = 0; page < 3 && !atApp(step.url); page++) {
    const html = await step.response.text();
    const isLogin = html.includes('name="login"');
    const fields: Record<string, string> = isLogin ? { login: options.login, password: 'any password' } : {};
    if (!isLogin && options.consent === false) {
      const abort = /href="([^"]*\/abort)"/.exec(html);
      step = await follow(jar, step.url, await send(jar, new URL(abort![1]!, step.url)), atApp);
      continue;
    }
    const submitted = await submitForm(jar, step.url, html, fields);
    step = await follow(jar, submitted.url, submitted.response, atApp);
  }
  if (!step.url.pathname.startsWith('/api/auth/callback/')) return { landedAt: step.url };
  // The callback, at the instance the load balancer picked.
  const callback = options.callbackUrl ? new URL(step.url.pathname + step.url.search, options.callbackUrl) : step.url;
  if (options.callbackUrl) jar.set(callback.host, jar.get(app.host) ?? new Map());
  const landed = await follow(jar, callback, await send(jar, callback), (url) => !url.pathname.startsWith('/api/auth/'));
  const session = [...(jar.get(callback.host) ?? new Map()).entries()].find(([name]) => name.endsWith('next-auth.session-token'));
  return { landedAt: landed.url, sessionCookie: session && `${session[0]}=${session[1]}` };
}
