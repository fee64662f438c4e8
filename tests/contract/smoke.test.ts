import { describe, expect, it } from 'vitest';
import { api } from '../support/api';

describe('GET /v1/pets', () => {
  it('answers 200 with a JSON array for a valid key', async () => {
    const response = await api('GET', '/v1/pets');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
  });
});
