// A decompression bomb (a 20,000 × 20,000 PNG of under 100 KB) is refused from its
// header in under 100 ms on the shared server, on each database: it is never decoded.
import { expect, it } from 'vitest';
import { errorOf } from '../support/api';
import { addPetOn, decompressionBomb, suiteTarget, uploadPhoto } from '../support/photos';

it('refuses a 20,000 × 20,000 PNG of under 100 KB in under 100 ms', async () => {
  const bomb = decompressionBomb();
  expect(bomb.byteLength).toBeLessThan(100_000);
  const petId = await addPetOn(suiteTarget());
  // A first refusal warms the route; the next are timed.
  await uploadPhoto(suiteTarget(), petId, bomb, 'image/png');
  for (let sent = 0; sent < 3; sent++) {
    const started = performance.now();
    const response = await uploadPhoto(suiteTarget(), petId, bomb, 'image/png');
    const elapsed = performance.now() - started;
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('invalid_request');
    expect(elapsed).toBeLessThan(100);
  }
});
