// Consents held by the sandbox bank (payment, standing order and account access).
import type { Db } from '../../store/database.js';
import type { SandboxConsentTable } from './sandbox-bank.row.js';

export type ConsentKind = 'domestic-payment' | 'standing-order' | 'account-access';

export async function insertConsent(db: Db, row: SandboxConsentTable): Promise<void> {
  await db.insertInto('sandbox_bank_consents').values(row).execute();
}

export async function findConsent(db: Db, id: string): Promise<SandboxConsentTable | undefined> {
  return db.selectFrom('sandbox_bank_consents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A consent of this kind and client, or undefined (another client's consent does not exist for it). */
export async function findClientConsent(
  db: Db,
  id: string,
  kind: ConsentKind,
  clientId: string,
): Promise<SandboxConsentTable | undefined> {
  return db
    .selectFrom('sandbox_bank_consents')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Moves a consent on only from the status the caller saw; false when someone else moved it first. */
export async function updateConsentFrom(
  db: Db,
  id: string,
  fromStatus: string,
  patch: Partial<SandboxConsentTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_bank_consents')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
