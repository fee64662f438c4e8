// What the orders suites need beyond `api`: a pet to order, placing and moving
// orders, and an order's whole history. Every call goes through tests/support/api.ts.
import { expect } from 'vitest';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { Pet, PetStatus } from '@/lib/contract/pets';
import { addPet, api, linkTarget } from './api';

/** A new pet in `status`; `null` leaves it without one. */
export function addPetWithStatus(status: PetStatus | null = 'available'): Promise<Pet> {
  const name = `Orderable ${Math.random().toString(36).slice(2, 8)}`;
  return addPet({ name, categoryId: 1, ...(status ? { status } : {}) }) as Promise<Pet>;
}

export async function petStatus(petId: number): Promise<PetStatus | undefined> {
  const answer = await api<Pet>('GET', `/v1/pets/${petId}`);
  expect(answer.status, `getting pet ${petId}`).toBe(200);
  return answer.body.status;
}

export const placeOrder = (petId: number, extra: Record<string, unknown> = {}) => api<Order>('POST', '/v1/store/orders', { json: { petId, ...extra } });

export const moveOrder = (orderId: number, status: OrderStatus | string) => api<Order>('PATCH', `/v1/store/orders/${orderId}`, { json: { status } });

/** An order in `status`, for a new pet: placed, then moved there by allowed moves. */
export async function orderIn(status: OrderStatus): Promise<{ order: Order; petId: number }> {
  const pet = await addPetWithStatus('available');
  const placed = await placeOrder(pet.id);
  expect(placed.status, 'placing an order').toBe(201);
  let order = placed.body;
  const moves: Record<OrderStatus, OrderStatus[]> = {
    placed: [],
    approved: ['approved'],
    delivered: ['approved', 'delivered'],
    cancelled: ['cancelled'],
  };
  for (const next of moves[status]) {
    const moved = await moveOrder(order.id, next);
    expect(moved.status, `moving order ${order.id} to ${next}`).toBe(200);
    order = moved.body;
  }
  return { order, petId: pet.id };
}

/** Every order of one pet, following the Link header across pages. */
export async function ordersOfPet(petId: number): Promise<Order[]> {
  const found: Order[] = [];
  let path: string | undefined = `/v1/store/orders?petId=${petId}&limit=100`;
  while (path) {
    const answer = await api<Order[]>('GET', path);
    expect(answer.status, 'listing orders').toBe(200);
    found.push(...answer.body);
    path = linkTarget(answer.headers, 'next');
  }
  return found;
}
