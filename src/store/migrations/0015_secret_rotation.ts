import type { Kysely } from 'kysely';

// Rotation (issue 12): a changed webhook secret keeps signing beside the new one for a while, so each
// receiver of webhooks keeps the previous (sealed) secret and until when; a terminal can be revoked.
// The secrets already stored in clear are sealed at start (domain/webhooks/webhook-secrets.ts), not here: migrations
// run without the key (`paybank migrate`).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['integrations', 'partners']) {
    await db.schema.alterTable(table).addColumn('webhook_secret_previous', 'text').execute();
    await db.schema.alterTable(table).addColumn('webhook_secret_previous_until', 'text').execute();
  }
  await db.schema.alterTable('terminals').addColumn('revoked_at', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('terminals').dropColumn('revoked_at').execute();
  for (const table of ['integrations', 'partners']) {
    await db.schema.alterTable(table).dropColumn('webhook_secret_previous_until').execute();
    await db.schema.alterTable(table).dropColumn('webhook_secret_previous').execute();
  }
}
