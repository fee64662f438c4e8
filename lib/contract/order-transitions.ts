// The order state machine: which moves between order statuses are allowed and
// what each does to the pet (docs/ARCHITECTURE.md: a pet's status changes only through
// orders). Pure data and functions, so the API, the dashboard and the docs read
// one table.
import { ORDER_STATUSES, type OrderStatus } from './orders';
import type { PetStatus } from './pets';

/** For each order status, the statuses a PATCH may move it to. Delivered and cancelled are final. */
export const ORDER_MOVES = {
  placed: ['approved', 'cancelled'],
  approved: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** The pet's status once its order reaches each status (placing an order is reaching `placed`). */
export const PET_STATUS_FOR_ORDER = {
  placed: 'pending',
  approved: 'pending',
  delivered: 'sold',
  cancelled: 'available',
} as const satisfies Record<OrderStatus, PetStatus>;

export function allowedMoves(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_MOVES[from];
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return allowedMoves(from).includes(to);
}

/** An open order still holds its pet: the pet is pending until the order is delivered or cancelled. */
export function isOpen(status: OrderStatus): boolean {
  return allowedMoves(status).length > 0;
}

/** The statuses of the orders that hold their pet (placed, approved). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(isOpen);

/** "approved or cancelled", or "none: delivered is final", for error messages and docs. */
export function describeAllowedMoves(from: OrderStatus): string {
  const moves = allowedMoves(from);
  return moves.length === 0 ? `none: ${from} is final` : moves.join(' or ');
}
