import type { Db, Engine } from '../../store/database.js';
import type { AttemptKind, AttemptStatus, DeclineReason, PaymentAttempt } from './payment-attempt.js';
import type { PaymentAttemptTable } from './payment-attempt.row.js';
import type { BankTermsMismatch } from './transfer-terms.js';

export function toAttempt(row: PaymentAttemptTable): PaymentAttempt {
  return {
    id: row.id,
    paymentId: row.payment_id,
    refundId: row.refund_id,
    kind: row.kind as AttemptKind,
    provider: row.provider,
    state: row.state,
    status: row.status as AttemptStatus,
    amountPence: Number(row.amount),
    consentId: row.consent_id,
    authorizationUrl: row.authorization_url,
    bankPaymentId: row.bank_payment_id,
    transactionId: row.transaction_id,
    mismatch: row.mismatch ? (JSON.parse(row.mismatch) as BankTermsMismatch) : null,
    declineReason: (row.decline_reason ?? null) as DeclineReason | null,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertAttempt(db: Db, row: PaymentAttemptTable): Promise<void> {
  await db.insertInto('payment_attempts').values(row).execute();
}

export async function findAttemptByState(db: Db, state: string): Promise<PaymentAttempt | undefined> {
  const row = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('state', '=', state)
    .executeTakeFirst();
  return row ? toAttempt(row) : undefined;
}

export async function findAttempt(db: Db, id: string, lock?: Engine): Promise<PaymentAttempt | undefined> {
  let query = db.selectFrom('payment_attempts').selectAll().where('id', '=', id);
  if (lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toAttempt(row) : undefined;
}

/**
 * Moves an attempt only from one of `from`: the conditional update is the claim, so two requests
 * (a double click, a replayed return) never both act on one attempt. True when this call moved it.
 */
export async function moveAttempt(
  db: Db,
  id: string,
  from: readonly AttemptStatus[],
  patch: Partial<Omit<PaymentAttemptTable, 'id' | 'payment_id' | 'kind' | 'state'>> & {
    status: AttemptStatus;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set(patch)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Attempts of one payment in the given statuses, newest first. */
export async function attemptsOf(
  db: Db,
  paymentId: string,
  statuses: readonly AttemptStatus[],
): Promise<PaymentAttempt[]> {
  const rows = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('status', 'in', [...statuses])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAttempt);
}

/** Attempts in a status last touched before `before`, oldest first. */
export async function staleAttempts(
  db: Db,
  status: AttemptStatus,
  before: string,
  limit: number,
): Promise<PaymentAttempt[]> {
  const rows = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('status', '=', status)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map(toAttempt);
}

/** Keeps what the bank moved when it differs from what was asked; true only the first time. */
export async function setAttemptMismatch(db: Db, id: string, mismatch: BankTermsMismatch): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set({ mismatch: JSON.stringify(mismatch) })
    .where('id', '=', id)
    .where('mismatch', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Voids a payment's authorisations that no payer has completed yet (its terms are changing); answers
 * those already being completed or submitted, which may be moving money and so cannot be voided.
 */
export async function voidOpenAttempts(db: Db, paymentId: string, at: string): Promise<PaymentAttempt[]> {
  const moving = await attemptsOf(db, paymentId, ['completing', 'submitted']);
  if (moving.length > 0) return moving;
  await db
    .updateTable('payment_attempts')
    .set({ status: 'voided', updated_at: at })
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['requesting', 'awaiting_authorisation'])
    .execute();
  return [];
}
