// /v1/api-keys (the dashboard's key management), through the typed client.
import { describe, expect, inject, it } from 'vitest';
import { ApiClientError, PetstoreClient } from '@/lib/client/api-client';
import { uniqueCategoryId } from '../support/api';

const client = (apiKey = inject('apiKey')) => new PetstoreClient({ baseUrl: inject('baseUrl'), apiKey });

async function refusal(promise: Promise<unknown>): Promise<ApiClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

describe('API keys', () => {
  it('creates a key shown once, lists it without the secret, and refuses it once revoked', async () => {
    const created = await client().createApiKey({ name: 'Inventory sync', scope: 'read' });
    expect(created).toMatchObject({ name: 'Inventory sync', scopes: ['read'], prefix: created.key.slice(0, 10) });
    expect(created.key).toMatch(/^psk_[\w-]{43}$/);
    // A pet of its own, in a category of its own: the new key must read exactly that one.
    const pet = await client().createPet({ name: 'Seen by a new key', categoryId: uniqueCategoryId() });
    expect((await client(created.key).listPets({ categoryId: pet.categoryId })).items).toEqual([pet]);

    const listed = (await client().listApiKeys()).find((apiKey) => apiKey.id === created.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const revoked = await client().revokeApiKey(created.id);
    expect(revoked.revokedAt).toBeDefined();
    const refused = await refusal(client(created.key).listPets());
    expect(refused).toMatchObject({ status: 401, code: 'unauthorized', message: 'The API key has been revoked.' });
  });

  it('refuses key management to a key without the admin scope (403)', async () => {
    const writer = await client().createApiKey({ name: 'Writer', scope: 'write' });
    expect(writer.scopes).toEqual(['read', 'write']);
    expect(await refusal(client(writer.key).listApiKeys())).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await refusal(client(writer.key).createApiKey({ name: 'Escalation', scope: 'write' }))).toMatchObject({ status: 403 });
  });

  it.each([
    [{ name: '  ', scope: 'read' }, 'name', 'must not be empty'],
    [{ name: 'Admin key', scope: 'admin' }, 'scope', 'must be one of read, write'],
    [{ name: 'Past', scope: 'read', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt', 'must be in the future'],
  ])('refuses %j with the field at fault', async (newKey, path, message) => {
    const refused = await refusal(client().createApiKey(newKey as never));
    expect(refused).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(refused.details).toContainEqual({ path, message });
  });

  it('answers 404 for a key that does not exist', async () => {
    expect(await refusal(client().revokeApiKey(987_654_321))).toMatchObject({ status: 404, code: 'not_found' });
  });
});
