import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id'))
    .addColumn('bank_account_id', 'text', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invoice_ref', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('customer_email_cc', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('attachment_url', 'text')
    .addColumn('custom_redirect_url', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data_api_check_status', 'text', (c) => c.notNull())
    .addColumn('last_data_api_check_at', 'text')
    .addColumn('link_token', 'text', (c) => c.unique())
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('payer_account', 'text')
    .addColumn('is_sandbox', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recurring_payment_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  // Group A lists an integration's payments, group D a company's; both newest first.
  await db.schema
    .createIndex('payments_integration_created')
    .on('payments')
    .columns(['integration_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('payments_company_created')
    .on('payments')
    .columns(['company_id', 'created_at', 'id'])
    .execute();
  // The scheduler looks for sent payments past their due date.
  await db.schema.createIndex('payments_status_due').on('payments').columns(['status', 'due_date']).execute();

  await db.schema
    .createTable('payment_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_actions_payment')
    .on('payment_actions')
    .columns(['payment_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id'))
    .addColumn('parent_type', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('external_ref', 'text', (c) => c.unique())
    .addColumn('is_sandbox', 'integer', (c) => c.notNull())
    .addColumn('data_api_check_status', 'text', (c) => c.notNull())
    .addColumn('last_data_api_check_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('transactions_company_created')
    .on('transactions')
    .columns(['company_id', 'created_at', 'id'])
    .execute();
  // The statistic sums completed transactions of a company in a completion window.
  await db.schema
    .createIndex('transactions_company_completed')
    .on('transactions')
    .columns(['company_id', 'status', 'is_sandbox', 'completed_at'])
    .execute();
  await db.schema
    .createIndex('transactions_parent')
    .on('transactions')
    .columns(['parent_type', 'parent_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transactions').execute();
  await db.schema.dropTable('payment_actions').execute();
  await db.schema.dropTable('payments').execute();
}
