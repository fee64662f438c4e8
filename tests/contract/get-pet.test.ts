// GET /v1/pets/{petId} (getPet, deprecated): docs/CONTRACT.md §4.3, docs/ARCHITECTURE.md's petId
// rules, and the deprecation headers on every response of the route.
import { describe, expect, it } from 'vitest';
import { addPet, api, linkTarget, uniqueCategoryId } from '../support/api';

const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';

describe('getPet', () => {
  it('answers 200 with the pet', async () => {
    const pet = await addPet({ name: 'Fetched', categoryId: uniqueCategoryId(), status: 'pending' });
    const response = await api('GET', `/v1/pets/${pet.id}`);
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('getPet');
    expect(response.body).toEqual(pet);
  });

  it('answers 401 without an API key', async () => {
    const pet = await addPet({ name: 'Hidden', categoryId: uniqueCategoryId() });
    const response = await api('GET', `/v1/pets/${pet.id}`, { key: null });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthorized');
  });

  it.each([
    ['beyond any assigned id', '9007199254740991'],
    ['beyond 2^53 but within int64', '9007199254740993'],
    ['the largest int64', '9223372036854775807'],
  ])('answers 404 not_found for a well-formed id %s', async (_case, petId) => {
    const response = await api('GET', `/v1/pets/${petId}`);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it.each([
    ['not a number', 'abc'],
    ['negative', '-1'],
    ['zero', '0'],
    ['fractional', '1.5'],
    ['in exponent form', '1e3'],
    ['hexadecimal', '0x10'],
    ['beyond int64', '9223372036854775808'],
    ['far beyond int64', '99999999999999999999999'],
    ['with a space', '1%202'],
  ])('answers 400 invalid_request naming petId for an id that is %s', async (_case, petId) => {
    const response = await api('GET', `/v1/pets/${petId}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'petId' })]);
  });
});

describe('getPet deprecation headers', () => {
  // Every response of the route carries them, so clients notice whatever they get back.
  const cases: [string, () => Promise<string>, null | undefined, number][] = [
    ['200', async () => `/v1/pets/${(await addPet({ name: 'Deprecated', categoryId: uniqueCategoryId() })).id}`, undefined, 200],
    ['404', async () => '/v1/pets/9007199254740991', undefined, 404],
    ['400', async () => '/v1/pets/abc', undefined, 400],
    ['401', async () => '/v1/pets/1', null, 401],
  ];
  it.each(cases)('are sent on a %s answer', async (_case, makePath, key, status) => {
    const response = await api('GET', await makePath(), { key });
    expect(response.status).toBe(status);
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(response.headers.get('sunset')).toBe(SUNSET);
    expect(linkTarget(response.headers, 'successor-version')).toBe('/v1/pets');
  });

  it('dates the deprecation before the sunset (RFC 9745 epoch seconds)', async () => {
    const response = await api('GET', '/v1/pets/9007199254740991');
    const deprecatedAt = Number(response.headers.get('deprecation')!.slice(1)) * 1000;
    expect(deprecatedAt).toBeLessThan(Date.parse(SUNSET));
    expect(deprecatedAt).toBeLessThanOrEqual(Date.now());
  });

  it('are not sent by listPets', async () => {
    const response = await api('GET', '/v1/pets?limit=1');
    expect(response.headers.get('deprecation')).toBeNull();
    expect(response.headers.get('sunset')).toBeNull();
  });
});
