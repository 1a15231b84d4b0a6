// Stored first responses of Idempotency-Key requests (API.md 1.2), kept in the database so that a
// repeat reaching another process is answered the same.
import type { Sealed } from '../domain/secret-box.js';
import type { Db } from './database.js';
import type { IdempotencyKeyTable } from './system.row.js';

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'in_flight' }
  | { outcome: 'mismatch' }
  | { outcome: 'replay'; status: number; type: string; body: Sealed };

const TTL_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim older than this was left by a crashed process and may be taken over. */
const STALE_CLAIM_MS = 60 * 1000;

export async function claimKey(
  db: Db,
  credential: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<Claim> {
  const row: IdempotencyKeyTable = {
    credential,
    key,
    request_hash: requestHash,
    state: 'in_flight',
    response_status: null,
    response_type: null,
    response_body: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + TTL_MS).toISOString(),
  };
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['credential', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { outcome: 'claimed' };

  const existing = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('credential', '=', credential)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!existing) return claimKey(db, credential, key, requestHash, now);
  const expired = existing.expires_at <= row.created_at;
  const stale =
    existing.state === 'in_flight' && now.getTime() - Date.parse(existing.created_at) > STALE_CLAIM_MS;
  if (expired || stale) {
    // Take it over only if nobody else did in the meantime (compare-and-set on created_at).
    const taken = await db
      .updateTable('idempotency_keys')
      .set(row)
      .where('credential', '=', credential)
      .where('key', '=', key)
      .where('created_at', '=', existing.created_at)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0 ? { outcome: 'claimed' } : { outcome: 'in_flight' };
  }
  if (existing.request_hash !== requestHash) return { outcome: 'mismatch' };
  if (existing.state === 'in_flight') return { outcome: 'in_flight' };
  return {
    outcome: 'replay',
    status: existing.response_status ?? 200,
    type: existing.response_type ?? 'application/json; charset=utf-8',
    body: existing.response_body ?? ('' as Sealed),
  };
}

export async function completeKey(
  db: Db,
  credential: string,
  key: string,
  response: { status: number; type: string; body: Sealed },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: response.status,
      response_type: response.type,
      response_body: response.body,
    })
    .where('credential', '=', credential)
    .where('key', '=', key)
    .execute();
}

export async function releaseKey(db: Db, credential: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('credential', '=', credential)
    .where('key', '=', key)
    .execute();
}

export async function purgeExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).execute();
}
