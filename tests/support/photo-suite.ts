// The photo API's behaviour, the same wherever the bytes live: tests/api/photos.test.ts
// runs it on the suite's server (the database as the store: PostgreSQL, PGlite, through
// PgBouncer), tests/servers/photos-s3.test.ts on a server of its own storing in S3 (s3rver).
// (How fast a bomb is refused: tests/timing/photo-bomb.test.ts.)
import { isDeepStrictEqual } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PET, PHOTO_SIZES, type Photo } from '@/lib/contract/photos';
import { api, errorOf, uniqueCategoryId } from './api';
import { openChangeStream } from './change-stream';
import {
  EXIF_SECRET,
  addPetOn,
  addPhoto,
  animatedWebp,
  avif,
  decompressionBomb,
  fetchPhotoFile,
  fetchRefusedPhotoFile,
  formData,
  gif,
  hasGpsTag,
  heic,
  jpeg,
  jpegWithLocation,
  listPhotos,
  onTarget,
  png,
  svg,
  uploadPhoto,
  webp,
  type PhotoTarget,
} from './photos';

export function describePhotoApi(store: string, target: () => PhotoTarget) {
  describe(`photos (${store})`, () => {
    it('adds a JPEG sent as the body: 201, Location, the Photo, and its files', async () => {
      const petId = await addPetOn(target());
      const response = await uploadPhoto(target(), petId, await jpeg(1600, 900));
      expect(response.status).toBe(201);
      const photo = response.body;
      expect(response.headers.get('location')).toBe(`/v1/pets/${petId}/photos/${photo.id}`);
      expect(photo).toMatchObject({ petId, position: 0, contentType: 'image/jpeg', width: 1600, height: 900 });
      expect(photo.bytes).toBeGreaterThan(0);
      expect((await api('GET', response.headers.get('location')!, onTarget(target()))).body).toEqual(photo);

      const original = await fetchPhotoFile(target(), photo.urls.original);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      expect(original.bytes.byteLength).toBe(photo.bytes);
      for (const [variant, edge, width, height] of [
        ['large', PHOTO_SIZES.large, 1280, 720],
        ['thumb', PHOTO_SIZES.thumb, 320, 180],
      ] as const) {
        const file = await fetchPhotoFile(target(), photo.urls[variant]);
        expect(file.headers.get('content-type')).toBe('image/webp');
        const metadata = await sharp(file.bytes).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width, height });
        expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(edge);
      }
    });

    it('serves a file with nosniff, CSP sandbox, an ETag (304 when current) and Cache-Control until the URL expires', async () => {
      const petId = await addPetOn(target());
      const photo = await addPhoto(target(), petId, await png());
      const file = await fetchPhotoFile(target(), photo.urls.thumb);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-security-policy')).toBe('sandbox');
      const etag = file.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const expires = Number(new URL(photo.urls.thumb, target().baseUrl).searchParams.get('expires'));
      const maxAge = Number(/max-age=(\d+)/.exec(file.headers.get('cache-control')!)?.[1]);
      expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
      expect(Math.abs(Date.now() / 1000 + maxAge - expires)).toBeLessThanOrEqual(5);
      expect(maxAge).toBeLessThanOrEqual(3600);
      expect(maxAge).toBeGreaterThan(2700);
      const again = await fetchPhotoFile(target(), photo.urls.thumb, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      // The same policy; its max-age counts down to the URL's expiry (a second may pass between the two).
      const againMaxAge = Number(/^private, max-age=(\d+), immutable$/.exec(again.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge - againMaxAge).toBeGreaterThanOrEqual(0);
      expect(maxAge - againMaxAge).toBeLessThanOrEqual(2);
    });

    it('takes a multipart/form-data body with one file part', async () => {
      const petId = await addPetOn(target());
      const form = formData([{ name: 'file', bytes: await webp(300, 200), filename: 'rex.webp', type: 'image/webp' }]);
      const response = await uploadPhoto(target(), petId, form.body, form.contentType);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ contentType: 'image/webp', width: 300, height: 200 });
    });

    it('decides the type from the bytes: a PNG sent as image/jpeg is stored as PNG, an AVIF is an AVIF', async () => {
      const petId = await addPetOn(target());
      const stored = await addPhoto(target(), petId, await png(), 'image/jpeg');
      expect(stored.contentType).toBe('image/png');
      expect((await fetchPhotoFile(target(), stored.urls.original)).headers.get('content-type')).toBe('image/png');
      expect((await addPhoto(target(), petId, await avif(), 'image/png')).contentType).toBe('image/avif');
    });

    it('keeps no EXIF location, serial or comment in the original or any size, and applies the orientation first', async () => {
      const sent = await jpegWithLocation();
      const sentMetadata = await sharp(sent).metadata();
      expect(hasGpsTag(sentMetadata.exif), 'the test image carries GPS').toBe(true);
      expect(sent.includes(EXIF_SECRET)).toBe(true);
      const petId = await addPetOn(target());
      const photo = await addPhoto(target(), petId, sent);
      expect(photo).toMatchObject({ width: 100, height: 200 });
      for (const variant of ['original', 'large', 'thumb'] as const) {
        const file = await fetchPhotoFile(target(), photo.urls[variant]);
        const metadata = await sharp(file.bytes).metadata();
        expect(metadata.exif, `${variant}: no EXIF`).toBeUndefined();
        expect(metadata.xmp, `${variant}: no XMP`).toBeUndefined();
        expect(hasGpsTag(metadata.exif)).toBe(false);
        expect(file.bytes.includes(EXIF_SECRET), `${variant}: no comment`).toBe(false);
        expect(file.bytes.includes('Acme Phones'), `${variant}: no camera`).toBe(false);
        expect(metadata.orientation ?? 1, `${variant}: upright as stored`).toBe(1);
        expect(metadata.height, `${variant}: taller than wide`).toBeGreaterThan(metadata.width);
      }
    });

    it.each([
      [
        'a text file named .png',
        async () => formData([{ name: 'file', bytes: Buffer.from('not a picture at all\n'), filename: 'cat.png', type: 'image/png' }]),
        /not an image/,
      ],
      [
        'an HTML page sent as image/png',
        async () => ({ body: Buffer.from('<!doctype html><script>alert(1)</script>'), contentType: 'image/png' }),
        /not an image/,
      ],
      ['an SVG sent as image/png', async () => ({ body: svg(), contentType: 'image/png' }), /SVG.*PNG/],
      ['an SVG sent as image/svg+xml', async () => ({ body: svg(), contentType: 'image/svg+xml' }), /SVG.*PNG/],
      ['a HEIC photo', async () => ({ body: await heic(), contentType: 'image/heic' }), /HEIC.*JPEG/],
      ['an animated WebP', async () => ({ body: await animatedWebp(), contentType: 'image/webp' }), /Animated.*still/],
      ['a GIF', async () => ({ body: await gif(), contentType: 'image/gif' }), /GIF.*JPEG, PNG, WebP or AVIF/],
      ['a body of type application/json', async () => ({ body: Buffer.from('{}'), contentType: 'application/json' }), /multipart\/form-data/],
    ])('refuses %s with 415 and what to send instead, changing nothing', async (_, body, message) => {
      const petId = await addPetOn(target());
      const { body: bytes, contentType } = await body();
      const response = await uploadPhoto(target(), petId, bytes, contentType);
      expect(response.status).toBe(415);
      expect(errorOf(response)).toMatchObject({ code: 'unsupported_media_type' });
      expect(errorOf(response).message).toMatch(message);
      expect(await listPhotos(target(), petId)).toEqual([]);
    });

    it('refuses a 20,000 × 20,000 PNG of under 100 KB (400), read from its header', async () => {
      const bomb = decompressionBomb();
      expect(bomb.byteLength).toBeLessThan(100_000);
      const petId = await addPetOn(target());
      const response = await uploadPhoto(target(), petId, bomb, 'image/png');
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toMatch(/20000 × 20000 pixels \(400 megapixels\); at most 40 megapixels/);
      expect(await listPhotos(target(), petId)).toEqual([]);
    });

    it.each([
      ['10 MiB + 1 byte, sent with its length', MAX_PHOTO_BYTES + 1, (bytes: Uint8Array) => bytes],
      ['10 MiB + 1 byte, sent chunked', MAX_PHOTO_BYTES + 1, (bytes: Uint8Array) => new Blob([bytes as BlobPart]).stream()],
      // Past what the front door takes for the route: the rest is dropped, the answer still read.
      ['12 MiB, sent chunked', 12 * 1024 * 1024, (bytes: Uint8Array) => new Blob([bytes as BlobPart]).stream()],
    ])('refuses %s (413)', async (_, size, asBody) => {
      const petId = await addPetOn(target());
      const tooLarge = new Uint8Array(size);
      tooLarge.set(await jpeg());
      const response = await uploadPhoto(target(), petId, asBody(tooLarge) as Uint8Array, 'image/jpeg');
      expect(response.status).toBe(413);
      expect(errorOf(response).message).toMatch(/at most 10 MiB/);
      expect(await listPhotos(target(), petId)).toEqual([]);
    });

    it('refuses a form whose file is 10 MiB + 1 byte (413), and a form without one file part (400)', async () => {
      const petId = await addPetOn(target());
      const big = formData([{ name: 'file', bytes: new Uint8Array(MAX_PHOTO_BYTES + 1), filename: 'big.jpg' }]);
      expect((await uploadPhoto(target(), petId, big.body, big.contentType)).status).toBe(413);
      const none = formData([{ name: 'picture', bytes: await jpeg(), filename: 'a.jpg' }]);
      const refused = await uploadPhoto(target(), petId, none.body, none.contentType);
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toMatch(/exactly one part, a file named "file"/);
      expect(await listPhotos(target(), petId)).toEqual([]);
    });

    it(`refuses a photo past ${MAX_PHOTOS_PER_PET} per pet (409)`, async () => {
      const petId = await addPetOn(target());
      const bytes = await jpeg(16, 16);
      for (let added = 0; added < MAX_PHOTOS_PER_PET; added += 5) {
        await Promise.all(Array.from({ length: 5 }, () => addPhoto(target(), petId, bytes)));
      }
      const refused = await uploadPhoto(target(), petId, bytes);
      expect(refused.status).toBe(409);
      expect(errorOf(refused).message).toMatch(/20 photos, the most a pet may have/);
      const photos = await listPhotos(target(), petId);
      expect(photos.map((photo) => photo.position)).toEqual([...Array(MAX_PHOTOS_PER_PET).keys()]);
    });

    it('refuses an upload from a key with the read scope only (403), and lets it see the photos', async () => {
      const petId = await addPetOn(target());
      await addPhoto(target(), petId, await jpeg());
      const made = await api<{ key: string }>('POST', '/v1/api-keys', onTarget(target(), { json: { name: 'Photo viewer', scope: 'read' } }));
      expect(made.status).toBe(201);
      const viewer = { ...target(), apiKey: made.body.key };
      const refused = await uploadPhoto(viewer, petId, await jpeg());
      expect(refused.status).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
      expect(await listPhotos(viewer, petId)).toHaveLength(1);
    });

    it('moves a photo (0 is the cover; past the last, the last) and lists by position', async () => {
      const petId = await addPetOn(target());
      const [first, second, third] = [
        await addPhoto(target(), petId, await jpeg()),
        await addPhoto(target(), petId, await png()),
        await addPhoto(target(), petId, await webp()),
      ];
      const moved = await api<Photo>('PATCH', `/v1/pets/${petId}/photos/${third!.id}`, onTarget(target(), { json: { position: 0 } }));
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ id: third!.id, position: 0 });
      expect((await listPhotos(target(), petId)).map((photo) => [photo.id, photo.position])).toEqual([
        [third!.id, 0],
        [first!.id, 1],
        [second!.id, 2],
      ]);
      const last = await api<Photo>('PATCH', `/v1/pets/${petId}/photos/${third!.id}`, onTarget(target(), { json: { position: 19 } }));
      expect(last.body.position).toBe(2);
      expect((await listPhotos(target(), petId)).map((photo) => photo.id)).toEqual([first!.id, second!.id, third!.id]);
      const refused = await api('PATCH', `/v1/pets/${petId}/photos/${third!.id}`, onTarget(target(), { json: { position: -1 } }));
      expect(refused.status).toBe(400);
      expect((await api('PATCH', `/v1/pets/${petId}/photos/987654321`, onTarget(target(), { json: { position: 0 } }))).status).toBe(404);
    });

    it('deletes a photo (204): the others move up, and its URL is 404 from then on', async () => {
      const petId = await addPetOn(target());
      const first = await addPhoto(target(), petId, await jpeg());
      const second = await addPhoto(target(), petId, await png());
      expect((await api('DELETE', `/v1/pets/${petId}/photos/${first.id}`, onTarget(target()))).status).toBe(204);
      expect(await listPhotos(target(), petId)).toMatchObject([{ id: second.id, position: 0 }]);
      const gone = await fetchRefusedPhotoFile(target(), first.urls.thumb);
      expect(gone.status).toBe(404);
      expect((await api('DELETE', `/v1/pets/${petId}/photos/${first.id}`, onTarget(target()))).status).toBe(404);
    });

    it('refuses a URL whose photo, size, expiry or signature was changed (403) and one without a signature', async () => {
      const petId = await addPetOn(target());
      const photo = await addPhoto(target(), petId, await jpeg());
      const other = await addPhoto(target(), petId, await png());
      const url = new URL(photo.urls.thumb, target().baseUrl);
      const signature = url.searchParams.get('signature')!;
      const tampered = [
        photo.urls.thumb.replace(`/photos/${photo.id}/`, `/photos/${other.id}/`),
        photo.urls.thumb.replace('/thumb?', '/original?'),
        photo.urls.thumb.replace(/expires=(\d+)/, (_, expires: string) => `expires=${Number(expires) + 3600}`),
        photo.urls.thumb.replace(signature, `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`),
        url.pathname,
      ];
      for (const changed of tampered) {
        const refused = await fetchRefusedPhotoFile(target(), changed);
        expect(refused.status, changed).toBe(403);
        expect(errorOf(refused).code).toBe('forbidden');
      }
    });

    it('makes a deleted pet’s photos unreachable at once', async () => {
      const petId = await addPetOn(target());
      const photo = await addPhoto(target(), petId, await jpeg());
      expect((await fetchPhotoFile(target(), photo.urls.thumb)).status).toBe(200);
      expect((await api('DELETE', `/v1/pets/${petId}`, onTarget(target()))).status).toBe(204);
      expect((await fetchRefusedPhotoFile(target(), photo.urls.thumb)).status).toBe(404);
      expect((await api('GET', `/v1/pets/${petId}/photos`, onTarget(target()))).status).toBe(404);
    });

    it('records adding, moving and removing as the pet’s activity, with the actor, and announces them on the feed', async () => {
      const petId = await addPetOn(target());
      const stream = await openChangeStream({ baseUrl: target().baseUrl, key: target().apiKey });
      let first: Photo, second: Photo;
      try {
        await stream.waitFor((event) => event.event === 'ready');
        first = await addPhoto(target(), petId, await jpeg());
        second = await addPhoto(target(), petId, await png());
        await api('PATCH', `/v1/pets/${petId}/photos/${second.id}`, onTarget(target(), { json: { position: 0 } }));
        await api('DELETE', `/v1/pets/${petId}/photos/${first.id}`, onTarget(target()));
        for (const [kind, id] of [
          ['created', first.id],
          ['created', second.id],
          ['updated', second.id],
          ['updated', first.id],
          ['deleted', first.id],
        ] as const) {
          const expected = { resource: 'photo', kind, id, petId };
          await stream.waitFor((event) => event.event === 'change' && isDeepStrictEqual(JSON.parse(event.data), expected));
        }
      } finally {
        stream.close();
      }
      const log = await api<{ action: string; actor?: { keyId?: number }; before?: object; after?: object }[]>(
        'GET',
        `/v1/activity?resource=pet&resourceId=${petId}`,
        onTarget(target()),
      );
      expect(log.status).toBe(200);
      const photoEntries = log.body.filter((entry) => entry.action.startsWith('photo-')).reverse();
      expect(photoEntries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['photo-add', undefined, { photo_id: first.id, position: 0, content_type: 'image/jpeg', width: 64, height: 48, bytes: first.bytes }],
        ['photo-add', undefined, { photo_id: second.id, position: 1, content_type: 'image/png', width: 64, height: 48, bytes: second.bytes }],
        ['photo-move', { photo_order: [first.id, second.id] }, { photo_order: [second.id, first.id] }],
        ['photo-remove', { photo_id: first.id, position: 1 }, undefined],
      ]);
      for (const entry of photoEntries) expect(entry.actor?.keyId).toBeGreaterThan(0);
    });

    it('adds each pet’s cover URLs, or null, to the list, the batch read and getPet with include=cover', async () => {
      const categoryId = uniqueCategoryId();
      const pets = [];
      for (const name of ['Covered', 'Bare']) {
        const added = await api<{ id: number }>('POST', '/v1/pets', onTarget(target(), { json: { name, categoryId } }));
        pets.push(added.body.id);
      }
      const [covered, bare] = pets as [number, number];
      const first = await addPhoto(target(), covered, await jpeg());
      const second = await addPhoto(target(), covered, await png());
      const coverOf = async (query: string) => {
        const listed = await api<{ id: number; cover?: { thumb: string } | null }[]>('GET', `/v1/pets?${query}`, onTarget(target()));
        expect(listed.status).toBe(200);
        return listed.body.map((pet) => [pet.id, pet.cover === null ? null : /\/v1\/photos\/(\d+)\/thumb\?/.exec(pet.cover!.thumb)?.[1]]);
      };
      expect(await coverOf(`categoryId=${categoryId}&include=cover`)).toEqual([
        [covered, String(first.id)],
        [bare, null],
      ]);
      await api('PATCH', `/v1/pets/${covered}/photos/${second.id}`, onTarget(target(), { json: { position: 0 } }));
      expect(await coverOf(`id=${covered},${bare}&include=tags,cover`)).toEqual([
        [covered, String(second.id)],
        [bare, null],
      ]);
      const single = await api<{ cover: { thumb: string } }>('GET', `/v1/pets/${covered}?include=cover`, onTarget(target()));
      expect((await fetchPhotoFile(target(), single.body.cover.thumb)).status).toBe(200);
      const plain = await api<object[]>('GET', `/v1/pets?categoryId=${categoryId}`, onTarget(target()));
      expect(plain.body.every((pet) => !('cover' in pet))).toBe(true);
    });

    it('answers 404 for the photos of a pet that does not exist', async () => {
      expect((await api('GET', '/v1/pets/987654321012/photos', onTarget(target()))).status).toBe(404);
      expect((await uploadPhoto(target(), 987_654_321_012, await jpeg())).status).toBe(404);
    });
  });
}
