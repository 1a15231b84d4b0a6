import type { Kysely } from 'kysely';

// The sandbox bank's tables (src/providers/sandbox-bank) and the Open Banking adapter's token store.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_bank_customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_bank_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('sandbox_bank_customers.id'))
    .addColumn('sort_code', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sandbox_bank_accounts_number', ['sort_code', 'account_number'])
    .execute();
  await db.schema
    .createIndex('sandbox_bank_accounts_customer')
    .on('sandbox_bank_accounts')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sandbox_bank_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('sandbox_bank_accounts.id'))
    .addColumn('credit_debit', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('booked_at', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('information', 'text', (c) => c.notNull())
    .addColumn('counterparty_name', 'text')
    .addColumn('counterparty_sort_code', 'text')
    .addColumn('counterparty_account_number', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_bank_transactions_account_booked')
    .on('sandbox_bank_transactions')
    .columns(['account_id', 'booked_at', 'id'])
    .execute();

  await db.schema
    .createTable('sandbox_bank_consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('risk', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.references('sandbox_bank_customers.id'))
    .addColumn('debtor_account_id', 'text', (c) => c.references('sandbox_bank_accounts.id'))
    .addColumn('account_ids', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_bank_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('consent_id', 'text', (c) => c.references('sandbox_bank_consents.id'))
    .addColumn('redirect_uri', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_bank_tokens_expires')
    .on('sandbox_bank_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sandbox_bank_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One payment per consent: a consent is consumed by the payment it authorised.
    .addColumn('consent_id', 'text', (c) => c.notNull().unique().references('sandbox_bank_consents.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('debtor_account_id', 'text', (c) => c.notNull().references('sandbox_bank_accounts.id'))
    .addColumn('creditor_sort_code', 'text', (c) => c.notNull())
    .addColumn('creditor_account_number', 'text', (c) => c.notNull())
    .addColumn('creditor_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_bank_payments_status')
    .on('sandbox_bank_payments')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('sandbox_bank_standing_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('consent_id', 'text', (c) => c.notNull().unique().references('sandbox_bank_consents.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('debtor_account_id', 'text', (c) => c.notNull().references('sandbox_bank_accounts.id'))
    .addColumn('creditor_sort_code', 'text', (c) => c.notNull())
    .addColumn('creditor_account_number', 'text', (c) => c.notNull())
    .addColumn('creditor_name', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('first_payment_at', 'text', (c) => c.notNull())
    .addColumn('recurring_payment_at', 'text')
    .addColumn('final_payment_at', 'text')
    .addColumn('number_of_payments', 'integer')
    .addColumn('first_amount', 'bigint', (c) => c.notNull())
    .addColumn('recurring_amount', 'bigint', (c) => c.notNull())
    .addColumn('final_amount', 'bigint')
    .addColumn('next_index', 'integer', (c) => c.notNull())
    .addColumn('next_payment_at', 'text')
    .addColumn('fail_next', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_bank_standing_orders_due')
    .on('sandbox_bank_standing_orders')
    .columns(['next_payment_at'])
    .execute();

  await db.schema
    .createTable('sandbox_bank_standing_order_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('standing_order_id', 'text', (c) => c.notNull().references('sandbox_bank_standing_orders.id'))
    .addColumn('payment_index', 'integer', (c) => c.notNull())
    .addColumn('scheduled_at', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Each date of a schedule is paid at most once, however many workers run the job.
    .addUniqueConstraint('sandbox_bank_so_payments_once', ['standing_order_id', 'payment_index'])
    .execute();

  await db.schema
    .createTable('sandbox_bank_idempotency')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_bank_idempotency_pk', ['client_id', 'operation', 'key'])
    .execute();
  await db.schema
    .createIndex('sandbox_bank_idempotency_expires')
    .on('sandbox_bank_idempotency')
    .column('expires_at')
    .execute();

  // The Open Banking adapter's tokens per consent (src/providers/open-banking/grant.row.ts).
  await db.schema
    .createTable('open_banking_grants')
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('consent_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('access_expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('open_banking_grants_pk', ['provider_id', 'consent_id'])
    .execute();
  await db.schema
    .createIndex('open_banking_grants_expires')
    .on('open_banking_grants')
    .column('access_expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'open_banking_grants',
    'sandbox_bank_idempotency',
    'sandbox_bank_standing_order_payments',
    'sandbox_bank_standing_orders',
    'sandbox_bank_payments',
    'sandbox_bank_tokens',
    'sandbox_bank_consents',
    'sandbox_bank_transactions',
    'sandbox_bank_accounts',
    'sandbox_bank_customers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
