// SignInHint: where the first dashboard account comes from, told as this
// server is configured (lib/startup.ts makes it), so the page never points to a
// password that was not printed.
import { config } from '@/lib/runtime/config';

const code = 'font-mono';

export function SignInHint() {
  const settings = config();
  if (settings.OIDC_ISSUER) return <>New here? Sign in with {settings.OIDC_NAME}: your account is made at your first sign-in when your groups give access.</>;
  if (settings.ADMIN_EMAIL) {
    return (
      <>
        Sign in with the admin account named by <span className={code}>ADMIN_EMAIL</span>, or one made with <span className={code}>npm run user -- create</span>
        .
      </>
    );
  }
  if (!settings.DATABASE_URL) {
    return (
      <>
        First start on the embedded database? The server&apos;s output, after &quot;listening&quot;, shows the password generated for{' '}
        <span className={code}>admin@localhost</span>.
      </>
    );
  }
  return (
    <>
      No account yet? Make one on the server with <span className={code}>npm run user -- create --email …</span>.
    </>
  );
}
