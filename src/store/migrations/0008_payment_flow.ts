import type { Kysely } from 'kysely';

// The customer's and the merchant's trips to the bank for single payments and refunds.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('link_token', 'text', (c) => c.notNull().unique())
    .addColumn('payee', 'text', (c) => c.notNull())
    .addColumn('payee_email', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('refunds_payment')
    .on('refunds')
    .columns(['payment_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('refund_id', 'text', (c) => c.references('refunds.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('consent_id', 'text')
    .addColumn('authorization_url', 'text')
    .addColumn('bank_payment_id', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_attempts_payment')
    .on('payment_attempts')
    .columns(['payment_id', 'status'])
    .execute();
  // The sync job looks for attempts the bank has not decided yet, and for stale ones.
  await db.schema
    .createIndex('payment_attempts_status')
    .on('payment_attempts')
    .columns(['status', 'updated_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_attempts').execute();
  await db.schema.dropTable('refunds').execute();
}
