// The operator's bearer token: from ADMIN_TOKEN, or generated once on first start and stored as a hash.
import type { Deps } from '../../context.js';
import { isoNow } from '../clock.js';
import { newId, newToken } from '../ids.js';
import { hashSecret, sameHash } from '../secrets.js';

/** Returns a newly generated token when the database had none and none was configured, else undefined. */
export async function ensureAdminToken(deps: Deps): Promise<string | undefined> {
  if (deps.config.adminToken) return undefined;
  const existing = await deps.db.selectFrom('admin_tokens').select('id').limit(1).executeTakeFirst();
  if (existing) return undefined;
  const token = `pbk_admin_${newToken(24)}`;
  const inserted = await deps.db
    .insertInto('admin_tokens')
    .values({ id: newId(), token_hash: hashSecret(token), created_at: isoNow(deps.clock) })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 1n) > 0 ? token : undefined;
}

export async function isAdminToken(deps: Deps, token: string): Promise<boolean> {
  const hash = hashSecret(token);
  if (deps.config.adminToken) return sameHash(hash, hashSecret(deps.config.adminToken));
  const row = await deps.db
    .selectFrom('admin_tokens')
    .select('id')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  return row !== undefined;
}
