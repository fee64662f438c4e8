// Idempotency-Key on POST /v1/pets: a retry replays the first answer and never
// creates twice (lib/http/idempotency.ts).
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
import { hashKey } from '@/lib/domain/api-key-check';
import { api } from '../support/api';
import { readAll } from '../support/catalogue';

const baseUrl = inject('baseUrl');
const apiKey = inject('apiKey');

function createPet(body: unknown, key: string | null, secret = apiKey) {
  return api('POST', '/v1/pets', { key: secret, json: body, headers: key === null ? {} : { 'idempotency-key': key } });
}

async function petsNamed(name: string) {
  return (await readAll(baseUrl, apiKey, '/v1/pets')).filter((pet) => pet.name === name);
}

describe('Idempotency-Key on POST /v1/pets', () => {
  it('replays the first answer to a retry with the same key and body, and creates once', async () => {
    const name = `Replay ${randomUUID()}`;
    const key = randomUUID();
    const first = await createPet({ name, categoryId: 7 }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retry = await createPet({ name, categoryId: 7 }, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(retry.headers.get('content-type')).toBe('application/json');
    expect(await petsNamed(name)).toHaveLength(1);
  });

  it('answers 409 conflict to the same key with a different body', async () => {
    const key = randomUUID();
    expect((await createPet({ name: `First ${key}`, categoryId: 1 }, key)).status).toBe(201);
    const other = await createPet({ name: `Other ${key}`, categoryId: 1 }, key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'conflict', status: 409 });
    expect(await petsNamed(`Other ${key}`)).toHaveLength(0);
  });

  it('creates exactly once when ten identical requests race', async () => {
    const name = `Race ${randomUUID()}`;
    const key = randomUUID();
    const raced = await Promise.all(Array.from({ length: 10 }, () => createPet({ name, categoryId: 3 }, key)));
    // A 503 (a loaded machine: the request waited for a connection past its deadline) ran
    // nothing and says to retry: a client sends it again with the same key, and so does this.
    const answers = await Promise.all(
      raced.map((answer) => (answer.status === 503 && answer.body.code === 'service_unavailable' ? createPet({ name, categoryId: 3 }, key) : answer)),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const inProgress = answers.filter((answer) => answer.status === 409);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    for (const answer of inProgress) expect(answer.body).toMatchObject({ code: 'conflict', status: 409, message: expect.stringContaining('in progress') });
    expect(await petsNamed(name)).toHaveLength(1);
  });

  it.each([
    ['an invalid body', { json: { name: '', categoryId: 1 } }],
    ['a body that is not JSON', { body: '{"name": ', contentType: 'application/json' }],
    ['a body in another media type', { body: JSON.stringify({ name: 'Typed', categoryId: 1 }), contentType: 'text/plain' }],
    ['no body', {}],
  ])('stores nothing for %s: the corrected request under the same key runs', async (_case, refused) => {
    const key = randomUUID();
    const first = await api('POST', '/v1/pets', { ...refused, headers: { 'idempotency-key': key } });
    expect([400, 415]).toContain(first.status);
    const again = await api('POST', '/v1/pets', { ...refused, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(first.status);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const name = `Corrected ${key}`;
    const corrected = await createPet({ name, categoryId: 1 }, key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await petsNamed(name)).toHaveLength(1);
  });

  it('stores a refusal of the operation itself (an order for a pet that does not exist), and replays it', async () => {
    const key = randomUUID();
    const order = { petId: 9_000_000_000_000 };
    const headers = { 'idempotency-key': key };
    const first = await api('POST', '/v1/store/orders', { json: order, headers });
    expect(first.status).toBe(404);
    const retry = await api('POST', '/v1/store/orders', { json: order, headers });
    expect(retry.status).toBe(404);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé-é'],
  ])('rejects an Idempotency-Key that is %s with 400 invalid_request', async (_, key) => {
    const response = await createPet({ name: 'Never', categoryId: 1 }, key);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it('accepts a 255-character key', async () => {
    const key = randomUUID().padEnd(255, 'x');
    expect((await createPet({ name: `Long key ${key.slice(0, 8)}`, categoryId: 1 }, key)).status).toBe(201);
  });

  it('checks the API key before the Idempotency-Key', async () => {
    const response = await createPet({ name: 'x', categoryId: 1 }, '', 'psk_wrong_key_wrong_key_wrong');
    expect(response.status).toBe(401);
  });

  it('is documented as a header parameter of createPet in the OpenAPI document', async () => {
    const { body: document } = await api('GET', '/v1/openapi.json', { key: null });
    const parameter = document.paths['/pets'].post.parameters.find((candidate: { name: string }) => candidate.name === 'Idempotency-Key');
    expect(parameter).toMatchObject({ in: 'header', schema: { type: 'string', minLength: 1, maxLength: 255 } });
    expect(parameter.required ?? false).toBe(false);
    expect(document.paths['/pets'].post.responses['201'].headers).toHaveProperty('Idempotent-Replayed');
  });

  it('leaves a POST without the header unchanged: two requests, two pets', async () => {
    const name = `No key ${randomUUID()}`;
    expect((await createPet({ name, categoryId: 1 }, null)).status).toBe(201);
    expect((await createPet({ name, categoryId: 1 }, null)).status).toBe(201);
    expect(await petsNamed(name)).toHaveLength(2);
  });
});

// These two reach into the database (a second API key; an expired entry), which
// only the PostgreSQL run can do from outside the server.
describe.runIf(inject('database') === 'postgres')('Idempotency-Key storage (PostgreSQL)', () => {
  const sql = () => postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });

  it('scopes keys to the API key that sent them', async () => {
    const secret = `psk_second_${randomUUID()}`;
    const database = sql();
    await database`insert into api_keys (name, prefix, hash, scopes) values ('second', 'psk_se', ${hashKey(secret)}, ${['read', 'write']})`;
    await database.end();
    const key = randomUUID();
    const name = `Scoped ${key}`;
    const mine = await createPet({ name, categoryId: 1 }, key);
    const theirs = await createPet({ name, categoryId: 1 }, key, secret);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('keeps no record of 100 requests refused before the operation began', async () => {
    const keys = Array.from({ length: 100 }, () => randomUUID());
    const answers = await Promise.all(keys.map((key, index) => createPet({ name: '', categoryId: index + 1 }, key)));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    const database = sql();
    const [row] = await database<{ count: number }[]>`select count(*)::int as count from idempotency_keys where key in ${database(keys)}`;
    await database.end();
    expect(row?.count).toBe(0);
  });

  it('ignores an expired entry: the same key runs the request afresh', async () => {
    const key = randomUUID();
    const first = await createPet({ name: `Expiring ${key}`, categoryId: 1 }, key);
    expect(first.status).toBe(201);
    const database = sql();
    await database`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`;
    await database.end();
    const again = await createPet({ name: `Expiring ${key}`, categoryId: 1 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
  });
});
