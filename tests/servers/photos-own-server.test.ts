// Photos on a server of the test's own, on PostgreSQL, its process known and its URLs
// short-lived (PHOTO_URL_TTL_SECONDS=1): a URL refused once it has expired, and twenty
// decompression bombs refused without the server's memory growing.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../support/api';
import { addPetOn, addPhoto, decompressionBomb, fetchPhotoFile, fetchRefusedPhotoFile, jpeg, uploadPhoto } from '../support/photos';
import { startServer, type TestServer } from '../support/server';

/** The resident memory of a process, in bytes (Linux). */
const residentBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe('photos on a server of their own', () => {
  let server: TestServer;
  const target = () => ({ baseUrl: server.baseUrl, apiKey: server.apiKey });

  beforeAll(async () => {
    server = await startServer({ database: 'postgres', env: { PHOTO_URL_TTL_SECONDS: '1' } });
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
    // Decoding one would take 400 MB at least; twenty bodies of 49 KB and their answers, a few MB.
    expect(grown).toBeLessThan(30 * 1024 * 1024);
  });
});
