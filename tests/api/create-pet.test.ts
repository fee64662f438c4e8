// POST /v1/pets (createPet): docs/CONTRACT.md §4.2, and docs/ARCHITECTURE.md's decisions on a closed
// NewPet, the name and categoryId rules, and the body's media type and size.
import { describe, expect, it } from 'vitest';
import { addPet, api, uniqueCategoryId } from '../support/api';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

describe('createPet', () => {
  it('answers 201 with the pet, its assigned id and a Location that reads it back', async () => {
    const categoryId = uniqueCategoryId();
    const response = await api('POST', '/v1/pets', { json: { name: 'Rex', categoryId, status: 'available' } });
    expect(response.status).toBe(201);
    expect(response.operationId).toBe('createPet');
    expect(response.body).toEqual({ id: expect.any(Number), name: 'Rex', categoryId, status: 'available' });
    expect(response.headers.get('location')).toBe(`/v1/pets/${response.body.id}`);
    const readBack = await api('GET', response.headers.get('location')!);
    expect(readBack.body).toEqual(response.body);
  });

  it('omits status (never null) when none was given', async () => {
    const response = await api('POST', '/v1/pets', { json: { name: 'Plain', categoryId: uniqueCategoryId() } });
    expect(response.status).toBe(201);
    expect(response.body).not.toHaveProperty('status');
    const readBack = await api('GET', `/v1/pets/${response.body.id}`);
    expect(readBack.body).not.toHaveProperty('status');
  });

  it.each(['available', 'pending', 'sold'])('stores status %s', async (status) => {
    const pet = await addPet({ name: 'Statused', categoryId: uniqueCategoryId(), status });
    expect(pet.status).toBe(status);
  });

  it('answers 401 without an API key', async () => {
    const response = await api('POST', '/v1/pets', { key: null, json: { name: 'Nobody', categoryId: 1 } });
    expect(response.status).toBe(401);
  });

  it('gives 50 concurrent creates 50 distinct ids that all read back', async () => {
    const categoryId = uniqueCategoryId();
    const created = await Promise.all(Array.from({ length: 50 }, (_, index) => addPet({ name: `Crowd ${index}`, categoryId })));
    const ids = created.map((pet) => pet.id);
    expect(new Set(ids).size).toBe(50);
    const readBack = await Promise.all(ids.map((id) => api('GET', `/v1/pets/${id}`)));
    expect(readBack.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(readBack.map((response) => response.body)).toEqual(created);
  });
});

describe('createPet name', () => {
  it('trims surrounding whitespace', async () => {
    const pet = await addPet({ name: '  \t Bella \n ', categoryId: uniqueCategoryId() });
    expect(pet.name).toBe('Bella');
  });

  it.each([
    ['1 character', 'A'],
    ['100 characters', 'n'.repeat(100)],
    ['100 characters with the surrounding spaces', ` ${'t'.repeat(98)} `],
    ['a zero-width joiner inside an emoji', '🐕\u200d🦺 Rex'],
    ['a non-breaking space inside', 'Rex\u00a0II'],
    ['100 astral characters', '🐶'.repeat(100)],
    ['letters outside ASCII', 'Ærøskøbing Æsel'],
  ])('accepts a name of %s', async (_case, name) => {
    const pet = await addPet({ name, categoryId: uniqueCategoryId() });
    expect(pet.name).toBe(name.trim());
  });

  it.each([
    ['empty', ''],
    ['only whitespace', '   '],
    ['101 characters', 'n'.repeat(101)],
    ['101 characters as sent, one of them a leading space', ` ${'t'.repeat(100)}`],
    ['a NUL', 'Re\u0000x'],
    ['a bell', 'Re\u0007x'],
    ['an inner newline', 'Re\nx'],
    ['a DEL', 'Re\u007fx'],
    ['a C1 control', 'Re\u0085x'],
    ['an unpaired surrogate', 'Re\ud800x'],
    ['a number', 42],
    ['null', null],
    ['an array', ['Rex']],
  ])('rejects a name that is %s with invalid_request naming name', async (_case, name) => {
    const response = await api('POST', '/v1/pets', { json: { name, categoryId: uniqueCategoryId() } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'name' })]);
  });

  it.each([
    ['a zero-width space', '\u200b', 'must contain a visible character'],
    ['zero-width and ordinary spaces', ' \u200b\u200c\u2060 ', 'must contain a visible character'],
    ['a Hangul filler', '\u3164', 'must contain a visible character'],
    ['a byte order mark and a soft hyphen', '\ufeff\u00ad', 'must contain a visible character'],
    ['a right-to-left override', 'Rex\u202egnp.exe', 'must not contain bidirectional control characters'],
    ['a right-to-left mark', '\u200fRex', 'must not contain bidirectional control characters'],
    ['a first-strong isolate', 'Rex \u2068x\u2069', 'must not contain bidirectional control characters'],
  ])('refuses a name of %s, saying why', async (_case, name, reason) => {
    const response = await api('POST', '/v1/pets', { json: { name, categoryId: uniqueCategoryId() } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'name', message: expect.stringContaining(reason) }]);
  });

  it('rejects a missing name saying it is required', async () => {
    const response = await api('POST', '/v1/pets', { json: { categoryId: uniqueCategoryId() } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'name', message: 'is required' }]);
  });
});

describe('createPet categoryId', () => {
  it.each([1, MAX_SAFE])('accepts categoryId %i', async (categoryId) => {
    const pet = await addPet({ name: 'Edge', categoryId });
    expect(pet.categoryId).toBe(categoryId);
  });

  it.each([
    ['zero', 0],
    ['negative', -3],
    ['fractional', 1.5],
    ['a numeric string', '3'],
    ['null', null],
    ['a boolean', true],
  ])('rejects a categoryId that is %s with invalid_request naming categoryId', async (_case, categoryId) => {
    const response = await api('POST', '/v1/pets', { json: { name: 'Bad category', categoryId } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'categoryId' })]);
  });

  it('says a wrong-typed categoryId is invalid, not missing', async () => {
    const response = await api('POST', '/v1/pets', { json: { name: 'Typed', categoryId: '3' } });
    expect(response.body.details).toEqual([{ path: 'categoryId', message: 'must be an integer' }]);
  });

  it('rejects a missing categoryId saying it is required', async () => {
    const response = await api('POST', '/v1/pets', { json: { name: 'No category' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'categoryId', message: 'is required' }]);
  });

  it.each(['9007199254740992', '9007199254740993', '9223372036854775807', '1e300'])(
    'rejects categoryId %s above 2^53-1 with one plain message',
    async (categoryId) => {
      // Raw JSON: JSON.stringify could not even write most of these numbers exactly.
      const response = await api('POST', '/v1/pets', { body: `{"name":"Huge","categoryId":${categoryId}}`, contentType: 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
      expect(response.body.details).toHaveLength(1);
      expect(response.body.details[0].path).toBe('categoryId');
      expect(response.body.details[0].message).toMatch(/at most 9007199254740991 \(2\^53-1\)/);
      expect(response.body.message).toContain('cannot be represented exactly in JSON');
    },
  );
});

describe('createPet closed body', () => {
  it.each([
    ['id', { id: 5 }],
    ['an unknown field', { colour: 'brown' }],
    ['a misspelt field', { Status: 'sold' }],
  ])('rejects %s with invalid_request naming it', async (_case, extra) => {
    const response = await api('POST', '/v1/pets', { json: { name: 'Closed', categoryId: uniqueCategoryId(), ...extra } });
    const field = Object.keys(extra)[0]!;
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.message).toContain(field);
    expect(response.body.details).toEqual([{ path: field, message: 'is not a known field' }]);
  });

  it('names every unknown field at once', async () => {
    const response = await api('POST', '/v1/pets', { json: { name: 'Closed', categoryId: 1, id: 1, owner: 'x' } });
    expect(response.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['id', 'owner']);
  });

  it.each([
    ['unknown', 'lost'],
    ['null', null],
    ['upper case', 'SOLD'],
  ])('rejects a status that is %s', async (_case, status) => {
    const response = await api('POST', '/v1/pets', { json: { name: 'Bad status', categoryId: 1, status } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'status' })]);
  });
});

describe('createPet body format', () => {
  it.each([
    ['truncated JSON', '{"name":"Rex",'],
    ['not JSON at all', 'name=Rex&categoryId=1'],
    ['an empty body', ''],
    ['only whitespace', '  \n'],
    ['a JSON array', '[{"name":"Rex","categoryId":1}]'],
    ['a JSON string', '"Rex"'],
    ['JSON null', 'null'],
  ])('rejects %s with 400 invalid_request', async (_case, body) => {
    const response = await api('POST', '/v1/pets', { body, contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
  });

  it('rejects a body that is not valid UTF-8 with 400', async () => {
    const bytes = new Uint8Array([...Buffer.from('{"name":"'), 0xff, 0xfe, ...Buffer.from('","categoryId":1}')]);
    const response = await api('POST', '/v1/pets', { body: bytes, contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/UTF-8/);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['XML', 'application/xml'],
  ])('rejects a %s Content-Type with 415', async (_case, contentType) => {
    const response = await api('POST', '/v1/pets', { body: JSON.stringify({ name: 'Typed', categoryId: 1 }), contentType });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('rejects a body without Content-Type with 415', async () => {
    const response = await api('POST', '/v1/pets', { body: new TextEncoder().encode('{"name":"Untyped","categoryId":1}') });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('accepts application/json with a charset parameter', async () => {
    const response = await api('POST', '/v1/pets', {
      body: JSON.stringify({ name: 'Charset', categoryId: uniqueCategoryId() }),
      contentType: 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(201);
  });

  it('rejects a body over 64 KiB with 413', async () => {
    const body = JSON.stringify({ name: 'Big', categoryId: 1, padding: 'x'.repeat(64 * 1024) });
    const response = await api('POST', '/v1/pets', { body, contentType: 'application/json' });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('rejects a body over 64 KiB sent without Content-Length (streamed) with 413', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await api('POST', '/v1/pets', { body: stream, contentType: 'application/json' });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('accepts a body of just under 64 KiB', async () => {
    const name = 'Padded';
    const skeleton = JSON.stringify({ name, categoryId: uniqueCategoryId() });
    const body = skeleton.replace('{', `{${' '.repeat(64 * 1024 - skeleton.length)}`);
    expect(Buffer.byteLength(body)).toBe(64 * 1024);
    const response = await api('POST', '/v1/pets', { body, contentType: 'application/json' });
    expect(response.status).toBe(201);
  });
});
