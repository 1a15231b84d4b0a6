// Follows active recurring payments at the customer's bank as the clock passes their dates: each item
// becomes `paid` (the standing order's payment details, or the credit in the merchant's account when it
// is read through the data API) or `missed` (a failed payment, or none in time); the last one decided
// completes the recurring payment; a standing order cancelled at the bank is `cancelled_by_customer`.
//
// The bank is read first, outside any transaction; what it said is applied in one transaction with the
// recurring payment locked, so two runs never record one payment twice.
import type { Deps } from '../../context.js';
import type {
  BankStandingOrder,
  BankTransaction,
  StandingOrderPayment,
} from '../../providers/bank-provider.js';
import { withTransaction } from '../../store/transaction.js';
import type { BankAccount } from '../bank-accounts/bank-account.js';
import {
  dataApiCheckApplies,
  findBankAccountById,
  findMatchingCredit,
  listIncomingCredits,
} from '../bank-accounts/data-api-check.js';
import { setTransactionStatus } from '../transactions/transaction.repository.js';
import { addDays, addWorkingDays, londonDay } from '../working-days.js';
import type { RecurringItem, RecurringPayment } from './recurring.js';
import * as repo from './recurring.repository.js';
import { moveRecurring } from './recurring.service.js';
import { canMoveItemTo, closeOpenItems, missItem, payItem, topUpSchedule } from './recurring-items.js';

/** An item with no payment this many working days after its date was missed. */
export const MISSED_AFTER_WORKING_DAYS = 2;
/** A recurring payment with an item due is read at most this often while its payment is awaited. */
const RECHECK_MS = 15 * 60_000;
/** Every active one is read at least daily: the customer may cancel at the bank any day. */
const STALE_MS = 24 * 3_600_000;
const BATCH = 200;
const DAY_MS = 86_400_000;

interface BankView {
  order: BankStandingOrder;
  payments: StandingOrderPayment[];
  /** Credits into the merchant's account since the earliest open item; null when it is not read. */
  credits: BankTransaction[] | null;
  dataApi: boolean;
}

/** The UTC calendar day of a date-time (the day standing-order schedules are kept in). */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * Items the merchant's account may still show the money of: due, within the data-API window after their
 * date, and not failed by the bank itself; paid ones only until the account confirms them.
 */
function awaitingCredit(deps: Deps, items: readonly RecurringItem[]): RecurringItem[] {
  const now = deps.clock.now();
  const oldest = new Date(now.getTime() - deps.config.dataApiCheckDays * DAY_MS).toISOString();
  return items.filter(
    (i) =>
      i.expectedPaymentDate <= now.toISOString() &&
      i.expectedPaymentDate >= oldest &&
      i.accountTransactionId === null &&
      (i.status === 'pending' || i.status === 'paid' || (i.status === 'missed' && i.bankPaymentId === null)),
  );
}

async function readCredits(
  deps: Deps,
  account: BankAccount,
  items: RecurringItem[],
): Promise<BankTransaction[] | null> {
  const open = awaitingCredit(deps, items);
  if (open.length === 0) return [];
  const from = `${addDays(dayOf(open[0]!.expectedPaymentDate), -1)}T00:00:00.000Z`;
  try {
    return await listIncomingCredits(deps, account, { from, to: deps.clock.now().toISOString() });
  } catch (err) {
    // The standing order's own payment details still tell; the data API is a second opinion.
    deps.log.warn(
      { err, bankAccountId: account.id },
      'account information not available for recurring items',
    );
    return null;
  }
}

async function readBank(deps: Deps, recurring: RecurringPayment): Promise<BankView> {
  const bank = deps.banks.get(recurring.provider as string);
  const id = recurring.standingOrderId as string;
  const [order, payments] = await Promise.all([
    bank.getStandingOrder(id),
    bank.listStandingOrderPayments(id),
  ]);
  const account = await findBankAccountById(deps, recurring.bankAccountId);
  const dataApi = account !== undefined && dataApiCheckApplies(account);
  const credits =
    account && dataApi ? await readCredits(deps, account, await repo.listItems(deps.db, recurring.id)) : null;
  return { order, payments, credits, dataApi };
}

/**
 * The item a bank payment was for: the latest open item dated on or before the day the bank made it (a
 * bank moves a weekend date to the next working day, never earlier).
 */
function itemForPayment(items: RecurringItem[], payment: StandingOrderPayment): RecurringItem | undefined {
  const day = dayOf(payment.executedAt);
  return items
    .filter(
      (i) => i.status !== 'cancelled' && i.bankPaymentId === null && dayOf(i.expectedPaymentDate) <= day,
    )
    .at(-1);
}

function replace(items: RecurringItem[], next: RecurringItem): void {
  items[items.findIndex((i) => i.id === next.id)] = next;
}

async function applyPayments(
  deps: Deps,
  recurring: RecurringPayment,
  items: RecurringItem[],
  view: BankView,
) {
  const known = new Set(items.map((i) => i.bankPaymentId).filter((id) => id !== null));
  const fresh = view.payments
    .filter((p) => p.status !== 'pending' && !known.has(p.bankPaymentId))
    .sort((a, b) => a.executedAt.localeCompare(b.executedAt));
  for (const payment of fresh) {
    const item = itemForPayment(items, payment);
    if (!item) {
      deps.log.warn(
        { recurringPaymentId: recurring.id, bankPaymentId: payment.bankPaymentId },
        'bank payment matches no item',
      );
      continue;
    }
    if (payment.status === 'completed' && canMoveItemTo(item, 'pay')) {
      replace(
        items,
        await payItem(deps, recurring, item, {
          paidAt: new Date(payment.executedAt).toISOString(),
          bankPaymentId: payment.bankPaymentId,
          dataApi: view.dataApi,
        }),
      );
    } else if (payment.status === 'rejected' && canMoveItemTo(item, 'miss')) {
      replace(items, await missItem(deps, recurring, item, payment.bankPaymentId));
    } else {
      // Already decided by the other source: only remember which bank payment it was.
      const linked = {
        ...item,
        bankPaymentId: payment.bankPaymentId,
        updatedAt: deps.clock.now().toISOString(),
      };
      await repo.updateItem(deps.db, linked);
      replace(items, linked);
    }
  }
}

/**
 * Credits seen in the merchant's account pay (or confirm) the items they match: the amount and the
 * reference, booked from the day before the item's date to the end of the data-API window after it.
 */
async function applyCredits(deps: Deps, recurring: RecurringPayment, items: RecurringItem[], view: BankView) {
  if (!view.credits) return;
  const now = deps.clock.now().toISOString();
  const taken = new Set(items.map((i) => i.accountTransactionId).filter((id) => id !== null));
  for (const item of awaitingCredit(deps, items)) {
    const from = addDays(dayOf(item.expectedPaymentDate), -1);
    const to = addDays(dayOf(item.expectedPaymentDate), deps.config.dataApiCheckDays);
    const credit = findMatchingCredit(
      view.credits.filter((c) => dayOf(c.bookedAt) >= from && dayOf(c.bookedAt) <= to),
      { amount: item.amountPence, reference: recurring.reference },
      taken,
    );
    if (!credit) continue;
    taken.add(credit.transactionId);
    if (canMoveItemTo(item, 'pay')) {
      replace(
        items,
        await payItem(deps, recurring, item, {
          paidAt: new Date(credit.bookedAt).toISOString(),
          accountTransactionId: credit.transactionId,
          dataApi: true,
        }),
      );
      continue;
    }
    // Paid as the standing order said: the merchant's account confirms the money arrived.
    const confirmed = { ...item, accountTransactionId: credit.transactionId, updatedAt: now };
    await repo.updateItem(deps.db, confirmed);
    if (item.transactionId) {
      await setTransactionStatus(deps.db, item.transactionId, 'completed', {
        data_api_check_status: 'payment_received',
        last_data_api_check_at: now,
      });
    }
    replace(items, confirmed);
  }
  // Paid items the account never showed within the window: the data-API check did not find them. (Only
  // the latest few are looked at: older ones were marked on an earlier run.)
  const windowStart = Date.parse(now) - deps.config.dataApiCheckDays * DAY_MS;
  const unconfirmed = items
    .filter((i) => {
      const at = Date.parse(i.expectedPaymentDate);
      return (
        i.status === 'paid' &&
        i.accountTransactionId === null &&
        at < windowStart &&
        at >= windowStart - 7 * DAY_MS
      );
    })
    .map((i) => i.transactionId)
    .filter((id) => id !== null);
  await repo.markCreditsNotFound(deps.db, unconfirmed, now);
}

/** Items whose payment never came within the grace days are missed. */
async function applyGrace(deps: Deps, recurring: RecurringPayment, items: RecurringItem[]) {
  const today = londonDay(deps.clock.now());
  for (const item of items) {
    if (item.status !== 'pending') continue;
    const deadline = addWorkingDays(londonDay(new Date(item.expectedPaymentDate)), MISSED_AFTER_WORKING_DAYS);
    if (deadline < today) replace(items, await missItem(deps, recurring, item, null));
  }
}

/** Applies what the bank said to one recurring payment, in one transaction. */
async function apply(deps: Deps, id: string, view: BankView): Promise<void> {
  await withTransaction(deps, async (tx) => {
    let recurring = await repo.findRecurringById(tx.db, id, tx.engine);
    if (recurring?.status !== 'active') return;
    const items = await repo.listItems(tx.db, id);
    await applyPayments(tx, recurring, items, view);
    await applyCredits(tx, recurring, items, view);
    if (view.order.status === 'cancelled') {
      recurring = await moveRecurring(tx, recurring, 'cancel_by_customer');
      await closeOpenItems(tx, recurring, items);
    } else {
      await applyGrace(tx, recurring, items);
      if (recurring.numberOfPayments > 0 && items.every((i) => i.status !== 'pending')) {
        recurring = await moveRecurring(tx, recurring, 'complete');
      } else {
        await topUpSchedule(tx, recurring, items);
      }
    }
    await repo.setLastChecked(tx.db, id, tx.clock.now().toISOString());
  });
}

/** Reads one active recurring payment's standing order at the bank and records what changed. */
export async function trackRecurringPayment(deps: Deps, id: string): Promise<void> {
  const recurring = await repo.findRecurringById(deps.db, id);
  if (recurring?.status !== 'active' || !recurring.provider || !recurring.standingOrderId) return;
  await apply(deps, id, await readBank(deps, recurring));
}

/** One run of the tracker: every active recurring payment with an item due, or not read for a day. */
export async function trackRecurringPayments(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const ids = await repo.recurringToTrack(
    deps.db,
    {
      now: now.toISOString(),
      recheckBefore: new Date(now.getTime() - RECHECK_MS).toISOString(),
      staleBefore: new Date(now.getTime() - STALE_MS).toISOString(),
    },
    BATCH,
  );
  let tracked = 0;
  for (const id of ids) {
    try {
      await trackRecurringPayment(deps, id);
      tracked++;
    } catch (err) {
      // One bank's outage must not hold the others up; this one is read again on the next run.
      deps.log.warn({ err, recurringPaymentId: id }, 'recurring payment not tracked this time');
    }
  }
  return tracked;
}
