import type { Kysely } from 'kysely';

// The sandbox bank binds each access token to the client certificate it was issued to (RFC 8705
// certificate-bound tokens, API.md 10.3): the SHA-256 thumbprint of that certificate.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_bank_tokens').addColumn('cert_thumbprint', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_bank_tokens').dropColumn('cert_thumbprint').execute();
}
