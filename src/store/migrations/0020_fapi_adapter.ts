import type { Kysely } from 'kysely';

// Issue 13, the adapter's side: the sandbox bank keeps the nonce of the authorisation a code was
// issued for, so that its token endpoint's id_token carries it (OpenID Connect Core 3.3.3.6); and
// the clients registered at it (DCR, API.md 10.3); and the back-off of payment status polling
// (when polling began, when next, and when it gave up and asked for an operator).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_bank_tokens').addColumn('nonce', 'text').execute();
  await db.schema
    .createTable('sandbox_bank_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('software_id', 'text', (c) => c.notNull())
    // JSON arrays and objects, as registered.
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('jwks', 'text', (c) => c.notNull())
    .addColumn('token_endpoint_auth_method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['polling_since', 'next_poll_at', 'attention_at']) {
    await db.schema.alterTable('payment_attempts').addColumn(column, 'text').execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['polling_since', 'next_poll_at', 'attention_at']) {
    await db.schema.alterTable('payment_attempts').dropColumn(column).execute();
  }
  await db.schema.dropTable('sandbox_bank_clients').execute();
  await db.schema.alterTable('sandbox_bank_tokens').dropColumn('nonce').execute();
}
