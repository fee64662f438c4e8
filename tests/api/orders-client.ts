// The few HTTP calls the orders suites make, against the server of global setup,
// with the bootstrap key unless told otherwise.
import { inject } from 'vitest';
import type { ErrorBody } from '@/lib/contract/errors';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { Pet, PetStatus } from '@/lib/contract/pets';

export type Answer<Body = unknown> = { status: number; headers: Headers; body: Body };

export async function call<Body = unknown>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    contentType?: string;
    apiKey?: string | null;
    headers?: Record<string, string>;
    /** Another server than the suite's (tests/support/seeded-server.ts). */
    baseUrl?: string;
  } = {},
): Promise<Answer<Body>> {
  const headers: Record<string, string> = { ...options.headers };
  const apiKey = options.apiKey === undefined ? inject('apiKey') : options.apiKey;
  if (apiKey !== null) headers.authorization = `Bearer ${apiKey}`;
  let body: string | undefined;
  if (options.body !== undefined || options.rawBody !== undefined) {
    headers['content-type'] = options.contentType ?? 'application/json';
    body = options.rawBody ?? JSON.stringify(options.body);
  }
  const response = await fetch(`${options.baseUrl ?? inject('baseUrl')}/v1${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Body };
}

/** The Error body of an answer that was expected to fail. */
export const errorOf = (answer: Answer<unknown>) => answer.body as ErrorBody;

/** A new pet; `status: null` leaves it without one. */
export async function addPet(status: PetStatus | null = 'available'): Promise<Pet> {
  const answer = await call<Pet>('POST', '/pets', {
    body: { name: `Orderable ${Math.random().toString(36).slice(2, 8)}`, categoryId: 1, ...(status ? { status } : {}) },
  });
  if (answer.status !== 201) throw new Error(`could not add a pet: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function petStatus(petId: number): Promise<PetStatus | undefined> {
  const answer = await call<Pet>('GET', `/pets/${petId}`);
  if (answer.status !== 200) throw new Error(`could not get pet ${petId}: ${answer.status}`);
  return answer.body.status;
}

export const placeOrder = (petId: number, extra: Record<string, unknown> = {}) =>
  call<Order>('POST', '/store/orders', { body: { petId, ...extra } });

export const moveOrder = (orderId: number, status: OrderStatus | string) =>
  call<Order>('PATCH', `/store/orders/${orderId}`, { body: { status } });

/** An order in `status`, for a new pet: placed, then moved there by allowed moves. */
export async function orderIn(status: OrderStatus): Promise<{ order: Order; petId: number }> {
  const pet = await addPet('available');
  const placed = await placeOrder(pet.id);
  if (placed.status !== 201) throw new Error(`could not place an order: ${placed.status}`);
  let order = placed.body;
  const path: Record<OrderStatus, OrderStatus[]> = {
    placed: [],
    approved: ['approved'],
    delivered: ['approved', 'delivered'],
    cancelled: ['cancelled'],
  };
  for (const next of path[status]) {
    const moved = await moveOrder(order.id, next);
    if (moved.status !== 200) throw new Error(`could not move order ${order.id} to ${next}: ${moved.status}`);
    order = moved.body;
  }
  return { order, petId: pet.id };
}

/** Every order of one pet, following the Link header across pages. */
export async function ordersOfPet(petId: number): Promise<Order[]> {
  const found: Order[] = [];
  let path: string | null = `/store/orders?petId=${petId}&limit=100`;
  while (path) {
    const answer: Answer<Order[]> = await call<Order[]>('GET', path);
    if (answer.status !== 200) throw new Error(`could not list orders: ${answer.status}`);
    found.push(...answer.body);
    const next = /<\/v1([^>]+)>;\s*rel="next"/.exec(answer.headers.get('link') ?? '');
    path = next ? next[1]! : null;
  }
  return found;
}
