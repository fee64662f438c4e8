// Why a sign-in failed, in a sentence for the sign-in page. next-auth reports a failed
// sign-in through the provider as one of three codes (OAuthSignin, OAuthCallback, Callback)
// and gives the cause only to its logger; the route keeps that cause for the request
// (withSignInFailures) and names it in the redirect to the sign-in page instead.
import { AsyncLocalStorage } from 'node:async_hooks';
import { log } from '../runtime/log';
import { PASSWORD_SIGN_IN_OFF } from './sign-in-refusals';

type ProviderFailure = 'SsoProviderDown' | 'SsoClientRejected' | 'SsoCheckFailed' | 'SsoTokenRejected' | 'SsoDenied';

const failures = new AsyncLocalStorage<{ cause?: ProviderFailure }>();

/** What the provider's failure was, from the error next-auth logs (openid-client's RPError and OPError). */
function classify(metadata: unknown): ProviderFailure {
  const error = (metadata && typeof metadata === 'object' && 'error' in metadata ? (metadata as { error: unknown }).error : metadata) as
    { message?: string; error?: string; code?: string; name?: string } | undefined;
  const text = `${error?.name ?? ''} ${error?.code ?? ''} ${error?.error ?? ''} ${error?.message ?? ''}`;
  if (/access_denied|consent_required|login_required/.test(text)) return 'SsoDenied';
  if (/invalid_client|unauthorized_client|client authentication/i.test(text)) return 'SsoClientRejected';
  if (/state|nonce|code_verifier|pkce|cookie was missing/i.test(text)) return 'SsoCheckFailed';
  if (/\biss\b|\baud\b|expired|signature|id_token|jwt|azp|iat/i.test(text)) return 'SsoTokenRejected';
  return 'SsoProviderDown';
}

/** next-auth's logger.error: keeps the cause of a failed sign-in for this request, and logs it discreetly. */
export function noteSignInFailure(code: string, metadata: unknown): void {
  const store = failures.getStore();
  if (/OAUTH|SIGNIN/.test(code) && store) store.cause ??= classify(metadata);
  const message = metadata instanceof Error ? metadata.message : ((metadata as { error?: Error } | undefined)?.error?.message ?? '');
  log.warn({ code, cause: store?.cause, message: message.slice(0, 200) }, 'sign-in failed');
}

const GENERIC_CODES = /([?&]error=)(OAuthSignin|OAuthCallback|Callback)(&|$)/;

/** Runs next-auth's handler; a redirect that says only "OAuthCallback" comes out naming the cause. */
export async function withSignInFailures(handle: () => Promise<Response>): Promise<Response> {
  const store: { cause?: ProviderFailure } = {};
  const response = await failures.run(store, handle);
  const location = response.headers.get('location');
  if (!store.cause || !location || !GENERIC_CODES.test(location)) return response;
  const headers = new Headers(response.headers);
  headers.set('location', location.replace(GENERIC_CODES, `$1${store.cause}$3`));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The sign-in page's sentence for an `error` it was sent with, or undefined for none it knows. */
export function signInErrorSentence(code: string | undefined, providerName: string): string | undefined {
  const sentences: Record<string, string> = {
    SsoEmailNotVerified: `${providerName} has not verified your email address, so it cannot say who you are here. Verify it there, then sign in again.`,
    SsoNoRole: `You are not in any group that gives access to this dashboard. Ask your administrator to add you to one.`,
    SsoDisabled: 'Your account here is disabled. Ask an admin of this dashboard to enable it.',
    SsoRemoved: 'Your account was removed from this dashboard. Ask an admin to add you again.',
    SsoProviderDown: `${providerName} did not answer in time. Try again in a moment; if it persists, tell your administrator.`,
    SsoClientRejected: `${providerName} refused this dashboard's credentials (its client id or secret). Tell your administrator.`,
    SsoCheckFailed: 'The sign-in could not be checked (it was started in another tab, or took too long). Start again.',
    SsoTokenRejected: `${providerName} answered with a sign-in this dashboard cannot trust (its issuer, audience or expiry). Tell your administrator.`,
    SsoDenied: `The sign-in was cancelled at ${providerName}. Sign in again and allow access to continue.`,
    [PASSWORD_SIGN_IN_OFF]: `Passwords are turned off here: sign in with ${providerName}.`,
    AccessDenied: 'You may not sign in to this dashboard.',
  };
  if (!code) return undefined;
  return sentences[code] ?? 'Signing in failed; try again.';
}
