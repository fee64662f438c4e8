// Pet photos with their bytes in an S3-compatible store (s3rver on loopback, started
// here) on a server of the test's own over PostgreSQL: the shared behaviour
// (tests/support/photo-suite.ts), where the objects go and when they leave, a second
// instance serving what the first stored, and a store that stops answering.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, errorOf } from '../support/api';
import { describePhotoApi } from '../support/photo-suite';
import { addPetOn, addPhoto, fetchPhotoFile, jpeg, listPhotos, onTarget, uploadPhoto } from '../support/photos';
import { startS3Server, type S3Server } from '../support/s3';
import { startServer, type TestServer } from '../support/server';

const PREFIX = 'catalogue';

let s3: S3Server;
let server: TestServer;
const target = () => ({ baseUrl: server.baseUrl, apiKey: server.apiKey });

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startServer({ database: 'postgres', env: s3.environment(PREFIX) });
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

describePhotoApi('S3', target);

describe('photos in S3', () => {
  it('keeps each photo’s three files in the bucket under the prefix, and none in the database', async () => {
    const petId = await addPetOn(target());
    const before = await s3.objectKeys(PREFIX);
    await addPhoto(target(), petId, await jpeg());
    const added = (await s3.objectKeys(PREFIX)).filter((key) => !before.includes(key));
    expect(added).toHaveLength(3);
    const storageKey = added[0]!.split('/')[1];
    expect(added).toEqual([`${PREFIX}/${storageKey}/large`, `${PREFIX}/${storageKey}/original`, `${PREFIX}/${storageKey}/thumb`]);
    const database = postgres(server.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      expect((await database`select count(*)::int as count from photo_blobs`)[0]!.count).toBe(0);
    } finally {
      await database.end();
    }
  });

  it('removes a deleted photo’s files from the bucket', async () => {
    const petId = await addPetOn(target());
    const before = await s3.objectKeys(PREFIX);
    const photo = await addPhoto(target(), petId, await jpeg());
    expect((await s3.objectKeys(PREFIX)).length).toBe(before.length + 3);
    expect((await api('DELETE', `/v1/pets/${petId}/photos/${photo.id}`, onTarget(target()))).status).toBe(204);
    expect(await s3.objectKeys(PREFIX)).toEqual(before);
  });

  it('serves a photo uploaded through one instance from another over the same database and bucket', async () => {
    const other = await startServer({
      database: 'postgres',
      databaseUrl: server.databaseUrl,
      env: { ...s3.environment(PREFIX), PETSTORE_BOOTSTRAP_API_KEY: server.apiKey },
    });
    try {
      const petId = await addPetOn(target());
      const photo = await addPhoto(target(), petId, await jpeg(800, 600));
      const elsewhere = { baseUrl: other.baseUrl, apiKey: server.apiKey };
      expect((await listPhotos(elsewhere, petId)).map((listed) => listed.id)).toEqual([photo.id]);
      for (const url of Object.values(photo.urls)) expect((await fetchPhotoFile(elsewhere, url)).status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it('answers 503 while the store does not answer, and keeps serving the list', async () => {
    const petId = await addPetOn(target());
    await addPhoto(target(), petId, await jpeg());
    await s3.stop();
    const refused = await uploadPhoto(target(), petId, await jpeg());
    expect(refused.status).toBe(503);
    expect(errorOf(refused).message).toMatch(/photo store/);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await listPhotos(target(), petId)).toHaveLength(1);
  });
});
