import type { Db } from '../../store/database.js';
import { reusableQuery } from '../../store/reusable-query.js';
import type { Partner, Terminal } from './partner.js';
import type { PartnerTable, TerminalTable } from './partner.row.js';

export function toPartner(row: PartnerTable): Partner {
  return {
    id: row.id,
    name: row.name,
    webhookUrl: row.webhook_url,
    emailFrom: row.email_from,
    emailReplyTo: row.email_reply_to,
    createdAt: row.created_at,
  };
}

export function toTerminal(row: TerminalTable): Terminal {
  return { id: row.id, partnerId: row.partner_id, name: row.name, createdAt: row.created_at };
}

export async function insertPartner(db: Db, row: PartnerTable): Promise<void> {
  await db.insertInto('partners').values(row).execute();
}

export async function findPartnerRow(db: Db, id: string): Promise<PartnerTable | undefined> {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPartnerRows(db: Db): Promise<PartnerTable[]> {
  return db.selectFrom('partners').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function updatePartnerRow(db: Db, id: string, patch: Partial<PartnerTable>): Promise<void> {
  await db.updateTable('partners').set(patch).where('id', '=', id).execute();
}

export async function insertApiKey(
  db: Db,
  row: {
    id: string;
    partner_id: string;
    secret_hash: string;
    created_at: string;
    name?: string | null;
    description?: string | null;
    created_by?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('partner_api_keys')
    .values({ ...row, revoked_at: null })
    .execute();
}

// The credential checks of groups D and terminals, built once per database (store/reusable-query.ts):
// they run on every call of those groups.
const activeApiKey = reusableQuery((db, secretHash: string) =>
  db
    .selectFrom('partner_api_keys')
    .select(['id', 'partner_id', 'last_used_at'])
    .where('secret_hash', '=', secretHash)
    .where('revoked_at', 'is', null)
    .where('disabled_at', 'is', null),
);

export async function findActiveApiKeyByHash(db: Db, secretHash: string) {
  return (await activeApiKey(db, secretHash))[0];
}

export async function revokeApiKey(db: Db, partnerId: string, keyId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('partner_api_keys')
    .set({ revoked_at: at })
    .where('id', '=', keyId)
    .where('partner_id', '=', partnerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertTerminal(db: Db, row: TerminalTable): Promise<void> {
  await db.insertInto('terminals').values(row).execute();
}

const terminalRow = reusableQuery((db, id: string) =>
  db.selectFrom('terminals').selectAll().where('id', '=', id),
);

export async function findTerminalRow(db: Db, id: string): Promise<TerminalTable | undefined> {
  return (await terminalRow(db, id))[0];
}

/** Changes a terminal of the partner that is not revoked; false if there is none. */
export async function updateLiveTerminal(
  db: Db,
  partnerId: string,
  terminalId: string,
  patch: Partial<Pick<TerminalTable, 'secret_hash' | 'revoked_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('terminals')
    .set(patch)
    .where('id', '=', terminalId)
    .where('partner_id', '=', partnerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
