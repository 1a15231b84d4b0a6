import type { Kysely } from 'kysely';

// A TOTP code is good for its 30-second step and one either side; the last step a user's code was
// accepted for is kept, so that the same code (or an older one) cannot be used again (replay).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('portal_users').addColumn('totp_last_step', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('portal_users').dropColumn('totp_last_step').execute();
}
