import type { Kysely } from 'kysely';

// Issue 13, the adapter's side: the sandbox bank keeps the nonce of the authorisation a code was
// issued for, so that its token endpoint's id_token carries it (OpenID Connect Core 3.3.3.6).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_bank_tokens').addColumn('nonce', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_bank_tokens').dropColumn('nonce').execute();
}
