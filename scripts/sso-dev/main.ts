// `npm run sso:dev`: a local OpenID Connect provider with demo people (provider.ts), and the
// variables that start the app signed in through it.
import { DEMO_PEOPLE, DEMO_ROLE_MAP, startDevProvider } from './provider';

const appUrl = process.env.APP_URL ?? 'http://localhost:3000';
const provider = await startDevProvider({ appUrls: [appUrl], port: Number(process.env.SSO_DEV_PORT ?? 4400) });
console.log(`A local OpenID Connect provider is at ${provider.issuer}. Start the app with:

  OIDC_ISSUER=${provider.issuer} OIDC_CLIENT_ID=${provider.clientId} OIDC_CLIENT_SECRET=${provider.clientSecret} \\
  OIDC_NAME="Acme (dev)" OIDC_ROLE_MAP=${DEMO_ROLE_MAP} npm start

Then "Sign in with Acme (dev)" on ${appUrl}/signin, and at the provider's page log in as one of
(any password):
${DEMO_PEOPLE.map((person) => `  ${person.id.padEnd(4)} ${person.email.padEnd(14)} groups: ${person.groups.join(', ')}`).join('\n')}
Ctrl-C stops it.`);
