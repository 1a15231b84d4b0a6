// A partner's API keys as the portal lists and manages them (name, description, who made it, when it
// was last used, disabled or revoked).
import type { Db } from '../../store/database.js';

export async function listApiKeyRows(db: Db, partnerId: string) {
  return db
    .selectFrom('partner_api_keys')
    .select([
      'id',
      'name',
      'description',
      'created_at',
      'created_by',
      'last_used_at',
      'disabled_at',
      'revoked_at',
    ])
    .where('partner_id', '=', partnerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Sets or clears disabled_at of an unrevoked key of the partner; false when there is none. */
export async function setApiKeyDisabled(
  db: Db,
  partnerId: string,
  keyId: string,
  disabledAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('partner_api_keys')
    .set({ disabled_at: disabledAt })
    .where('id', '=', keyId)
    .where('partner_id', '=', partnerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchApiKey(db: Db, keyId: string, at: string): Promise<void> {
  await db.updateTable('partner_api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
}
