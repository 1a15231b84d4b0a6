// The payment state machine (API.md part 7), in one place: every move goes through assertTransition.
import { invalidState } from '../errors.js';
import type { PaymentStatus } from './payment.js';

export type PaymentMove =
  | 'process'
  | 'edit'
  | 'delete'
  | 'mark_overdue'
  | 'authorise'
  | 'settle'
  | 'reject'
  | 'cancel'
  | 'start_refund'
  | 'complete_refund'
  | 'complete_partial_refund'
  | 'reject_refund';

/** For each move, the statuses it is allowed from and the status it leads to (null: unchanged). */
export const PAYMENT_MOVES: Record<
  PaymentMove,
  { from: readonly PaymentStatus[]; to: PaymentStatus | null }
> = {
  process: { from: ['draft'], to: 'sent' },
  edit: { from: ['draft', 'sent'], to: null },
  delete: { from: ['draft', 'sent'], to: null },
  mark_overdue: { from: ['sent'], to: 'overdue' },
  // A rejected payment's link can be used again.
  authorise: { from: ['sent', 'overdue', 'rejected'], to: 'pending' },
  settle: { from: ['pending'], to: 'paid' },
  reject: { from: ['pending'], to: 'rejected' },
  cancel: { from: ['draft', 'sent', 'overdue', 'pending'], to: 'cancelled' },
  start_refund: { from: ['paid', 'partial_refund'], to: 'refund_started' },
  complete_refund: { from: ['refund_started'], to: 'refunded' },
  complete_partial_refund: { from: ['refund_started'], to: 'partial_refund' },
  reject_refund: { from: ['refund_started'], to: 'refund_rejected' },
};

/** The status after `move`, or a 409 naming the current and the allowed statuses. */
export function assertTransition(current: PaymentStatus, move: PaymentMove): PaymentStatus {
  const rule = PAYMENT_MOVES[move];
  if (!rule.from.includes(current))
    throw invalidState('payment', current, rule.from, move.replaceAll('_', ' '));
  return rule.to ?? current;
}

export function canMove(current: PaymentStatus, move: PaymentMove): boolean {
  return PAYMENT_MOVES[move].from.includes(current);
}

/** Statuses whose payment link still takes a payment. */
export const PAYABLE: readonly PaymentStatus[] = PAYMENT_MOVES.authorise.from;
