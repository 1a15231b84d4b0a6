import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recurring_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id'))
    .addColumn('bank_account_id', 'text', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('first_payment_date', 'text', (c) => c.notNull())
    .addColumn('number_of_payments', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('customer_email_cc', 'text', (c) => c.notNull())
    .addColumn('link_token', 'text', (c) => c.unique())
    .addColumn('is_sandbox', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text')
    .addColumn('standing_order_id', 'text')
    .addColumn('last_checked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // Group A lists an integration's recurring payments, group D a company's; both newest first.
  await db.schema
    .createIndex('recurring_payments_integration_created')
    .on('recurring_payments')
    .columns(['integration_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('recurring_payments_company_created')
    .on('recurring_payments')
    .columns(['company_id', 'created_at', 'id'])
    .execute();
  // The overdue job looks for sent ones past their first date; the tracker for active ones not checked lately.
  await db.schema
    .createIndex('recurring_payments_status_first')
    .on('recurring_payments')
    .columns(['status', 'first_payment_date'])
    .execute();
  await db.schema
    .createIndex('recurring_payments_status_checked')
    .on('recurring_payments')
    .columns(['status', 'last_checked_at'])
    .execute();

  await db.schema
    .createTable('recurring_payment_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recurring_payment_id', 'text', (c) => c.notNull().references('recurring_payments.id'))
    .addColumn('item_index', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expected_date', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('bank_payment_id', 'text')
    .addColumn('account_transaction_id', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recurring_payment_items_index', ['recurring_payment_id', 'item_index'])
    .execute();
  // The tracker finds recurring payments with an item due.
  await db.schema
    .createIndex('recurring_payment_items_status_expected')
    .on('recurring_payment_items')
    .columns(['status', 'expected_date'])
    .execute();

  await db.schema
    .createTable('recurring_payment_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recurring_payment_id', 'text', (c) => c.notNull().references('recurring_payments.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recurring_payment_actions_recurring')
    .on('recurring_payment_actions')
    .columns(['recurring_payment_id', 'created_at', 'id'])
    .execute();

  // The customer's set-up at the bank: one row per bank authorisation (the initial payment, the
  // standing order), found again by the OAuth2 state the bank echoes on the way back.
  await db.schema
    .createTable('recurring_authorisations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recurring_payment_id', 'text', (c) => c.notNull().references('recurring_payments.id'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().unique())
    .addColumn('consent_id', 'text')
    .addColumn('authorization_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The initial payment of a recurring payment is a payment row pointing at it.
  await db.schema
    .createIndex('payments_recurring')
    .on('payments')
    .columns(['recurring_payment_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_recurring').execute();
  await db.schema.dropTable('recurring_authorisations').execute();
  await db.schema.dropTable('recurring_payment_actions').execute();
  await db.schema.dropTable('recurring_payment_items').execute();
  await db.schema.dropTable('recurring_payments').execute();
}
