// Standing orders pay on the dates of their schedule as the sandbox clock passes them: every date at or
// before now is paid exactly once (the unique (standing order, index) row and the index check under a
// lock make a second runner a no-op), booked on its own date.
import { DomainError, notFound } from '../../../domain/errors.js';
import { newId } from '../../../domain/ids.js';
import { transfer } from '../ledger/transfer.js';
import type { SandboxBankDeps } from '../sandbox-bank.js';
import { inTransaction, locks } from '../store.js';
import { paymentDateOf } from './schedule.js';
import { COMPLETED, REJECTED } from './settlement.js';
import { planOfRow } from './standing-orders.js';
import {
  dueStandingOrders,
  findStandingOrder,
  insertStandingOrderPayment,
  updateStandingOrder,
} from './standing-orders.repository.js';

export const FAILED_BY_CONTROL = 'The bank could not make this payment (sandbox control)';
const BATCH = 100;

/** Makes the next payment of the order if it is due by `now`; false when nothing was due. */
async function payNext(bank: SandboxBankDeps, id: string, now: string): Promise<boolean> {
  return inTransaction(bank.db, async (db) => {
    const order = await findStandingOrder(db, id, locks(bank.engine));
    if (order?.status !== 'InitiationCompleted') return false;
    if (order.next_payment_at === null || order.next_payment_at > now) return false;
    const index = order.next_index;
    const plan = planOfRow(order);
    const nextAt = paymentDateOf(plan, index + 1);
    const amount =
      index === 0
        ? order.first_amount
        : nextAt === null && order.final_amount !== null
          ? order.final_amount
          : order.recurring_amount;
    const paymentId = newId();
    let status: string = REJECTED;
    let reason: string | null = FAILED_BY_CONTROL;
    let failNext = order.fail_next;
    if (failNext > 0) {
      failNext -= 1;
    } else {
      const result = await transfer(
        { ...bank, db },
        {
          debtorAccountId: order.debtor_account_id,
          creditor: {
            sortCode: order.creditor_sort_code,
            accountNumber: order.creditor_account_number,
            name: order.creditor_name,
          },
          amount,
          reference: order.reference,
          paymentId,
          bookedAt: order.next_payment_at,
        },
      );
      status = result.booked ? COMPLETED : REJECTED;
      reason = result.booked ? null : result.reason;
    }
    await insertStandingOrderPayment(db, {
      id: paymentId,
      standing_order_id: order.id,
      payment_index: index,
      scheduled_at: order.next_payment_at,
      amount,
      status,
      reason,
      created_at: bank.clock.now().toISOString(),
    });
    await updateStandingOrder(db, order.id, {
      next_index: index + 1,
      next_payment_at: nextAt,
      fail_next: failNext,
    });
    return true;
  });
}

/** Pays every standing-order date at or before the clock's now; answers how many payments it made. */
export async function runDueStandingOrders(bank: SandboxBankDeps): Promise<number> {
  const now = bank.clock.now().toISOString();
  let made = 0;
  for (;;) {
    const ids = await dueStandingOrders(bank.db, now, BATCH);
    for (const id of ids) {
      while (await payNext(bank, id, now)) made += 1;
    }
    if (ids.length < BATCH) return made;
  }
}

/** Pays what is due on one standing order now (right after it is set up). */
export async function runStandingOrder(bank: SandboxBankDeps, id: string): Promise<void> {
  const now = bank.clock.now().toISOString();
  while (await payNext(bank, id, now)) {}
}

/** Sandbox control: the next scheduled payment of this standing order fails (no money moves). */
export async function failNextStandingOrderPayment(
  bank: SandboxBankDeps,
  standingOrderId: string,
): Promise<void> {
  await inTransaction(bank.db, async (db) => {
    const order = await findStandingOrder(db, standingOrderId, locks(bank.engine));
    if (!order) throw notFound('sandbox bank standing order');
    if (order.status !== 'InitiationCompleted' || order.next_payment_at === null) {
      throw new DomainError('invalid_state', 'the standing order has no payment left to fail');
    }
    await updateStandingOrder(db, order.id, { fail_next: order.fail_next + 1 });
  });
}

/** Sandbox control: the customer cancels the standing order at their bank; it pays no more. */
export async function cancelStandingOrderAtBank(
  bank: SandboxBankDeps,
  standingOrderId: string,
): Promise<void> {
  await inTransaction(bank.db, async (db) => {
    const order = await findStandingOrder(db, standingOrderId, locks(bank.engine));
    if (!order) throw notFound('sandbox bank standing order');
    if (order.status === 'Cancelled')
      throw new DomainError('invalid_state', 'the standing order is already cancelled');
    await updateStandingOrder(db, order.id, {
      status: 'Cancelled',
      next_payment_at: null,
      status_updated_at: bank.clock.now().toISOString(),
    });
  });
}
