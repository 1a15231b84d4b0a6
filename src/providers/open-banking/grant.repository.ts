import type { Db } from '../../store/database.js';
import type { OpenBankingGrantTable } from './grant.row.js';

export async function findGrant(
  db: Db,
  providerId: string,
  consentId: string,
): Promise<OpenBankingGrantTable | undefined> {
  return db
    .selectFrom('open_banking_grants')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('consent_id', '=', consentId)
    .executeTakeFirst();
}

/** Inserts or replaces the consent's tokens (a new code exchange, or a refresh). */
export async function saveGrant(db: Db, row: OpenBankingGrantTable): Promise<void> {
  await db
    .insertInto('open_banking_grants')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['provider_id', 'consent_id']).doUpdateSet({
        access_token: row.access_token,
        refresh_token: row.refresh_token,
        access_expires_at: row.access_expires_at,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteGrant(db: Db, providerId: string, consentId: string): Promise<void> {
  await db
    .deleteFrom('open_banking_grants')
    .where('provider_id', '=', providerId)
    .where('consent_id', '=', consentId)
    .execute();
}

/**
 * Forgets tokens that can no longer be used: an access token past its expiry with no refresh token, or
 * a refreshable grant nobody refreshed for `staleDays` (its consent has long ended).
 */
export async function purgeDeadGrants(db: Db, now: Date, staleDays: number): Promise<number> {
  const stale = new Date(now.getTime() - staleDays * 86_400_000).toISOString();
  const result = await db
    .deleteFrom('open_banking_grants')
    .where((eb) =>
      eb.or([
        eb.and([eb('refresh_token', 'is', null), eb('access_expires_at', '<', now.toISOString())]),
        eb('access_expires_at', '<', stale),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
