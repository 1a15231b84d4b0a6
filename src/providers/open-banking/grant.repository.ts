// A consent's tokens at its bank. They move money (an access token submits a payment), so they are
// stored sealed with the secrets key like webhook secrets, and opened only here.
import type { SecretBox } from '../../domain/secret-box.js';
import type { Db } from '../../store/database.js';
import type { OpenBankingGrantTable } from './grant.row.js';

/** The consent's tokens, in clear. */
export async function findGrant(
  db: Db,
  box: SecretBox,
  providerId: string,
  consentId: string,
): Promise<OpenBankingGrantTable | undefined> {
  const row = await db
    .selectFrom('open_banking_grants')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('consent_id', '=', consentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    access_token: box.open(row.access_token),
    refresh_token: row.refresh_token === null ? null : box.open(row.refresh_token),
  };
}

/** Inserts or replaces the consent's tokens (a new code exchange, or a refresh), given in clear. */
export async function saveGrant(db: Db, box: SecretBox, clear: OpenBankingGrantTable): Promise<void> {
  const row = {
    ...clear,
    access_token: box.seal(clear.access_token),
    refresh_token: clear.refresh_token === null ? null : box.seal(clear.refresh_token),
  };
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

/**
 * Seals every grant's tokens that are not sealed under the current key (stored in clear by an older
 * version, or under a rotated-out key), as the start does for webhook secrets: an account-access grant
 * lives for months, longer than SECRETS_KEY_PREVIOUS is kept. Each row is rewritten only if unchanged.
 */
export async function sealStoredGrants(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .selectFrom('open_banking_grants')
    .select(['provider_id', 'consent_id', 'access_token', 'refresh_token'])
    .execute();
  let sealed = 0;
  for (const row of rows) {
    const refresh = row.refresh_token;
    if (!box.needsSealing(row.access_token) && (refresh === null || !box.needsSealing(refresh))) continue;
    const result = await db
      .updateTable('open_banking_grants')
      .set({
        access_token: box.seal(box.open(row.access_token)),
        refresh_token: refresh === null ? null : box.seal(box.open(refresh)),
      })
      .where('provider_id', '=', row.provider_id)
      .where('consent_id', '=', row.consent_id)
      .where('access_token', '=', row.access_token)
      .executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}
