// Starts the production server once for the browser suite, with a known admin
// and the sample catalogue, adds pets through the API, and signs the admin in
// once (the saved cookies are reused by the tests that do not test signing in).
import { request } from '@playwright/test';
import { PetstoreClient } from '../../lib/client/api-client';
import { startServer } from '../../tests/support/server';
import { ADMIN, E2E_PETS, SERVERS, STORAGE_STATE } from './fixtures';

export default async function globalSetup() {
  const server = await startServer({
    database: 'postgres',
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PETSTORE_SEED: 'always',
      PETSTORE_STAGING_URL: SERVERS.staging,
    },
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_API_KEY = server.apiKey;

  const client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  for (const pet of E2E_PETS) await client.createPet(pet);

  await signIn(server.baseUrl);
  return async () => {
    await server.stop();
  };
}

async function signIn(baseURL: string): Promise<void> {
  const context = await request.newContext({ baseURL });
  const { csrfToken } = (await (await context.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await context.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: ADMIN.email, password: ADMIN.password, json: 'true' },
  });
  if (!response.ok()) throw new Error(`signing in for the suite failed: ${response.status()}`);
  await context.storageState({ path: STORAGE_STATE });
  await context.dispose();
}
