// The facts that decide whether a company may ask for money now, in one query built once per database
// (src/store/reusable-query.ts): it runs on every payment created.
import { sql } from 'kysely';
import type { Db } from '../../store/database.js';
import { reusableQuery } from '../../store/reusable-query.js';

const receivingFacts = reusableQuery(
  (db, companyId: string, integrationId: string, bankAccountId: string | null) =>
    db
      .selectFrom('companies as c')
      .leftJoin('integrations as i', (join) =>
        join.onRef('i.company_id', '=', 'c.id').on('i.id', '=', integrationId).on('i.deleted_at', 'is', null),
      )
      .leftJoin('bank_accounts as b', (join) =>
        join
          .onRef('b.company_id', '=', 'c.id')
          .on('b.id', '=', sql<string>`coalesce(${bankAccountId}, i.bank_account_id)`),
      )
      .select([
        'c.status as company_status',
        'i.id as integration_id',
        'i.bank_account_id as integration_account_id',
        'i.is_sandbox',
        'b.id as account_id',
        'b.status as account_status',
        'b.creation_type',
      ])
      .where('c.id', '=', companyId),
);

/** What decides whether a company may ask for money now, into which account (receiving-account.ts). */
export interface ReceivingFacts {
  company_status: string;
  integration_id: string | null;
  integration_account_id: string | null;
  is_sandbox: number | null;
  account_id: string | null;
  account_status: string | null;
  creation_type: string | null;
}

/** The company's status, the live integration's account and flags, the account's: undefined without the company. */
export async function findReceivingFacts(
  db: Db,
  companyId: string,
  integrationId: string,
  bankAccountId: string | undefined,
): Promise<ReceivingFacts | undefined> {
  return (await receivingFacts(db, companyId, integrationId, bankAccountId ?? null))[0];
}
