// Pet photos with their bytes in the database (the default store), on the lane's
// database: the shared behaviour (tests/support/photo-suite.ts), a dashboard viewer's
// upload, and, on a server of the test's own (its process known, its URLs short-lived),
// an expired URL and the memory a decompression bomb does not take.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorOf } from '../support/api';
import { describePhotoApi } from '../support/photo-suite';
import { addPetOn, addPhoto, decompressionBomb, fetchPhotoFile, fetchRefusedPhotoFile, jpeg, listPhotos, suiteTarget, uploadPhoto } from '../support/photos';
import { startServer, type TestServer } from '../support/server';
import { addUser, sessionKeyOf } from '../support/suite-users';

describePhotoApi('database', suiteTarget);

describe('photos: who may add them', () => {
  it('refuses a dashboard viewer’s upload (403) and shows them the photos', async () => {
    const petId = await addPetOn(suiteTarget());
    await addPhoto(suiteTarget(), petId, await jpeg());
    const email = `photo-viewer-${Date.now()}@example.com`;
    await addUser(email, 'viewer password 1234', 'viewer');
    const viewer = { ...suiteTarget(), apiKey: await sessionKeyOf(email, 'viewer password 1234') };
    const refused = await uploadPhoto(viewer, petId, await jpeg());
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toMatch(/"write" scope/);
    expect(await listPhotos(viewer, petId)).toHaveLength(1);
  });
});

/** The resident memory of a process, in bytes (Linux). */
const residentBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe('photos on a server of their own', () => {
  let server: TestServer;
  const target = () => ({ baseUrl: server.baseUrl, apiKey: server.apiKey });

  beforeAll(async () => {
    server = await startServer({ database: inject('database'), env: { PHOTO_URL_TTL_SECONDS: '1' } });
  });
  afterAll(() => server?.stop());

  it('refuses an expired URL (403) that worked until then', async () => {
    const petId = await addPetOn(target());
    const photo = await addPhoto(target(), petId, await jpeg());
    const expires = Number(new URL(photo.urls.thumb, server.baseUrl).searchParams.get('expires')) * 1000;
    if (Date.now() < expires - 200) expect((await fetchPhotoFile(target(), photo.urls.thumb)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expires - Date.now() + 1_100));
    const refused = await fetchRefusedPhotoFile(target(), photo.urls.thumb);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toMatch(/expired/);
  });

  it('refuses twenty decompression bombs without the server’s memory growing', async () => {
    const petId = await addPetOn(target());
    const bomb = decompressionBomb();
    await uploadPhoto(target(), petId, bomb, 'image/png');
    const before = residentBytes(server.process.pid!);
    for (let sent = 0; sent < 20; sent++) expect((await uploadPhoto(target(), petId, bomb, 'image/png')).status).toBe(400);
    const grown = residentBytes(server.process.pid!) - before;
    // Decoding one would take 400 MB at least; 20 bodies of 49 KB and their answers, a few MB.
    expect(grown).toBeLessThan(30 * 1024 * 1024);
  });
});
