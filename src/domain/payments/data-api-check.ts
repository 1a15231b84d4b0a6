// The data-API check (spec 2.2 `dataApiCheckStatus`): for payments into an account connected through
// the bank's data API, the merchant's own account must show the credit. Found -> payment_received (and a
// payment the bank had not reported yet becomes paid); not found within DATA_API_CHECK_DAYS of the
// customer's authorisation -> payment_not_found. Bank calls happen outside the transactions.
import { sql } from 'kysely';
import type { Deps } from '../../context.js';
import type { BankTransaction } from '../../providers/bank-provider.js';
import type { Db } from '../../store/database.js';
import { withTransaction } from '../../store/transaction.js';
import type { Job } from '../../workers/job.js';
import {
  dataApiCheckApplies,
  findBankAccountById,
  findMatchingCredit,
  listIncomingCredits,
} from '../bank-accounts/data-api-check.js';
import { setTransactionStatus } from '../transactions/transaction.repository.js';
import { openTransaction, transactionsOf } from '../transactions/transaction.service.js';
import type { DataApiCheckStatus, Payment, PaymentStatus } from './payment.js';
import { findPaymentById, updatePayment } from './payment.repository.js';
import { movePayment } from './payment.service.js';
import { recordPaymentChange } from './payment-history.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment the customer may still pay (sent, overdue) or has paid (pending, paid). */
const CHECKED: PaymentStatus[] = ['sent', 'overdue', 'pending', 'paid'];

export interface CheckResult {
  received: number;
  notFound: number;
}

interface Candidate {
  id: string;
  amount: number;
  invoice_ref: string;
  created_at: string;
}

/**
 * Live payments still waiting for the data-API check, oldest first. The conditions of the partial index
 * payments_data_api_pending (migration 0026) are literals here, so that both engines can prove it applies.
 */
export function paymentsAwaitingCheck(db: Db) {
  return db
    .selectFrom('payments')
    .select(['id', 'bank_account_id', 'amount', 'invoice_ref', 'created_at'])
    .where('data_api_check_status', '=', sql.lit('pending_payment'))
    .where('status', 'in', CHECKED)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .limit(500);
}

export async function checkPaymentsThroughDataApi(deps: Deps): Promise<CheckResult> {
  const result: CheckResult = { received: 0, notFound: 0 };
  const rows = await paymentsAwaitingCheck(deps.db).execute();
  const byAccount = new Map<string, Candidate[]>();
  for (const row of rows)
    byAccount.set(row.bank_account_id, [...(byAccount.get(row.bank_account_id) ?? []), row]);
  for (const [accountId, payments] of byAccount) {
    const credits = await creditsOf(deps, accountId, payments);
    if (!credits) continue;
    const taken = await takenCredits(deps, accountId);
    for (const candidate of payments) {
      const since = Date.parse(candidate.created_at) - DAY_MS;
      const credit = findMatchingCredit(
        credits.filter((c) => Date.parse(c.bookedAt) >= since),
        { amount: Number(candidate.amount), reference: candidate.invoice_ref },
        taken,
      );
      if (credit) {
        taken.add(credit.transactionId);
        if (await confirm(deps, candidate.id, credit)) result.received++;
      } else if (await noteMissing(deps, candidate.id)) {
        result.notFound++;
      }
    }
  }
  return result;
}

async function creditsOf(deps: Deps, accountId: string, payments: Candidate[]) {
  const account = await findBankAccountById(deps, accountId);
  if (!account || !dataApiCheckApplies(account) || account.bankConsentExpired === 'expired') return undefined;
  const oldest = Math.min(...payments.map((p) => Date.parse(p.created_at)));
  try {
    return await listIncomingCredits(deps, account, {
      from: new Date(oldest - DAY_MS).toISOString(),
      to: deps.clock.now().toISOString(),
    });
  } catch (err) {
    // The bank being away is no verdict: try again on the next run.
    deps.log.warn({ err, bankAccountId: accountId }, 'data-API check could not read the account');
    return undefined;
  }
}

async function takenCredits(deps: Deps, accountId: string): Promise<Set<string>> {
  const rows = await deps.db
    .selectFrom('payments')
    .select('data_api_credit_id')
    .where('bank_account_id', '=', accountId)
    .where('data_api_credit_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.data_api_credit_id).filter((id): id is string => typeof id === 'string'));
}

async function setCheck(deps: Deps, payment: Payment, status: DataApiCheckStatus, creditId: string | null) {
  const now = deps.clock.now().toISOString();
  const checked: Payment = {
    ...payment,
    dataApiCheckStatus: status,
    lastDataApiCheckAt: now,
    updatedAt: now,
  };
  await updatePayment(deps.db, checked);
  if (creditId)
    await deps.db
      .updateTable('payments')
      .set({ data_api_credit_id: creditId })
      .where('id', '=', payment.id)
      .execute();
  for (const transaction of await transactionsOf(deps, 'Payment', payment.id)) {
    if (transaction.direction !== 'incoming') continue;
    await setTransactionStatus(
      deps.db,
      transaction.id,
      status === 'payment_received' ? 'completed' : transaction.status,
      {
        data_api_check_status: status,
        last_data_api_check_at: now,
        ...(status === 'payment_received' && !transaction.completedAt ? { completed_at: now } : {}),
      },
    );
  }
  // The merchant hears about the verdict like about a status change.
  await recordPaymentChange(deps, checked, `data_api_${status}`, { statusChanged: true });
  return checked;
}

/** The credit is in the merchant's account: the payment is received (and paid, if the bank had not said). */
async function confirm(deps: Deps, paymentId: string, credit: BankTransaction): Promise<boolean> {
  return withTransaction(deps, async (tx) => {
    let payment = await findPaymentById(tx.db, paymentId, tx.engine);
    if (payment?.dataApiCheckStatus !== 'pending_payment') return false;
    // Matched to the payment as it was read: after an edit of its amount it is not this payment's money.
    if (credit.amount !== payment.amountPence) return false;
    const paidAt = new Date(credit.bookedAt).toISOString();
    if (payment.status === 'sent' || payment.status === 'overdue') {
      // Paid by a plain transfer: the customer never went through the bank's authorisation here.
      payment = await movePayment(tx, payment, 'authorise');
      await openTransaction(tx, {
        companyId: payment.companyId,
        integrationId: payment.integrationId,
        parentType: 'Payment',
        parentId: payment.id,
        direction: 'incoming',
        amountPence: payment.amountPence,
        reference: payment.invoiceRefNumber,
        externalRef: null,
        isSandbox: payment.isSandbox,
        dataApiCheckStatus: 'pending_payment',
      });
    }
    if (payment.status === 'pending')
      payment = await movePayment(tx, payment, 'settle', { completedAt: paidAt });
    await setCheck(tx, payment, 'payment_received', credit.transactionId);
    return true;
  });
}

/** Not there yet: note the check, and give up once the window after the customer's authorisation is over. */
async function noteMissing(deps: Deps, paymentId: string): Promise<boolean> {
  return withTransaction(deps, async (tx) => {
    const payment = await findPaymentById(tx.db, paymentId, tx.engine);
    if (payment?.dataApiCheckStatus !== 'pending_payment') return false;
    const now = tx.clock.now();
    const authorisedAt = await authorisedAtOf(tx, payment);
    const over =
      authorisedAt !== undefined && now.getTime() - authorisedAt > tx.config.dataApiCheckDays * DAY_MS;
    if (over) {
      await setCheck(tx, payment, 'payment_not_found', null);
      return true;
    }
    await tx.db
      .updateTable('payments')
      .set({ last_data_api_check_at: now.toISOString() })
      .where('id', '=', payment.id)
      .execute();
    return false;
  });
}

/** When the customer authorised the payment at the bank (its latest move to pending), if ever. */
async function authorisedAtOf(deps: Deps, payment: Payment): Promise<number | undefined> {
  if (payment.status !== 'pending' && payment.status !== 'paid') return undefined;
  const row = await deps.db
    .selectFrom('payment_actions')
    .select('created_at')
    .where('payment_id', '=', payment.id)
    .where('action', '=', 'authorise')
    .orderBy('seq', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Date.parse(row?.created_at ?? payment.updatedAt);
}

export const paymentDataApiCheckJob: Job = {
  name: 'payments.data-api-check',
  intervalMs: 15 * 60_000,
  run: async (deps) => {
    await checkPaymentsThroughDataApi(deps);
  },
};
