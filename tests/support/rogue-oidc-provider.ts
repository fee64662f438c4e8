// An OpenID provider that answers what a test tells it to: an ID token for another audience,
// from another issuer, with a stale nonce, expired, or with an unverified email; a refused
// client secret; a token endpoint that does not answer. The app must refuse each. Tokens
// are signed for real (RS256, its key in its JWKS), so only the claim under test is wrong.
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Tamper = 'none' | 'audience' | 'issuer' | 'nonce' | 'expired' | 'unverified-email' | 'client-secret' | 'no-answer';

export type RogueProvider = { issuer: string; clientId: string; clientSecret: string; tamper: (how: Tamper) => void; stop: () => Promise<void> };

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export async function startRogueProvider(): Promise<RogueProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'rogue', alg: 'RS256', use: 'sig' };
  const clientId = 'petstore';
  const clientSecret = 'rogue-secret-0123456789';
  let how: Tamper = 'none';
  const nonces = new Map<string, string>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = randomUUID();
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (url.pathname === '/token') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (how === 'no-answer') return void hanging.add(response);
        if (how === 'client-secret') return json(401, { error: 'invalid_client', error_description: 'client authentication failed' });
        const code = new URLSearchParams(body).get('code') ?? '';
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          iss: how === 'issuer' ? 'https://another-issuer.test' : issuer,
          aud: how === 'audience' ? 'another-client' : clientId,
          sub: 'rogue-1',
          email: 'rogue@acme.test',
          email_verified: how !== 'unverified-email',
          groups: ['petstore-admins'],
          nonce: how === 'nonce' ? 'a-nonce-of-another-sign-in' : nonces.get(code),
          iat: how === 'expired' ? now - 7_200 : now,
          exp: how === 'expired' ? now - 3_600 : now + 300,
        };
        const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'rogue' }));
        const payload = base64url(JSON.stringify(claims));
        const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url');
        json(200, { access_token: randomUUID(), token_type: 'Bearer', expires_in: 300, id_token: `${header}.${payload}.${signature}` });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    tamper: (next) => (how = next),
    stop: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
