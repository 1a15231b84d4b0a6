import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bank_accounts').addColumn('provider_account_id', 'text').execute();
  // One account per sort code and account number in a company: a re-connection updates it.
  await db.schema
    .createIndex('bank_accounts_company_number')
    .on('bank_accounts')
    .columns(['company_id', 'sort_code', 'account_number'])
    .unique()
    .execute();
  // At most one default per company, whatever races the writers run.
  await db.schema
    .createIndex('bank_accounts_one_default')
    .on('bank_accounts')
    .column('company_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();
  await db.schema
    .createIndex('bank_accounts_consent_expiry')
    .on('bank_accounts')
    .column('consent_expires_at')
    .where(sql.ref('consent_expires_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('bank_consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('bank_account_id', 'text', (c) => c.references('bank_accounts.id'))
    .addColumn('provider', 'text')
    .addColumn('state', 'text', (c) => c.notNull().unique())
    .addColumn('provider_consent_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('authorization_url', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_consents_provider_consent')
    .on('bank_consents')
    .columns(['provider', 'provider_consent_id'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('bank_consents').execute();
  await db.schema.dropIndex('bank_accounts_consent_expiry').execute();
  await db.schema.dropIndex('bank_accounts_one_default').execute();
  await db.schema.dropIndex('bank_accounts_company_number').execute();
  await db.schema.alterTable('bank_accounts').dropColumn('provider_account_id').execute();
}
