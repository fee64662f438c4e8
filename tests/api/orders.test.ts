// Orders over HTTP (docs/ORDERS.md): placing, reading and moving an order, every allowed
// and forbidden move, and the error answers. Races are in orders-concurrency.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '@/lib/domain/api-keys';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { Pet, PetStatus } from '@/lib/contract/pets';
import type { Database } from '@/lib/db/client';
import { placeOrder as storeOrder } from '@/lib/domain/orders';
import { createPet } from '@/lib/domain/pets';
import { serverWithData, type SeededServer } from '../support/seeded-server';
import { api, errorOf } from '../support/api';
import { addPetWithStatus, moveOrder, orderIn, ordersOfPet, petStatus, placeOrder } from '../support/orders';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('POST /v1/store/orders', () => {
  it('places an order for an available pet: 201, Location, status placed, quantity 1, and the pet becomes pending', async () => {
    const pet = await addPetWithStatus('available');
    const answer = await placeOrder(pet.id);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('location')).toBe(`/v1/store/orders/${answer.body.id}`);
    expect(answer.body).toEqual({ id: expect.any(Number), petId: pet.id, quantity: 1, status: 'placed', createdAt: expect.stringMatching(ISO_DATE) });
    expect(answer.body).not.toHaveProperty('shipDate');
    expect(await petStatus(pet.id)).toBe('pending');
  });

  it('keeps the quantity asked for, up to 1000', async () => {
    const pet = await addPetWithStatus('available');
    const answer = await placeOrder(pet.id, { quantity: 1000 });
    expect(answer.status).toBe(201);
    expect(answer.body.quantity).toBe(1000);
  });

  it('serves the new order at its Location and lists it under its pet', async () => {
    const pet = await addPetWithStatus('available');
    const placed = await placeOrder(pet.id, { quantity: 3 });
    const fetched = await api<Order>('GET', placed.headers.get('location')!);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(placed.body);
    expect(await ordersOfPet(pet.id)).toEqual([placed.body]);
  });

  it.each([
    ['pending', 'its status is pending'],
    ['sold', 'its status is sold'],
    [null, 'it has no status'],
  ] as const)('refuses a pet whose status is %s with 409 conflict saying so, and stores no order', async (status, saying) => {
    const pet = await addPetWithStatus(status);
    const answer = await placeOrder(pet.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'conflict', status: 409 });
    expect(errorOf(answer).message).toContain(saying);
    expect(await petStatus(pet.id)).toBe(status ?? undefined);
    expect(await ordersOfPet(pet.id)).toEqual([]);
  });

  it('refuses a second order for a pet already ordered with 409', async () => {
    const pet = await addPetWithStatus('available');
    expect((await placeOrder(pet.id)).status).toBe(201);
    const second = await placeOrder(pet.id);
    expect(second.status).toBe(409);
    expect(errorOf(second).message).toContain('its status is pending');
  });

  it('replays the placed order to a retry with the same Idempotency-Key instead of refusing it', async () => {
    const pet = await addPetWithStatus('available');
    const headers = { 'idempotency-key': `order-${pet.id}-${Date.now()}` };
    const first = await api<Order>('POST', '/v1/store/orders', { json: { petId: pet.id }, headers });
    const retry = await api<Order>('POST', '/v1/store/orders', { json: { petId: pet.id }, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(await ordersOfPet(pet.id)).toHaveLength(1);
  });

  it('answers 404 not_found for a pet that does not exist', async () => {
    const answer = await placeOrder(Number.MAX_SAFE_INTEGER);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found', status: 404 });
  });

  it.each([
    ['no petId', {}, 'petId'],
    ['a string petId', { petId: '1' }, 'petId'],
    ['a zero petId', { petId: 0 }, 'petId'],
    ['a fractional petId', { petId: 1.5 }, 'petId'],
    ['a petId beyond 2^53-1', { petId: 2 ** 53 }, 'petId'],
    ['a huge petId', { petId: 1e300 }, 'petId'],
    ['a quantity of 0', { petId: 1, quantity: 0 }, 'quantity'],
    ['a quantity of 1001', { petId: 1, quantity: 1001 }, 'quantity'],
    ['a fractional quantity', { petId: 1, quantity: 1.5 }, 'quantity'],
    ['a string quantity', { petId: 1, quantity: '2' }, 'quantity'],
    ['a null quantity', { petId: 1, quantity: null }, 'quantity'],
    ['a huge quantity', { petId: 1, quantity: 1e300 }, 'quantity'],
    ['an id', { petId: 1, id: 7 }, 'id'],
    ['a status', { petId: 1, status: 'approved' }, 'status'],
    ['an array', [{ petId: 1 }], ''],
    ['null', null, ''],
  ])('rejects a body with %s: 400 invalid_request naming the field', async (_, body, path) => {
    const answer = await api<{ code: string; details: { path: string }[] }>('POST', '/v1/store/orders', { json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_request');
    expect(answer.body.details.map((detail) => detail.path)).toContain(path);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const answer = await api('POST', '/v1/store/orders', { body: '{"petId": 1', contentType: 'application/json' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_request' });
  });

  it('rejects a body that is not application/json with 415', async () => {
    const pet = await addPetWithStatus('available');
    const answer = await api('POST', '/v1/store/orders', { body: `petId=${pet.id}`, contentType: 'application/x-www-form-urlencoded' });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 'unsupported_media_type' });
    expect(await petStatus(pet.id)).toBe('available');
  });
});

describe('GET /v1/store/orders/{orderId}', () => {
  it('answers 200 with the order', async () => {
    const { order } = await orderIn('approved');
    const answer = await api<Order>('GET', `/v1/store/orders/${order.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(order);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999999999999'])('answers 400 invalid_request for the id %s', async (id) => {
    const answer = await api('GET', `/v1/store/orders/${id}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it.each([String(Number.MAX_SAFE_INTEGER), '9223372036854775807'])('answers 404 not_found for the unknown id %s', async (id) => {
    const answer = await api('GET', `/v1/store/orders/${id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found', status: 404 });
  });
});

// Every (from, to) pair: the four allowed moves and the twelve forbidden ones.
const petStatusFor: Record<OrderStatus, PetStatus> = { placed: 'pending', approved: 'pending', delivered: 'sold', cancelled: 'available' };
const allowedFrom: Record<OrderStatus, OrderStatus[]> = {
  placed: ['approved', 'cancelled'],
  approved: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};
const statuses: OrderStatus[] = ['placed', 'approved', 'delivered', 'cancelled'];
const pairs = statuses.flatMap((from) => statuses.map((to) => ({ from, to })));

describe('PATCH /v1/store/orders/{orderId}', () => {
  it.each(pairs.filter(({ from, to }) => allowedFrom[from].includes(to)))('moves a $from order to $to and the pet follows', async ({ from, to }) => {
    const { order, petId } = await orderIn(from);
    const answer = await moveOrder(order.id, to);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: order.id, petId, quantity: order.quantity, status: to, createdAt: order.createdAt });
    expect(await petStatus(petId)).toBe(petStatusFor[to]);
    expect((await api<Order>('GET', `/v1/store/orders/${order.id}`)).body).toEqual(answer.body);
  });

  it.each(pairs.filter(({ from, to }) => !allowedFrom[from].includes(to)))(
    'refuses to move a $from order to $to with 409 naming the allowed moves, changing nothing',
    async ({ from, to }) => {
      const { order, petId } = await orderIn(from);
      const answer = await moveOrder(order.id, to);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'conflict', status: 409 });
      const message = errorOf(answer).message;
      expect(message).toContain(`is ${from}`);
      expect(message).toContain(allowedFrom[from].length ? allowedFrom[from].join(' or ') : `${from} is final`);
      expect((await api<Order>('GET', `/v1/store/orders/${order.id}`)).body).toEqual(order);
      expect(await petStatus(petId)).toBe(petStatusFor[from]);
    },
  );

  it('sets shipDate on delivery, not before', async () => {
    const { order } = await orderIn('approved');
    expect(order).not.toHaveProperty('shipDate');
    const delivered = await moveOrder(order.id, 'delivered');
    expect(delivered.body.shipDate).toMatch(ISO_DATE);
    expect(Date.parse(delivered.body.shipDate!)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
  });

  it('lets a pet be ordered again once its order is cancelled', async () => {
    const { order, petId } = await orderIn('approved');
    await moveOrder(order.id, 'cancelled');
    const again = await placeOrder(petId);
    expect(again.status).toBe(201);
    expect(await petStatus(petId)).toBe('pending');
    expect((await ordersOfPet(petId)).map((each) => each.status)).toEqual(['cancelled', 'placed']);
  });

  it('refuses to order a sold pet again', async () => {
    const { petId } = await orderIn('delivered');
    const again = await placeOrder(petId);
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toContain('its status is sold');
  });

  it('answers 404 not_found for an unknown order', async () => {
    const answer = await moveOrder(Number.MAX_SAFE_INTEGER, 'approved');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found' });
  });

  it.each(['abc', '0', '99999999999999999999'])('answers 400 invalid_request for the id %s', async (id) => {
    const answer = await api('PATCH', `/v1/store/orders/${id}`, { json: { status: 'approved' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_request' });
  });

  it.each([
    ['no status', {}, 'status'],
    ['an unknown status', { status: 'shipped' }, 'status'],
    ['an unknown field', { status: 'approved', shipDate: '2030-01-01T00:00:00Z' }, 'shipDate'],
    ['an array', [], ''],
  ])('rejects a body with %s: 400 invalid_request, order unchanged', async (_, body, path) => {
    const { order } = await orderIn('placed');
    const answer = await api<{ code: string; details: { path: string }[] }>('PATCH', `/v1/store/orders/${order.id}`, { json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_request');
    expect(answer.body.details.map((detail) => detail.path)).toContain(path);
    expect((await api<Order>('GET', `/v1/store/orders/${order.id}`)).body.status).toBe('placed');
  });

  it('rejects a body that is not application/json with 415', async () => {
    const { order } = await orderIn('placed');
    const answer = await api('PATCH', `/v1/store/orders/${order.id}`, { body: '{"status":"approved"}', contentType: 'text/plain' });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('authentication and scopes on the order operations', () => {
  const operations = [
    ['POST', '/v1/store/orders', { petId: 1 }],
    ['GET', '/v1/store/orders/1', undefined],
    ['PATCH', '/v1/store/orders/1', { status: 'approved' }],
  ] as const;

  it.each(operations)('%s %s answers 401 with a challenge when no key is sent', async (method, path, body) => {
    const answer = await api(method, path, { json: body, key: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="petstore"/);
  });

  it.each(operations)('%s %s answers 401 for an unknown key, before looking at the body', async (method, path) => {
    const body = method === 'GET' ? undefined : 'not json';
    const answer = await api(method, path, { body, key: 'psk_not_a_real_key_0123456789abcdef' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  describe('with keys in other states', () => {
    let server: SeededServer<{ keys: Record<'read' | 'revoked' | 'expired', string>; petId: number; orderId: number }>;
    beforeAll(async () => {
      // Keys the bootstrap key cannot make, and an available pet and a placed order, straight in the database.
      server = await serverWithData(async (database) => {
        const keys = {
          read: (await createApiKey(database, { name: 'orders read-only', scopes: ['read'] })).secret,
          expired: (await createApiKey(database, { name: 'orders expired', scopes: ['read', 'write'], expiresAt: new Date(Date.now() - 60_000) })).secret,
          revoked: await revokedKey(database),
        };
        const pet = await createPet(database, { name: 'Scoped', categoryId: 1, status: 'available' });
        const ordered = await createPet(database, { name: 'Scoped order', categoryId: 1, status: 'available' });
        const placed = await storeOrder(database, { petId: ordered.id, quantity: 1 });
        if (!placed.ok) throw new Error(placed.message);
        return { keys, petId: pet.id, orderId: placed.value.id };
      });
    });
    afterAll(async () => {
      await server?.stop();
    });
    const on = (key: string | null = server.bootstrapKey) => ({ baseUrl: server.baseUrl, key });

    it('a read-only key may read an order', async () => {
      expect((await api('GET', `/v1/store/orders/${server.seed.orderId}`, on(server.seed.keys.read))).status).toBe(200);
    });

    it('a read-only key may not place an order: 403 forbidden, pet unchanged', async () => {
      const answer = await api('POST', '/v1/store/orders', { json: { petId: server.seed.petId }, ...on(server.seed.keys.read) });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'forbidden', status: 403 });
      expect((await api<Pet>('GET', `/v1/pets/${server.seed.petId}`, on())).body.status).toBe('available');
    });

    it('a read-only key may not move an order: 403 forbidden, order unchanged', async () => {
      const answer = await api('PATCH', `/v1/store/orders/${server.seed.orderId}`, { json: { status: 'cancelled' }, ...on(server.seed.keys.read) });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'forbidden' });
      expect((await api<Order>('GET', `/v1/store/orders/${server.seed.orderId}`, on())).body.status).toBe('placed');
    });

    it.each(['revoked', 'expired'] as const)('a %s key is refused with 401', async (state) => {
      const answer = await api('PATCH', `/v1/store/orders/${server.seed.orderId}`, { json: { status: 'cancelled' }, ...on(server.seed.keys[state]) });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized' });
      expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });
  });
});

async function revokedKey(database: Database): Promise<string> {
  const { apiKey, secret } = await createApiKey(database, { name: 'orders revoked', scopes: ['read', 'write'] });
  await revokeApiKey(database, apiKey.id, new Date());
  return secret;
}

describe('unsupported methods on the order routes', () => {
  it.each([
    ['PUT', '/v1/store/orders', 'GET, HEAD, POST, OPTIONS'],
    ['PATCH', '/v1/store/orders', 'GET, HEAD, POST, OPTIONS'],
    ['DELETE', '/v1/store/orders', 'GET, HEAD, POST, OPTIONS'],
    ['POST', '/v1/store/orders/1', 'GET, HEAD, PATCH, OPTIONS'],
    ['PUT', '/v1/store/orders/1', 'GET, HEAD, PATCH, OPTIONS'],
    ['DELETE', '/v1/store/orders/1', 'GET, HEAD, PATCH, OPTIONS'],
  ])('%s %s answers 405 with Allow and a JSON body', async (method, path, allow) => {
    const answer = await api(method, path);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    expect(answer.body).toMatchObject({ code: 'method_not_allowed', status: 405 });
  });

  it.each([
    ['/v1/store/orders', 'GET, HEAD, POST, OPTIONS'],
    ['/v1/store/orders/1', 'GET, HEAD, PATCH, OPTIONS'],
  ])('OPTIONS %s answers 204 with Allow %s', async (path, allow) => {
    const answer = await api('OPTIONS', path, { key: null });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toBe(allow);
  });
});

describe('GET /v1/store/orders still lists orders', () => {
  it('filters by status', async () => {
    const { order } = await orderIn('delivered');
    const answer = await api<Order[]>('GET', `/v1/store/orders?status=delivered&petId=${order.petId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([order]);
    expect((await api<Order[]>('GET', `/v1/store/orders?status=placed&petId=${order.petId}`)).body).toEqual([]);
  });
});
