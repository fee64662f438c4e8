// Pet photos with their bytes in the database (the default store), on the lane's
// database: the shared behaviour (tests/support/photo-suite.ts) and a dashboard
// viewer's upload.
import { describe, expect, it } from 'vitest';
import { errorOf } from '../support/api';
import { describePhotoApi } from '../support/photo-suite';
import { addPetOn, addPhoto, jpeg, listPhotos, suiteTarget, uploadPhoto } from '../support/photos';
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
