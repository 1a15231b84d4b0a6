// The PostgreSQL suite's schemas are handed from one test to the next (test/helpers/schema-pool.ts):
// what one test wrote, or changed in the schema, must never reach the next. Registered on PostgreSQL
// runs only; on SQLite every app has its own database in memory.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { buildTestApp, ENGINE, type TestApp } from '../helpers/app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';

const schemaOf = (app: TestApp) => new URL(app.config.databaseUrl).searchParams.get('schema') as string;

/** Rows in every table of the app's schema but the migrator's own. */
async function rowsStored(app: TestApp): Promise<number> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_migration%'`.execute(app.deps.db);
  let total = 0;
  for (const { name } of rows) {
    const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(
      app.deps.db,
    );
    total += Number(counted.rows[0]?.n);
  }
  return total;
}

async function schemaExists(app: TestApp, schema: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from pg_namespace
    where nspname = ${schema}`.execute(app.deps.db);
  return Number(rows[0]?.n) > 0;
}

async function eventSequence(app: TestApp): Promise<number | null> {
  const { rows } = await sql<{ last: number | null }>`select last_value as last from pg_sequences
    where schemaname = current_schema()`.execute(app.deps.db);
  return rows[0]?.last ?? null;
}

if (ENGINE === 'postgres') {
  test('a schema is handed to the next test empty, or dropped if its test changed it', async (t) => {
    let first = '';
    // What an app writes as it starts (its keys at the sandbox bank, ...), before any test's own rows.
    let atStart = 0;
    await t.test('a test writes rows and events', async (t) => {
      const app = await buildTestApp(t);
      first = schemaOf(app);
      atStart = await rowsStored(app);
      const m = await merchant(app);
      const created = await app.call({
        method: 'POST',
        url: '/merchant/v1/payments/process',
        headers: m.headers,
        payload: paymentBody(),
      });
      assert.equal(created.statusCode, 200, created.body);
      assert.ok((await rowsStored(app)) > atStart);
      assert.ok(((await eventSequence(app)) ?? 0) > 0, 'events were numbered');
    });

    await t.test('the next test of this process gets that schema, migrated and empty', async (t) => {
      const app = await buildTestApp(t);
      assert.equal(schemaOf(app), first);
      assert.equal(await rowsStored(app), atStart, 'only what the app wrote as it started');
      assert.equal(await eventSequence(app), null, 'event numbers start again');
      // This test changes the schema itself, as a test that makes a statement fail does.
      await sql`create function refuse() returns trigger language plpgsql as $$ begin return null; end $$`.execute(
        app.deps.db,
      );
      await sql`create trigger refuse before insert on partners for each row execute function refuse()`.execute(
        app.deps.db,
      );
    });

    let changed = first;
    await t.test('a schema its test changed goes: the next test gets another', async (t) => {
      const app = await buildTestApp(t);
      assert.notEqual(schemaOf(app), changed);
      assert.equal(await schemaExists(app, changed), false, 'the changed schema was dropped');
      const triggers = await sql<{ n: number }>`select count(*) as n from pg_trigger
        where tgrelid = to_regclass('partners') and not tgisinternal`.execute(app.deps.db);
      assert.equal(Number(triggers.rows[0]?.n), 0);
      // A change that adds nothing to the catalogs: only a column's default.
      changed = schemaOf(app);
      await sql`alter table partners alter column name set default 'changed'`.execute(app.deps.db);
    });

    await t.test('a changed default is a changed schema too', async (t) => {
      const app = await buildTestApp(t);
      assert.notEqual(schemaOf(app), changed);
      assert.equal(await schemaExists(app, changed), false, 'the changed schema was dropped');
    });
  });
}
