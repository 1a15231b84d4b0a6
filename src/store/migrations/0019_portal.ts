import type { Kysely } from 'kysely';

// The partner portal (issue 16): its people, their sign-ins, one-time links, recovery codes, failed
// sign-ins (rate limits that hold across processes) and the audit log; and what the API keys page
// shows of each key (name, description, who made it, when it was last used, disabled or not).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portal_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
    // Lower-cased; one account per address, so that signing in needs no partner name.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_users_partner')
    .on('portal_users')
    .columns(['partner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('portal_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('portal_users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_links_user').on('portal_links').column('user_id').execute();

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('portal_users.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_sessions_user').on('portal_sessions').column('user_id').execute();

  await db.schema
    .createTable('portal_recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('portal_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('portal_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('portal_sign_in_failures')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_sign_in_failures_subject')
    .on('portal_sign_in_failures')
    .columns(['subject', 'at'])
    .execute();

  await db.schema
    .createTable('portal_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_audit_partner_created')
    .on('portal_audit')
    .columns(['partner_id', 'created_at', 'id'])
    .execute();

  for (const column of ['name', 'description', 'created_by', 'last_used_at', 'disabled_at']) {
    await db.schema.alterTable('partner_api_keys').addColumn(column, 'text').execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['name', 'description', 'created_by', 'last_used_at', 'disabled_at']) {
    await db.schema.alterTable('partner_api_keys').dropColumn(column).execute();
  }
  for (const table of [
    'portal_audit',
    'portal_sign_in_failures',
    'portal_recovery_codes',
    'portal_sessions',
    'portal_links',
    'portal_users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
