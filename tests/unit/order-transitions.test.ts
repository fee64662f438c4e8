// Unit test (no HTTP) of the order state machine in lib/contract/order-transitions.ts.
import { describe, expect, it } from 'vitest';
import { allowedMoves, canMove, describeAllowedMoves, isOpen, PET_STATUS_FOR_ORDER } from '@/lib/contract/order-transitions';
import { ORDER_STATUSES, type OrderStatus } from '@/lib/contract/orders';

const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['placed', 'approved'],
  ['placed', 'cancelled'],
  ['approved', 'delivered'],
  ['approved', 'cancelled'],
];

const everyPair = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]));
const isAllowed = (from: OrderStatus, to: OrderStatus) => ALLOWED.some(([a, b]) => a === from && b === to);

describe('the order state machine', () => {
  it.each(everyPair)('%s -> %s is allowed exactly when docs/ORDERS.md says so', (from, to) => {
    expect(canMove(from, to)).toBe(isAllowed(from, to));
  });

  it('never allows a move to the same status', () => {
    for (const status of ORDER_STATUSES) expect(canMove(status, status)).toBe(false);
  });

  it.each([
    ['placed', true],
    ['approved', true],
    ['delivered', false],
    ['cancelled', false],
  ] as const)('counts %s as open: %s', (status, open) => {
    expect(isOpen(status)).toBe(open);
  });

  it.each([
    ['placed', 'pending'],
    ['approved', 'pending'],
    ['delivered', 'sold'],
    ['cancelled', 'available'],
  ] as const)('gives the pet of a %s order the status %s', (status, petStatus) => {
    expect(PET_STATUS_FOR_ORDER[status]).toBe(petStatus);
  });

  it.each([
    ['placed', 'approved or cancelled'],
    ['approved', 'delivered or cancelled'],
    ['delivered', 'none: delivered is final'],
    ['cancelled', 'none: cancelled is final'],
  ] as const)('describes the moves from %s as "%s"', (status, description) => {
    expect(describeAllowedMoves(status)).toBe(description);
    expect(allowedMoves(status).length > 0).toBe(isOpen(status));
  });
});
