import { type SqlBool, sql } from 'kysely';
import type { Db, Engine } from '../../store/database.js';
import { newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import { reusableQuery } from '../../store/reusable-query.js';
import { batcherPerDatabase } from '../../store/write-batcher.js';
import type { Integration } from './integration.js';
import type { IntegrationTable } from './integration.row.js';

export function toIntegration(row: IntegrationTable): Integration {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    webhookUrl: row.webhook_url,
    redirectUrl: row.redirect_url,
    servicePaymentPageRedirectEnabled: row.service_page_redirect === 1,
    isRetryWebhookEnabled: row.retry_webhooks === 1,
    isSandbox: row.is_sandbox === 1,
    bankAccountId: row.bank_account_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertIntegration(db: Db, row: IntegrationTable): Promise<void> {
  await db.insertInto('integrations').values(row).execute();
}

/** A live (not deleted) integration of the company. */
export async function findIntegrationRow(
  db: Db,
  companyId: string,
  id: string,
): Promise<IntegrationTable | undefined> {
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findLiveIntegrationRow(db: Db, id: string): Promise<IntegrationTable | undefined> {
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * A live integration's credential with its company's tenancy facts, in one query (every merchant call),
 * and the facts of its own bank account that a new payment needs (receiving-account.ts): reading them here,
 * by primary key, spares every create a round trip of its own. No column is named as one of `payments`: a
 * get payment reads the payment in the same statement (payment.repository.ts paymentWithCredential).
 */
export const merchantCredentialQuery = (db: Db) =>
  db
    .selectFrom('integrations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('bank_accounts as b', (join) =>
      join.onRef('b.id', '=', 'i.bank_account_id').onRef('b.company_id', '=', 'i.company_id'),
    )
    .select([
      'i.id as credential_integration_id',
      'i.company_id as credential_company_id',
      'i.secret_hash',
      'c.partner_id',
      'c.status as company_status',
      'i.bank_account_id as integration_account_id',
      'i.is_sandbox as integration_is_sandbox',
      'b.id as account_id',
      'b.status as account_status',
      'b.creation_type',
    ]);

/** The columns of a merchant credential (merchantCredentialQuery). */
export type MerchantCredentialRow = Awaited<
  ReturnType<ReturnType<typeof merchantCredentialQuery>['executeTakeFirstOrThrow']>
>;

const merchantCredential = reusableQuery((db, id: string) =>
  merchantCredentialQuery(db).where('i.id', '=', id).where('i.deleted_at', 'is', null),
);

const merchantCredentials = reusableQuery((db, ids: string[]) =>
  merchantCredentialQuery(db)
    .where(sql<SqlBool>`i.id = any(${ids}::text[])`)
    .where('i.deleted_at', 'is', null),
);

/** A credential asked for, and, once its batch has run, its row (none: no such live integration). */
interface CredentialLookup {
  id: string;
  row?: MerchantCredentialRow;
}

/** Reads the credentials of `lookups` in one statement, each id once. */
async function readCredentials(db: Db, lookups: CredentialLookup[]): Promise<void> {
  const rows = await merchantCredentials(db, [...new Set(lookups.map((l) => l.id))]);
  const byId = new Map(rows.map((row) => [row.credential_integration_id, row]));
  for (const lookup of lookups) lookup.row = byId.get(lookup.id);
}

const credentialBatcher = batcherPerDatabase<CredentialLookup>((db) => ({
  run: (lookups) => readCredentials(db, lookups),
  maxInFlight: 2,
  maxBatch: 64,
  // A read can run again: a failed batch's calls are each read alone (as before batching), so that a
  // connection lost under one statement fails no more calls than it did.
  retryAlone: () => true,
}));

/**
 * The merchant credential of integration `id` (every merchant call but a get payment's). On PostgreSQL,
 * calls that come together share a statement (store/write-batcher.ts): one goes out at once while fewer
 * than two are running, so a quiet service waits for nothing; past that they wait, and the next to finish
 * sends every waiting one (up to 64) as one statement. A round trip to the database cost the service's
 * event loop about 50 us in system calls alone (writev, read) and woke a database process each time, on a
 * machine whose two cores the database shares: at 1,000 creates a second, one round trip each was about
 * 1,000 of the 1,800 the event loop made a second (perf trace, bench/RESULTS.md, 2026-12-03 17:40-17:50).
 * Each call still reads after it began, so a credential revoked before it is refused. SQLite's read is a
 * local call.
 */
export async function findMerchantCredentialRow(
  db: Db,
  engine: Engine,
  id: string,
): Promise<MerchantCredentialRow | undefined> {
  if (engine !== 'postgres' || db.isTransaction) return (await merchantCredential(db, id))[0];
  const lookup: CredentialLookup = { id };
  await credentialBatcher(db).write(lookup);
  return lookup.row;
}

export async function pageIntegrationRows(
  db: Db,
  companyId: string,
  request: PageRequest,
): Promise<Page<IntegrationTable>> {
  const base = db
    .selectFrom('integrations')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  return newestFirstPage(base, request);
}

export async function updateIntegrationRow(
  db: Db,
  companyId: string,
  id: string,
  patch: Partial<IntegrationTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('integrations')
    .set(patch)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives every live integration of the company without a bank account this one. */
export async function attachToUnboundIntegrations(
  db: Db,
  companyId: string,
  bankAccountId: string,
  at: string,
) {
  await db
    .updateTable('integrations')
    .set({ bank_account_id: bankAccountId, updated_at: at })
    .where('company_id', '=', companyId)
    .where('bank_account_id', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
}
