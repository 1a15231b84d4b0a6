// The recurring payment and item state machines (API.md part 7), in one place: every move goes
// through assertTransition.
import { invalidState } from '../errors.js';
import type { ItemStatus, RecurringStatus } from './recurring.js';

export type RecurringMove =
  | 'send'
  | 'edit'
  | 'delete'
  | 'mark_overdue'
  | 'authorise'
  | 'reject'
  | 'cancel'
  | 'cancel_by_customer'
  | 'complete';

/** For each move, the statuses it is allowed from and the status it leads to (null: unchanged). */
export const RECURRING_MOVES: Record<
  RecurringMove,
  { from: readonly RecurringStatus[]; to: RecurringStatus | null }
> = {
  // An overdue one is sent again once its dates are edited.
  send: { from: ['draft', 'overdue'], to: 'sent' },
  edit: { from: ['draft', 'overdue'], to: null },
  // Never once the customer has set it up: that is what cancel is for.
  delete: { from: ['draft', 'sent', 'overdue', 'rejected'], to: null },
  mark_overdue: { from: ['sent', 'rejected'], to: 'overdue' },
  // The customer set the standing order up; a rejected link can be used again.
  authorise: { from: ['sent', 'rejected'], to: 'active' },
  reject: { from: ['sent', 'rejected'], to: 'rejected' },
  cancel: { from: ['sent', 'overdue', 'rejected', 'active'], to: 'cancelled' },
  cancel_by_customer: { from: ['active'], to: 'cancelled_by_customer' },
  complete: { from: ['active'], to: 'completed' },
};

/** The status after `move`, or a 409 naming the current and the allowed statuses. */
export function assertTransition(current: RecurringStatus, move: RecurringMove): RecurringStatus {
  const rule = RECURRING_MOVES[move];
  if (!rule.from.includes(current))
    throw invalidState('recurring payment', current, rule.from, move.replaceAll('_', ' '));
  return rule.to ?? current;
}

export function canMove(current: RecurringStatus, move: RecurringMove): boolean {
  return RECURRING_MOVES[move].from.includes(current);
}

/** Statuses whose link still lets the customer set the standing order up. */
export const SETTABLE_UP: readonly RecurringStatus[] = RECURRING_MOVES.authorise.from;

export type ItemMove = 'pay' | 'miss' | 'cancel';

export const ITEM_MOVES: Record<ItemMove, { from: readonly ItemStatus[]; to: ItemStatus }> = {
  // A payment the bank makes late still pays the item it was for.
  pay: { from: ['pending', 'missed'], to: 'paid' },
  miss: { from: ['pending'], to: 'missed' },
  cancel: { from: ['pending'], to: 'cancelled' },
};

export function canMoveItem(current: ItemStatus, move: ItemMove): boolean {
  return ITEM_MOVES[move].from.includes(current);
}
