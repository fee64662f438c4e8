// Tags (experimental) over HTTP: PUT and GET /v1/pets/{petId}/tags, GET /v1/tags,
// the list's and the counts' `tag` filter, `include=tags`, the tag fields of
// PATCH (one pet, and the bulk change), the activity entry and the change event
// of a change of tags, and a deleted pet's tags. Each test makes its own tags
// (a random suffix), so the shared database's other tags never get in the way.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPet, api, errorOf, linkTarget, uniqueCategoryId, type ApiOptions } from '../support/api';
import { changeOf, openChangeStream, type ChangeStream } from '../support/change-stream';
import { addUser, sessionKeyOf } from '../support/suite-users';

type Pet = { id: number; name: string; categoryId: number; status?: string; tags?: string[] };
type Tag = { name: string; petCount: number };

const NO_SUCH_ID = Number.MAX_SAFE_INTEGER;
const PASSWORD = 'a tags test password';
/** A word no other test (or run) uses. */
const unique = (word: string) => `${word}-${randomBytes(4).toString('hex')}`;
const requestId = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

const putTags = (petId: number, json: unknown, options: ApiOptions = {}) => api<string[]>('PUT', `/v1/pets/${petId}/tags`, { ...options, json });
const tagsOf = async (petId: number) => (await api<string[]>('GET', `/v1/pets/${petId}/tags`)).body;

async function tagged(name: string, tags: string[], fields: { categoryId?: number; status?: string } = {}): Promise<Pet> {
  const pet = await addPet({ name, categoryId: fields.categoryId ?? uniqueCategoryId(), ...(fields.status && { status: fields.status }) });
  const answer = await putTags(pet.id, tags);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...pet, tags: answer.body };
}

/** Every tag of /v1/tags whose name contains `text` (all pages). */
async function listedTags(text: string): Promise<Tag[]> {
  const found: Tag[] = [];
  let next: string | undefined = `/v1/tags?limit=100&name=${encodeURIComponent(text)}`;
  while (next) {
    const response: Awaited<ReturnType<typeof api<Tag[]>>> = await api<Tag[]>('GET', next);
    expect(response.status).toBe(200);
    found.push(...response.body);
    next = linkTarget(response.headers, 'next');
  }
  return found;
}

const ids = (pets: Pet[]) => pets.map((pet) => pet.id);
const listIds = async (query: string) => {
  const response = await api<Pet[]>('GET', `/v1/pets?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return ids(response.body);
};

describe('PUT /v1/pets/{petId}/tags (replacePetTags)', () => {
  it('replaces the set and answers it, sorted ignoring case; GET reads it back', async () => {
    const pet = await addPet({ name: 'Tagged Tabby', categoryId: uniqueCategoryId() });
    const [puppy, vaccinated] = [unique('puppy'), unique('Vaccinated')];
    const first = await putTags(pet.id, [vaccinated, puppy]);
    expect(first.status).toBe(200);
    expect(first.operationId).toBe('replacePetTags');
    expect(first.body).toEqual([puppy, vaccinated]);
    expect(await tagsOf(pet.id)).toEqual([puppy, vaccinated]);
    const second = await putTags(pet.id, [puppy]);
    expect(second.body).toEqual([puppy]);
    expect((await putTags(pet.id, [])).body).toEqual([]);
    expect(await tagsOf(pet.id)).toEqual([]);
  });

  it('trims each tag and puts it in NFC', async () => {
    const pet = await addPet({ name: 'Spaced Siamese', categoryId: uniqueCategoryId() });
    const word = `${randomBytes(4).toString('hex')}-cafe`;
    const answer = await putTags(pet.id, [`  ${word}\u0301 `, `\t${word}s\n`]);
    expect(answer.body).toEqual([`${word}s`, `${word.slice(0, -1)}\u00e9`]);
  });

  it('compares tags without case and keeps the spelling they were first written with', async () => {
    const word = unique('Needs A Home');
    const first = await tagged('First Finch', [word]);
    expect(first.tags).toEqual([word]);
    const second = await tagged('Second Swift', [word.toUpperCase(), word.toLowerCase()]);
    expect(second.tags).toEqual([word]);
    // German sharp s and Greek final sigma meet their capitals.
    const strasse = unique('Straße');
    await tagged('Third Thrush', [strasse]);
    expect((await tagged('Fourth Falcon', [strasse.toUpperCase()])).tags).toEqual([strasse]);
  });

  it('answers the same set again without a change: no activity entry', async () => {
    const pet = await tagged('Steady Stoat', [unique('calm')]);
    const id = requestId('again');
    expect((await putTags(pet.id, pet.tags!, { headers: { 'x-request-id': id } })).body).toEqual(pet.tags);
    const history = await api('GET', `/v1/activity?resource=pet&resourceId=${pet.id}`);
    expect(history.body.filter((entry: { requestId?: string }) => entry.requestId === id)).toEqual([]);
  });

  it.each([
    ['an empty tag', ''],
    ['only spaces', '   '],
    ['33 characters', 'x'.repeat(33)],
    ['a control character', 'bad\u0007tag'],
    ['a right-to-left override', 'gnp\u202eexe'],
    ['only a zero-width space', '\u200b'],
  ])('refuses %s with a 400 that names it', async (_case, tag) => {
    const pet = await tagged('Refused Rabbit', [unique('kept')]);
    const response = await putTags(pet.id, ['fine', tag]);
    expect(response.status).toBe(400);
    expect(errorOf(response).details).toEqual([{ path: '1', message: expect.stringContaining(JSON.stringify(tag.trim())) }]);
    expect(errorOf(response).message).toContain(JSON.stringify(tag.trim()));
    expect(await tagsOf(pet.id)).toEqual(pet.tags);
  });

  it('counts 32 characters after trimming, in code points', async () => {
    const pet = await addPet({ name: 'Long Llama', categoryId: uniqueCategoryId() });
    const tag = `${randomBytes(4).toString('hex')}${'🐶'.repeat(24)}`;
    expect((await putTags(pet.id, [`  ${tag}  `])).body).toEqual([tag]);
  });

  it.each([
    ['an object', { tags: ['a'] }],
    ['a number in the array', ['a', 42]],
    ['21 tags', Array.from({ length: 21 }, (_, index) => `t${index}`)],
  ])('refuses a body that is %s', async (_case, body) => {
    const pet = await addPet({ name: 'Bodied Bat', categoryId: uniqueCategoryId() });
    const response = await putTags(pet.id, body);
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('invalid_request');
  });

  it('is 404 for a pet that does not exist, and registers none of its tags', async () => {
    const tag = unique('orphan');
    const response = await putTags(NO_SUCH_ID, [tag]);
    expect(response.status).toBe(404);
    expect(errorOf(response).message).toBe(`No pet has id ${NO_SUCH_ID}.`);
    expect((await api('GET', `/v1/pets/${NO_SUCH_ID}/tags`)).status).toBe(404);
    // Written later by another pet, the tag takes that pet's spelling.
    expect((await tagged('Later Lark', [tag.toUpperCase()])).tags).toEqual([tag.toUpperCase()]);
  });

  it('is for editors; viewers read', async () => {
    const viewer = `viewer-${randomBytes(6).toString('hex')}@tags.test`;
    await addUser(viewer, PASSWORD, 'viewer');
    const key = await sessionKeyOf(viewer, PASSWORD);
    const pet = await tagged('Watched Weasel', [unique('seen')]);
    expect((await api('GET', `/v1/pets/${pet.id}/tags`, { key })).body).toEqual(pet.tags);
    expect((await api('GET', '/v1/tags?limit=1', { key })).status).toBe(200);
    const refused = await putTags(pet.id, ['other'], { key });
    expect(refused.status).toBe(403);
    expect((await api('PATCH', `/v1/pets?id=${pet.id}`, { key, json: { addTags: ['other'] } })).status).toBe(403);
    expect(await tagsOf(pet.id)).toEqual(pet.tags);
  });
});

describe('a change of tags in the record and the feed', () => {
  let stream: ChangeStream;

  beforeAll(async () => {
    stream = await openChangeStream();
    await stream.waitFor((event) => event.event === 'ready', 5_000);
  });
  afterAll(() => stream?.close());

  it('is one activity entry with the tags before and after, naming the editor who made it', async () => {
    const editor = `editor-${randomBytes(6).toString('hex')}@tags.test`;
    await addUser(editor, PASSWORD, 'editor');
    const key = await sessionKeyOf(editor, PASSWORD);
    const [old, kept, fresh] = [unique('old'), unique('kept'), unique('fresh')];
    const pet = await tagged('Logged Lemur', [old, kept]);
    const id = requestId('tags');
    expect((await putTags(pet.id, [kept, fresh], { key, headers: { 'x-request-id': id } })).status).toBe(200);
    const history = await api('GET', `/v1/activity?resource=pet&resourceId=${pet.id}`);
    expect(history.body.filter((entry: { requestId?: string }) => entry.requestId === id)).toEqual([
      expect.objectContaining({
        action: 'update',
        before: { tags: [kept, old].sort() },
        after: { tags: [fresh, kept].sort() },
        actor: expect.objectContaining({ label: editor.toLowerCase(), userId: expect.any(Number) }),
      }),
    ]);
  });

  it('is a change event of the pet, seen by open pages', async () => {
    const pet = await addPet({ name: 'Broadcast Badger', categoryId: uniqueCategoryId() });
    await putTags(pet.id, [unique('live')]);
    await stream.waitFor(changeOf('pet', 'updated', pet.id));
  });

  it('goes with a deleted pet: its tags leave the tag list, and the entry of the delete holds them', async () => {
    const tag = unique('gone');
    const pet = await tagged('Departed Dingo', [tag]);
    expect(await listedTags(tag)).toEqual([{ name: tag, petCount: 1 }]);
    expect((await api('DELETE', `/v1/pets/${pet.id}`)).status).toBe(204);
    expect(await listedTags(tag)).toEqual([]);
    const history = await api('GET', `/v1/activity?resource=pet&resourceId=${pet.id}`);
    expect(history.body[0]).toMatchObject({ action: 'delete', before: { tags: [tag] } });
  });
});

describe('GET /v1/tags (listTags)', () => {
  it('lists the tags pets have, alphabetically ignoring case, with their pet counts, in keyset pages', async () => {
    const stem = unique('list');
    const [a, b, c] = [`${stem}-Alpha`, `${stem}-beta`, `${stem}-Gamma`];
    await tagged('One', [a, b]);
    await tagged('Two', [b]);
    await tagged('Three', [c, b]);
    const first = await api<Tag[]>('GET', `/v1/tags?limit=2&name=${stem}`);
    expect(first.operationId).toBe('listTags');
    expect(first.body).toEqual([
      { name: a, petCount: 1 },
      { name: b, petCount: 3 },
    ]);
    const next = linkTarget(first.headers, 'next')!;
    expect(next).toContain('limit=2');
    const second = await api<Tag[]>('GET', next);
    expect(second.body).toEqual([{ name: c, petCount: 1 }]);
    expect(linkTarget(second.headers, 'next')).toBeUndefined();
  });

  it('finds tags by a part of their name, ignoring case, % and _ taken literally', async () => {
    const stem = unique('Find');
    await tagged('Finder', [`${stem}_100%`, `${stem}-other`]);
    expect((await listedTags(`${stem.toUpperCase()}_100%`)).map((tag) => tag.name)).toEqual([`${stem}_100%`]);
    expect(await listedTags(`${stem}_1000`)).toEqual([]);
  });

  it.each([
    ['a limit of 101', 'limit=101', 'limit'],
    ['a cursor it did not write', 'cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['an empty name', 'name=', 'name'],
    ['a name of 33 characters', `name=${'x'.repeat(33)}`, 'name'],
  ])('refuses %s', async (_case, query, parameter) => {
    const response = await api('GET', `/v1/tags?${query}`);
    expect(response.status).toBe(400);
    expect(errorOf(response).details?.[0]?.path).toBe(parameter);
  });
});

describe('GET /v1/pets?tag=… and /v1/pets/counts?tag=…', () => {
  const categoryId = uniqueCategoryId();
  const [puppy, vaccinated, other] = [unique('puppy'), unique('vaccinated'), unique('other')];
  let pets: Record<'both' | 'puppyOnly' | 'vaccinatedOnly' | 'bothSold' | 'bothNamedZed' | 'none', Pet>;

  beforeAll(async () => {
    pets = {
      both: await tagged('Alma', [puppy, vaccinated], { categoryId, status: 'available' }),
      puppyOnly: await tagged('Bodo', [puppy], { categoryId, status: 'available' }),
      vaccinatedOnly: await tagged('Cleo', [vaccinated, other], { categoryId, status: 'available' }),
      bothSold: await tagged('Dora', [vaccinated, puppy, other], { categoryId, status: 'sold' }),
      bothNamedZed: await tagged('Zed', [puppy, vaccinated], { categoryId: uniqueCategoryId() }),
      none: await tagged('Emil', [], { categoryId, status: 'available' }),
    };
  });

  it('keeps the pets that have every tag given, whatever their case', async () => {
    const both = [pets.both, pets.bothSold, pets.bothNamedZed];
    expect(await listIds(`tag=${puppy}&tag=${vaccinated.toUpperCase()}`)).toEqual(ids(both));
    expect(await listIds(`tag=${puppy}`)).toEqual(ids([pets.both, pets.puppyOnly, pets.bothSold, pets.bothNamedZed]));
    expect(await listIds(`tag=${puppy}&tag=${puppy.toUpperCase()}`)).toEqual(await listIds(`tag=${puppy}`));
  });

  it('combines with the status, category and name filters and with every sort', async () => {
    const tags = `tag=${puppy}&tag=${vaccinated}`;
    expect(await listIds(`${tags}&status=sold`)).toEqual([pets.bothSold.id]);
    expect(await listIds(`${tags}&status=none`)).toEqual([pets.bothNamedZed.id]);
    expect(await listIds(`${tags}&categoryId=${categoryId}`)).toEqual(ids([pets.both, pets.bothSold]));
    expect(await listIds(`${tags}&name=ZE`)).toEqual([pets.bothNamedZed.id]);
    expect(await listIds(`${tags}&sort=-id`)).toEqual(ids([pets.bothNamedZed, pets.bothSold, pets.both]));
    expect(await listIds(`${tags}&sort=name`)).toEqual(ids([pets.both, pets.bothSold, pets.bothNamedZed]));
    expect(await listIds(`${tags}&sort=-name`)).toEqual(ids([pets.bothNamedZed, pets.bothSold, pets.both]));
  });

  it.each(['id', '-id', 'name', '-name'])('pages with the cursor, keeping the tags (sort=%s)', async (sort) => {
    const seen: number[] = [];
    let next: string | undefined = `/v1/pets?tag=${puppy}&limit=1&sort=${sort}`;
    while (next) {
      const page: Awaited<ReturnType<typeof api<Pet[]>>> = await api<Pet[]>('GET', next);
      expect(page.status).toBe(200);
      seen.push(...ids(page.body));
      next = linkTarget(page.headers, 'next');
      if (next) expect(new URL(next, 'http://x').searchParams.getAll('tag')).toEqual([puppy]);
    }
    expect(seen).toEqual(await listIds(`tag=${puppy}&sort=${sort}`));
    expect(seen).toHaveLength(4);
  });

  it('answers an empty list for a tag no pet has', async () => {
    expect(await listIds(`tag=${puppy}&tag=${unique('never')}`)).toEqual([]);
  });

  it('is counted by the counts, with the other filters', async () => {
    const counts = await api('GET', `/v1/pets/counts?tag=${puppy}&tag=${vaccinated}`);
    expect(counts.body).toEqual({ total: 3, available: 1, pending: 0, sold: 1, none: 1 });
    const inCategory = await api('GET', `/v1/pets/counts?tag=${vaccinated}&categoryId=${categoryId}&status=available`);
    expect(inCategory.body).toEqual({ total: 2, available: 2, pending: 0, sold: 0, none: 0 });
    const never = await api('GET', `/v1/pets/counts?tag=${unique('never')}`);
    expect(never.body).toEqual({ total: 0, available: 0, pending: 0, sold: 0, none: 0 });
  });

  it.each([
    ['a tag of 33 characters', `tag=${'x'.repeat(33)}`, 'tag.0'],
    ['an empty tag', `tag=ok&tag=`, 'tag.1'],
    ['21 tags', Array.from({ length: 21 }, (_, index) => `tag=t${index}`).join('&'), 'tag'],
  ])('refuses %s, naming it', async (_case, query, path) => {
    for (const target of ['/v1/pets', '/v1/pets/counts']) {
      const response = await api('GET', `${target}?${query}`);
      expect(response.status).toBe(400);
      expect(errorOf(response).details?.[0]?.path).toBe(path);
    }
  });

  it('does not go with the batch read by id', async () => {
    const response = await api('GET', `/v1/pets?id=${pets.both.id}&tag=${puppy}`);
    expect(response.status).toBe(400);
    expect(errorOf(response).details).toEqual([{ path: 'tag', message: 'cannot be combined with id' }]);
  });
});

describe('include=tags', () => {
  let pets: Pet[];
  const categoryId = uniqueCategoryId();

  beforeAll(async () => {
    pets = [await tagged('Inca', [unique('shown')], { categoryId }), await tagged('Juno', [], { categoryId, status: 'sold' })];
  });

  it('adds each pet’s tags to the list, the batch read and getPet', async () => {
    const list = await api<Pet[]>('GET', `/v1/pets?categoryId=${categoryId}&include=tags`);
    expect(list.body).toEqual(pets);
    expect((await api<Pet[]>('GET', `/v1/pets?id=${ids(pets).join(',')}&include=tags`)).body).toEqual(pets);
    const single = await api<Pet>('GET', `/v1/pets/${pets[0]!.id}?include=tags`);
    expect(single.body).toEqual(pets[0]);
    expect(single.headers.get('deprecation')).toBeTruthy();
  });

  it('leaves every answer byte for byte as it was without include', async () => {
    // The contract's Pet, its fields in its order.
    const plain = pets.map((pet) => ({ id: pet.id, name: pet.name, categoryId: pet.categoryId, ...(pet.status && { status: pet.status }) }));
    expect((await api('GET', `/v1/pets?categoryId=${categoryId}`)).text).toBe(JSON.stringify(plain));
    expect((await api('GET', `/v1/pets?id=${ids(pets).join(',')}`)).text).toBe(JSON.stringify(plain));
    expect((await api('GET', `/v1/pets/${pets[0]!.id}`)).text).toBe(JSON.stringify(plain[0]));
  });

  it.each([
    ['an unknown field', 'include=tags,bogus', '"bogus"'],
    ['nothing', 'include=', '""'],
  ])('refuses %s, naming it', async (_case, query, named) => {
    for (const target of [`/v1/pets?${query}`, `/v1/pets/${pets[0]!.id}?${query}`]) {
      const response = await api('GET', target);
      expect(response.status).toBe(400);
      expect(errorOf(response).details?.[0]).toMatchObject({ path: 'include', message: expect.stringContaining(named) });
    }
  });
});

describe('tags in PATCH /v1/pets/{petId} and the bulk change', () => {
  it('replaces, adds and removes tags with the other fields, in one change', async () => {
    const [a, b, c] = [unique('a'), unique('b'), unique('c')];
    const pet = await tagged('Patched Puma', [a]);
    const id = requestId('patch');
    const patched = await api('PATCH', `/v1/pets/${pet.id}`, {
      json: { name: 'Patched Puma II', addTags: [b, c], removeTags: [a.toUpperCase()] },
      headers: { 'x-request-id': id },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ id: pet.id, name: 'Patched Puma II', categoryId: pet.categoryId });
    expect(await tagsOf(pet.id)).toEqual([b, c]);
    const history = await api('GET', `/v1/activity?resource=pet&resourceId=${pet.id}`);
    expect(history.body.filter((entry: { requestId?: string }) => entry.requestId === id)).toEqual([
      expect.objectContaining({ before: { name: 'Patched Puma', tags: [a] }, after: { name: 'Patched Puma II', tags: [b, c] } }),
    ]);
    expect((await api('PATCH', `/v1/pets/${pet.id}`, { json: { tags: [a] } })).status).toBe(200);
    expect(await tagsOf(pet.id)).toEqual([a]);
  });

  it.each([
    ['tags with addTags', { tags: ['x'], addTags: ['y'] }, 'tags'],
    ['the same tag added and removed', { addTags: ['Same'], removeTags: ['same'] }, 'removeTags'],
    ['a bad tag to add', { addTags: ['x'.repeat(40)] }, 'addTags.0'],
  ])('refuses %s', async (_case, json, path) => {
    const pet = await addPet({ name: 'Careful Cat', categoryId: uniqueCategoryId() });
    const response = await api('PATCH', `/v1/pets/${pet.id}`, { json });
    expect(response.status).toBe(400);
    expect(errorOf(response).details?.[0]?.path).toBe(path);
  });

  it('adds a tag to 100 pets at once, each on its own; a pet that would pass 20 tags is refused and left as it was', async () => {
    const categoryId = uniqueCategoryId();
    const many: Pet[] = [];
    for (let index = 0; index < 99; index++) many.push(await addPet({ name: `Herd ${index}`, categoryId }));
    const full = await tagged(
      'Full Fox',
      Array.from({ length: 20 }, (_, index) => unique(`t${index}`)),
      { categoryId },
    );
    const tag = unique('herd');
    const response = await api('PATCH', `/v1/pets?id=${[...ids(many), full.id].join(',')}`, { json: { addTags: [tag] } });
    expect(response.status).toBe(200);
    const results = response.body.results as { id: number; status: number; error?: { message: string } }[];
    expect(results.filter((result) => result.status === 200)).toHaveLength(99);
    expect(results.at(-1)).toMatchObject({ id: full.id, status: 409, error: { message: expect.stringContaining('at most 20') } });
    expect(await listedTags(tag)).toEqual([{ name: tag, petCount: 99 }]);
    expect(await tagsOf(full.id)).toEqual(full.tags);
    expect(await listIds(`tag=${tag}&limit=100`)).toEqual(ids(many));

    const removed = await api('PATCH', `/v1/pets?id=${ids(many).slice(0, 50).join(',')}`, { json: { removeTags: [tag] } });
    expect(removed.body.results.every((result: { status: number }) => result.status === 200)).toBe(true);
    expect(await listedTags(tag)).toEqual([{ name: tag, petCount: 49 }]);
  });
});
