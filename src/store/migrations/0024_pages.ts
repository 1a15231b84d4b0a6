import type { Kysely } from 'kysely';

// The customer pages (issue 17): why the payer's authorisation came back declined, so that the result
// page can tell the customer's own cancellation at the bank (`access_denied`) from the bank's refusal
// to authorise (any other OAuth2 error, or an id_token that failed its check).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_attempts').addColumn('decline_reason', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_attempts').dropColumn('decline_reason').execute();
}
