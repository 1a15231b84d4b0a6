import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // The outbox: webhooks and e-mails, written in the transaction of the change they report.
  // `seq` is a database sequence: it orders the events of one resource across processes.
  await db.schema
    .createTable('events')
    .addColumn('seq', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination_kind', 'text', (c) => c.notNull())
    .addColumn('destination_id', 'text')
    .addColumn('partner_id', 'text')
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('order_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('events_due')
    .on('events')
    .columns(['state', 'next_attempt_at', 'seq'])
    .execute();
  await db.schema.createIndex('events_order').on('events').columns(['order_key', 'state', 'seq']).execute();
  await db.schema
    .createIndex('events_partner_created')
    .on('events')
    .columns(['partner_id', 'created_at', 'seq'])
    .execute();

  await db.schema
    .createTable('event_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_attempts_event')
    .on('event_attempts')
    .columns(['event_id', 'attempted_at'])
    .execute();

  // One row per job and due time: the primary key is what makes N processes run each due time once.
  await db.schema
    .createTable('job_runs')
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('job_runs_pk', ['job_name', 'due_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['job_runs', 'event_attempts', 'events']) await db.schema.dropTable(table).execute();
}
