// A real OpenID Connect provider on loopback (panva's oidc-provider) with demo people, for
// trying single sign-on (`npm run sso:dev`) and for the tests. Its own login and consent
// pages (oidc-provider's dev interactions) take a person's id as the login, any password.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type DemoPerson = { id: string; email: string; emailVerified: boolean; name: string; groups: string[] };

/** One person per role, and one in no group the app maps. */
export const DEMO_PEOPLE: DemoPerson[] = [
  { id: 'ada', email: 'ada@acme.test', emailVerified: true, name: 'Ada Admin', groups: ['petstore-admins', 'staff'] },
  { id: 'eve', email: 'eve@acme.test', emailVerified: true, name: 'Eve Editor', groups: ['petstore-editors', 'staff'] },
  { id: 'vic', email: 'vic@acme.test', emailVerified: true, name: 'Vic Viewer', groups: ['staff'] },
  { id: 'nat', email: 'nat@acme.test', emailVerified: true, name: 'Nat Nogroup', groups: ['contractors'] },
];

/** The OIDC_ROLE_MAP that goes with DEMO_PEOPLE. */
export const DEMO_ROLE_MAP = 'petstore-admins=admin,petstore-editors=editor,staff=viewer';

export type DevProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people it knows, by id: change one's groups and their next sign-in carries them. */
  people: Map<string, DemoPerson>;
  /** Accepts one more callback URL (an app whose address is known only once it runs). */
  registerCallback: (url: string) => void;
  stop: () => Promise<void>;
};

/**
 * Starts the provider on `port` (0: a free one) for one client whose callback is
 * `${appUrl}/api/auth/callback/oidc` (each of `appUrls`: a fleet's instances).
 */
export async function startDevProvider(options: { appUrls: string[]; port?: number; people?: DemoPerson[]; clientSecret?: string }): Promise<DevProvider> {
  const people = new Map((options.people ?? DEMO_PEOPLE).map((person) => [person.id, { ...person, groups: [...person.groups] }]));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'petstore';
  const clientSecret = options.clientSecret ?? 'petstore-dev-secret-0123456789';
  const redirectUris = options.appUrls.map((url) => `${url.replace(/\/+$/, '')}/api/auth/callback/oidc`);
  const configure = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      async findAccount(_context, id) {
        const person = people.get(id);
        if (!person) return undefined;
        return {
          accountId: id,
          claims: async () => ({ sub: id, email: person.email, email_verified: person.emailVerified, name: person.name, groups: person.groups }),
        };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
      // The claims of the scopes asked for go into the ID token itself, as most providers do.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['petstore-dev-provider-cookie-key'] },
    });
  let provider = configure();
  server.on('request', (request, response) => provider.callback()(request, response));
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    registerCallback: (url) => {
      redirectUris.push(url);
      provider = configure();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
