// The items of a recurring payment (spec 2.5): its schedule written out, and each item's moves, which
// emit their webhook and, once paid, record the incoming transaction. Called in the caller's transaction.
import type { Deps } from '../../context.js';
import { newId } from '../ids.js';
import * as transactions from '../transactions/transaction.repository.js';
import { openTransaction } from '../transactions/transaction.service.js';
import type { RecurringItem, RecurringPayment } from './recurring.js';
import { insertItems, updateItem } from './recurring.repository.js';
import { recordItemChange } from './recurring-history.js';
import { queueRecurringPaymentEmail } from './recurring-mail.js';
import { ITEM_MOVES, type ItemMove } from './recurring-status.js';
import { itemDate, ROLLING_WINDOW } from './schedule.js';

function newItems(recurring: RecurringPayment, from: number, count: number, now: string): RecurringItem[] {
  const first = new Date(recurring.firstPaymentDate);
  return Array.from({ length: count }, (_, i) => ({
    id: newId(),
    recurringPaymentId: recurring.id,
    index: from + i,
    amountPence: recurring.amountPence,
    status: 'pending' as const,
    expectedPaymentDate: itemDate(first, recurring.frequency, from + i).toISOString(),
    completedAt: null,
    bankPaymentId: null,
    accountTransactionId: null,
    transactionId: null,
    createdAt: now,
    updatedAt: now,
  }));
}

/** The whole schedule of a finite recurring payment; the first ROLLING_WINDOW items of an indefinite one. */
export async function writeSchedule(deps: Deps, recurring: RecurringPayment): Promise<void> {
  const count = recurring.numberOfPayments > 0 ? recurring.numberOfPayments : ROLLING_WINDOW;
  await insertItems(deps.db, newItems(recurring, 0, count, deps.clock.now().toISOString()));
}

/** An indefinite recurring payment keeps ROLLING_WINDOW items ahead of now; answers the items added. */
export async function topUpSchedule(
  deps: Deps,
  recurring: RecurringPayment,
  items: readonly RecurringItem[],
): Promise<RecurringItem[]> {
  if (recurring.numberOfPayments > 0) return [];
  const now = deps.clock.now().toISOString();
  const ahead = items.filter((i) => i.expectedPaymentDate > now).length;
  if (ahead >= ROLLING_WINDOW) return [];
  const next = items.reduce((max, i) => Math.max(max, i.index + 1), 0);
  const added = newItems(recurring, next, ROLLING_WINDOW - ahead, now);
  await insertItems(deps.db, added);
  return added;
}

export function canMoveItemTo(item: RecurringItem, move: ItemMove): boolean {
  return ITEM_MOVES[move].from.includes(item.status);
}

async function saveAndTell(deps: Deps, recurring: RecurringPayment, item: RecurringItem) {
  await updateItem(deps.db, item);
  await recordItemChange(deps, recurring, item);
  return item;
}

export interface Payer {
  /** When the money arrived (the bank's date of the payment). */
  paidAt: string;
  /** The standing-order payment that paid it, when the bank's payment details told. */
  bankPaymentId?: string | undefined;
  /** The credit in the merchant's account, when account information told. */
  accountTransactionId?: string | undefined;
  /** The merchant's account is read through the data API. */
  dataApi: boolean;
}

/** The item was paid: its incoming transaction is recorded, completed on the bank's date. */
export async function payItem(
  deps: Deps,
  recurring: RecurringPayment,
  item: RecurringItem,
  payer: Payer,
): Promise<RecurringItem> {
  const transaction = await openTransaction(deps, {
    companyId: recurring.companyId,
    integrationId: recurring.integrationId,
    parentType: 'RecurringPayment',
    parentId: recurring.id,
    direction: 'incoming',
    amountPence: item.amountPence,
    reference: recurring.reference,
    externalRef: payer.bankPaymentId ?? payer.accountTransactionId ?? null,
    isSandbox: recurring.isSandbox,
    dataApiCheckStatus: !payer.dataApi
      ? 'not_applicable'
      : payer.accountTransactionId
        ? 'payment_received'
        : 'pending_payment',
  });
  const now = deps.clock.now().toISOString();
  await transactions.setTransactionStatus(deps.db, transaction.id, 'completed', {
    completed_at: payer.paidAt,
    ...(payer.accountTransactionId ? { last_data_api_check_at: now } : {}),
  });
  const paid = await saveAndTell(deps, recurring, {
    ...item,
    status: 'paid',
    completedAt: payer.paidAt,
    bankPaymentId: payer.bankPaymentId ?? item.bankPaymentId,
    accountTransactionId: payer.accountTransactionId ?? item.accountTransactionId,
    transactionId: transaction.id,
    updatedAt: now,
  });
  await queueRecurringPaymentEmail(deps, recurring, paid);
  return paid;
}

/** The bank failed the item's payment, or none came in time. */
export async function missItem(
  deps: Deps,
  recurring: RecurringPayment,
  item: RecurringItem,
  bankPaymentId: string | null,
): Promise<RecurringItem> {
  return saveAndTell(deps, recurring, {
    ...item,
    status: 'missed',
    bankPaymentId: bankPaymentId ?? item.bankPaymentId,
    updatedAt: deps.clock.now().toISOString(),
  });
}

export async function cancelItem(
  deps: Deps,
  recurring: RecurringPayment,
  item: RecurringItem,
): Promise<RecurringItem> {
  return saveAndTell(deps, recurring, {
    ...item,
    status: 'cancelled',
    updatedAt: deps.clock.now().toISOString(),
  });
}

/**
 * The recurring payment ended: items not yet due are cancelled; due ones of a standing order that never
 * paid them are missed (a recurring payment never set up had nothing to miss: all are cancelled).
 */
export async function closeOpenItems(
  deps: Deps,
  recurring: RecurringPayment,
  items: readonly RecurringItem[],
): Promise<void> {
  const now = deps.clock.now().toISOString();
  for (const item of items) {
    if (item.status !== 'pending') continue;
    if (item.expectedPaymentDate <= now && recurring.standingOrderId !== null) {
      await missItem(deps, recurring, item, null);
    } else {
      await cancelItem(deps, recurring, item);
    }
  }
}
