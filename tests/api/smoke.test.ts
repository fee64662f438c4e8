import { inject, describe, expect, it } from 'vitest';

describe('GET /v1/pets', () => {
  it('answers 200 with a JSON array for a valid key', async () => {
    const response = await fetch(`${inject('baseUrl')}/v1/pets`, {
      headers: { authorization: `Bearer ${inject('apiKey')}` },
    });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});
