import type { Kysely } from 'kysely';

// Actions recorded in the same millisecond (create-and-process records `draft` and `sent` at once) were
// ordered by their random ids. `seq` numbers each payment's actions in the order they were recorded;
// rows older than this migration keep 0 and their time order.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_actions', 'recurring_payment_actions']) {
    await db.schema
      .alterTable(table)
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_actions', 'recurring_payment_actions']) {
    await db.schema.alterTable(table).dropColumn('seq').execute();
  }
}
