// Orders under concurrency (docs/ORDERS.md): racing requests never leave a pet's status
// disagreeing with its orders. Each request is a real HTTP call to the server.
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { PetStatus } from '@/lib/contract/pets';
import type { ApiResponse } from '../support/api';
import { addPetWithStatus, moveOrder, orderIn, ordersOfPet, petStatus, placeOrder } from '../support/orders';

const count = (answers: ApiResponse[], status: number) => answers.filter((answer) => answer.status === status).length;

describe('concurrent orders for one pet', () => {
  it('of 20 racing orders for one available pet exactly one is placed and nineteen get 409', async () => {
    const pet = await addPetWithStatus('available');
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(pet.id)));
    const odd = answers.filter((answer) => answer.status !== 201 && answer.status !== 409).map(({ status, body }) => ({ status, body }));
    expect(odd, `answers neither 201 nor 409: ${JSON.stringify(odd)}`).toEqual([]);
    expect({ placed: count(answers, 201), refused: count(answers, 409) }).toEqual({ placed: 1, refused: 19 });
    expect(await petStatus(pet.id)).toBe('pending');
    const stored = await ordersOfPet(pet.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toEqual(answers.find((answer) => answer.status === 201)!.body);
  });
});

describe('concurrent moves of one order', () => {
  it('of 10 racing approvals of a placed order exactly one succeeds', async () => {
    const { order, petId } = await orderIn('placed');
    const answers = await Promise.all(Array.from({ length: 10 }, () => moveOrder(order.id, 'approved')));
    expect(count(answers, 200)).toBe(1);
    expect(count(answers, 409)).toBe(9);
    expect((await ordersOfPet(petId)).map((each) => each.status)).toEqual(['approved']);
    expect(await petStatus(petId)).toBe('pending');
  });

  // From approved both moves are allowed and both are final, so exactly one of
  // all the racing requests can win. Several rounds, so both sides get to win.
  it('of racing deliveries and cancellations of an approved order exactly one wins, and the pet agrees', async () => {
    const winners: OrderStatus[] = [];
    for (let round = 0; round < 8; round++) {
      const { order, petId } = await orderIn('approved');
      // Alternate which is sent first: the PGlite server serialises, so the first one sent wins there.
      const targets: OrderStatus[] = Array.from({ length: 10 }, (_, index) => ((index + round) % 2 ? 'delivered' : 'cancelled'));
      const answers = await Promise.all(targets.map((target) => moveOrder(order.id, target)));
      expect(count(answers, 200)).toBe(1);
      expect(count(answers, 409)).toBe(9);
      const winner = answers.find((answer) => answer.status === 200)!.body.status;
      winners.push(winner);
      const [stored] = await ordersOfPet(petId);
      expect(stored!.status).toBe(winner);
      expect(await petStatus(petId)).toBe(winner === 'delivered' ? 'sold' : 'available');
    }
    console.info(`approved order, delivery vs cancellation: winners over 8 rounds: ${winners.join(', ')}`);
  });

  // From placed, approve-then-cancel is a legal sequence, so both may succeed; what
  // must hold: one cancellation wins, at most one approval, and any approval came first.
  it('of racing approvals and cancellations of a placed order one cancellation wins and the pet is available', async () => {
    for (let round = 0; round < 8; round++) {
      const { order, petId } = await orderIn('placed');
      const targets: OrderStatus[] = Array.from({ length: 10 }, (_, index) => ((index + round) % 2 ? 'approved' : 'cancelled'));
      const answers = await Promise.all(targets.map((target) => moveOrder(order.id, target)));
      const won = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.status);
      expect(won.filter((status) => status === 'cancelled')).toHaveLength(1);
      expect(won.filter((status) => status === 'approved').length).toBeLessThanOrEqual(1);
      expect(count(answers, 200) + count(answers, 409)).toBe(10);
      expect((await ordersOfPet(petId)).map((each) => each.status)).toEqual(['cancelled']);
      expect(await petStatus(petId)).toBe('available');
    }
  });
});

// A seeded generator, so a failing run can be replayed with ORDERS_SEED.
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Outcome = { kind: 'place'; petId: number; answer: ApiResponse<Order> } | { kind: 'move'; orderId: number; to: OrderStatus; answer: ApiResponse<Order> };

/** The final status a set of successful moves leads to, or why that set is impossible. */
function replay(moves: OrderStatus[]): OrderStatus | string {
  const seen = new Set(moves);
  if (seen.size !== moves.length) return `a move succeeded twice: ${moves.join(', ')}`;
  if (seen.has('delivered') && !seen.has('approved')) return 'delivered without being approved';
  if (seen.has('delivered') && seen.has('cancelled')) return 'both delivered and cancelled';
  if (seen.has('placed')) return 'moved back to placed';
  return seen.has('delivered') ? 'delivered' : seen.has('cancelled') ? 'cancelled' : seen.has('approved') ? 'approved' : 'placed';
}

describe('a randomized concurrent sequence of orders and moves', () => {
  const PETS = 8;
  const REQUESTS = 400;
  const IN_FLIGHT = 16;

  it(`leaves every pet's status agreeing with its orders (${REQUESTS} requests over ${PETS} pets, ${IN_FLIGHT} in flight)`, { timeout: 120_000 }, async () => {
    const seed = Number(process.env.ORDERS_SEED ?? Date.now() % 2 ** 31);
    const random = mulberry32(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const petIds = await Promise.all(Array.from({ length: PETS }, async () => (await addPetWithStatus('available')).id));
    const knownOrders: number[] = [];
    const outcomes: Outcome[] = [];

    let issued = 0;
    async function worker() {
      while (issued < REQUESTS) {
        issued++;
        // Mostly moves once there are orders to move. Deliveries are rarer than
        // cancellations so pets go round (available, pending, available) many times
        // before they sell; 'placed' is never allowed and checks refusals.
        if (knownOrders.length === 0 || random() < 0.35) {
          const petId = pick(petIds);
          const answer = await placeOrder(petId);
          if (answer.status === 201) knownOrders.push(answer.body.id);
          outcomes.push({ kind: 'place', petId, answer });
        } else {
          const orderId = pick(knownOrders.slice(-12));
          const to = pick(['approved', 'approved', 'approved', 'cancelled', 'cancelled', 'cancelled', 'delivered', 'placed'] as const);
          outcomes.push({ kind: 'move', orderId, to, answer: await moveOrder(orderId, to) });
        }
      }
    }
    const started = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (performance.now() - started) / 1000;

    const context = `seed ${seed} (replay with ORDERS_SEED=${seed})`;
    const tally: Record<string, number> = {};
    for (const outcome of outcomes) {
      const key = `${outcome.kind === 'place' ? 'place' : `to ${outcome.to}`} ${outcome.answer.status}`;
      tally[key] = (tally[key] ?? 0) + 1;
      expect([200, 201, 409], `${context}: ${key} ${JSON.stringify(outcome.answer.body)}`).toContain(outcome.answer.status);
    }

    // Each order: the moves that succeeded form a legal path and the stored status is where it leads.
    const successfulMoves = new Map<number, OrderStatus[]>(knownOrders.map((id) => [id, []]));
    for (const outcome of outcomes) {
      if (outcome.kind === 'move' && outcome.answer.status === 200) {
        expect(outcome.answer.body.status).toBe(outcome.to);
        successfulMoves.get(outcome.orderId)!.push(outcome.to);
      }
    }

    const summary: Record<PetStatus, number> = { available: 0, pending: 0, sold: 0 };
    for (const petId of petIds) {
      const stored = await ordersOfPet(petId);
      const status = (await petStatus(petId))!;
      summary[status]++;
      const placedHere = outcomes.filter((outcome) => outcome.kind === 'place' && outcome.petId === petId && outcome.answer.status === 201);
      expect(stored.map((order) => order.id).sort(), `${context}: pet ${petId} has exactly the orders placed for it`).toEqual(
        placedHere.map((outcome) => outcome.answer.body.id).sort(),
      );
      for (const order of stored) {
        expect(replay(successfulMoves.get(order.id)!), `${context}: order ${order.id}`).toBe(order.status);
      }
      const open = stored.filter((order) => order.status === 'placed' || order.status === 'approved').length;
      const delivered = stored.filter((order) => order.status === 'delivered').length;
      const why = `${context}: pet ${petId} is ${status} with orders ${stored.map((order) => order.status).join(', ')}`;
      expect(status === 'sold', why).toBe(delivered === 1);
      expect(status === 'pending', why).toBe(open === 1);
      expect(status === 'available', why).toBe(open === 0 && delivered === 0);
      expect(open + delivered, why).toBeLessThanOrEqual(1);
    }
    console.info(
      `randomized orders, ${context}: ${outcomes.length} requests in ${seconds.toFixed(1)} s; ${knownOrders.length} orders placed; ` +
        `answers ${JSON.stringify(tally)}; pets at the end ${JSON.stringify(summary)}`,
    );
  });
});
