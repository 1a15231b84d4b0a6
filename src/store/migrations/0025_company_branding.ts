import type { Kysely } from 'kysely';

// Branding per company (issue 17 item 2): an accent colour and a logo kept through the FileStore port
// (its row in `files`, like a bank statement). One row per company, made when the partner first sets one.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_branding')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id'))
    // '#rrggbb', lower case; null: the pages' own colour.
    .addColumn('accent_colour', 'text')
    // The logo's key in the FileStore and in `files`: random, so a logo's address tells nothing.
    .addColumn('logo_key', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_branding').execute();
}
