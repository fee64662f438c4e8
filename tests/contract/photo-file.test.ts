// A photo's file, by its signed URL, as both ways of serving /v1 send it: the image
// with its own type, nosniff, `Content-Security-Policy: sandbox` (not the pages'
// policy), an ETag and a 304, no key asked for; a changed URL a JSON 403.
import { expect, it } from 'vitest';
import { errorOf } from '../support/api';
import { addPetOn, addPhoto, fetchPhotoFile, fetchRefusedPhotoFile, png, suiteTarget } from '../support/photos';

it('sends a photo’s file as an image that never runs as a page, cacheable, and refuses a changed URL', async () => {
  const photo = await addPhoto(suiteTarget(), await addPetOn(suiteTarget()), await png());
  const file = await fetchPhotoFile(suiteTarget(), photo.urls.original);
  expect(file.headers.get('content-type')).toBe('image/png');
  expect(file.headers.get('content-security-policy')).toBe('sandbox');
  expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
  const again = await fetchPhotoFile(suiteTarget(), photo.urls.original, { 'if-none-match': file.headers.get('etag')! });
  expect(again.status).toBe(304);
  const refused = await fetchRefusedPhotoFile(suiteTarget(), photo.urls.original.replace('/original?', '/large?'));
  expect(refused.status).toBe(403);
  expect(errorOf(refused).code).toBe('forbidden');
});
