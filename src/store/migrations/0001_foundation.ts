import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('email_from', 'text')
    .addColumn('email_reply_to', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('partner_api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('terminals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('industry', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('public_email', 'text', (c) => c.notNull())
    .addColumn('public_website', 'text')
    .addColumn('privacy_policy', 'text')
    .addColumn('support_phone', 'text', (c) => c.notNull())
    .addColumn('tax_number', 'text')
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('trading_name', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('trading_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('companies_partner_created')
    .on('companies')
    .columns(['partner_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('sort_code', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('creation_type', 'text', (c) => c.notNull())
    .addColumn('consent_id', 'text')
    .addColumn('consent_expires_at', 'text')
    .addColumn('bank_consent_expired', 'text')
    .addColumn('statement_url', 'text')
    .addColumn('statement_file_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_accounts_company_created')
    .on('bank_accounts')
    .columns(['company_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('integrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text')
    .addColumn('service_page_redirect', 'integer', (c) => c.notNull())
    .addColumn('retry_webhooks', 'integer', (c) => c.notNull())
    .addColumn('is_sandbox', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bank_account_id', 'text', (c) => c.references('bank_accounts.id'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('integrations_company_created')
    .on('integrations')
    .columns(['company_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('credential', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['credential', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'integrations',
    'bank_accounts',
    'companies',
    'terminals',
    'partner_api_keys',
    'partners',
    'admin_tokens',
    'settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
