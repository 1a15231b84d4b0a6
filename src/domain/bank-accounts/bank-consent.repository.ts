import type { Db } from '../../store/database.js';
import type { BankConsentTable } from './bank-consent.row.js';

export type ConsentStatus =
  | 'awaiting_provider'
  | 'requesting'
  | 'awaiting_authorisation'
  | 'completing'
  | 'authorised'
  | 'rejected'
  | 'failed';

export async function insertConsent(db: Db, row: BankConsentTable): Promise<void> {
  await db.insertInto('bank_consents').values(row).execute();
}

export async function findConsentByState(db: Db, state: string): Promise<BankConsentTable | undefined> {
  return db.selectFrom('bank_consents').selectAll().where('state', '=', state).executeTakeFirst();
}

/**
 * Moves the consent on only from one of the expected statuses, so that two browsers (or a double
 * click) cannot both act on one consent: the loser sees false.
 */
export async function moveConsent(
  db: Db,
  id: string,
  from: readonly ConsentStatus[],
  patch: Partial<BankConsentTable> & { status: ConsentStatus; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('bank_consents')
    .set(patch)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
