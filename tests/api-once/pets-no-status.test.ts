// GET /v1/pets?status=none and /v1/pets/counts?status=none (experimental): the
// pets created without a status, which the dashboard's "No status" tab lists.
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';

describe('status=none', () => {
  it('lists only the pets without a status, and counts them as the counts do', async () => {
    const word = `Nostatus${Date.now().toString(36)}`;
    const without = (await api('POST', '/v1/pets', { json: { name: `${word} A`, categoryId: 1 } })).body;
    await api('POST', '/v1/pets', { json: { name: `${word} B`, categoryId: 1, status: 'sold' } });
    const withoutToo = (await api('POST', '/v1/pets', { json: { name: `${word} C`, categoryId: 1 } })).body;

    const listed = await api('GET', `/v1/pets?status=none&name=${word}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([without, withoutToo]);
    const counted = await api('GET', `/v1/pets/counts?name=${word}`);
    expect(counted.body).toMatchObject({ total: 3, none: 2, sold: 1 });
    expect((await api('GET', `/v1/pets/counts?status=none&name=${word}`)).body).toMatchObject({ total: 2, none: 2, sold: 0 });

    const page = await api('GET', '/v1/pets?status=none&limit=1');
    expect(page.body).toHaveLength(1);
    expect(page.body[0].status).toBeUndefined();
  });

  it('still refuses an unknown status, naming the values', async () => {
    const refused = await api('GET', '/v1/pets?status=unknown');
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: 'status', message: 'must be one of available, pending, sold, none' }]);
  });
});
