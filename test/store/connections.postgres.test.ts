// What only a PostgreSQL server can do to the service: end its connections, or hold several
// deployments apart by schema (README: DATABASE_URL's `?schema=`). Registered on PostgreSQL runs
// only; SQLite has neither.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { buildTestApp, ENGINE, testDatabaseUrl } from '../helpers/app.js';
import { createPartner } from '../helpers/fixtures.js';
import { onDatabase } from '../helpers/schema-pool.js';

if (ENGINE === 'postgres') {
  test('idle connections the server ends are replaced and a warning logged: the service goes on answering', async (t) => {
    const lines: string[] = [];
    const app = await buildTestApp(
      t,
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    const partner = await createPartner(app);
    const read = () =>
      app.call({ method: 'GET', url: '/partner/v1/companies', headers: partner.partnerHeaders });
    assert.equal((await read()).statusCode, 200);

    // The app's own connections only: other tests use the same database at the same time. Ten at once
    // (the pool's size) bring out every connection the pool holds.
    const held = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(app.deps.db),
      ),
    );
    const pids = [...new Set(held.map((r) => r.rows[0]?.pid))];
    const ended = await onDatabase(app.config.databaseUrl, async (client) => {
      const { rows } = await client.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from unnest($1::int[]) as pid',
        [pids],
      );
      return rows.filter((r) => r.ended).length;
    });
    assert.ok(ended > 0, 'the app held a connection to end');
    // The pool hears of each ended connection as an 'error' on it; with no listener that ended the process.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const again = await read();
    assert.equal(again.statusCode, 200, again.body);
    const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    assert.ok(warnings.length > 0, 'each ended connection is logged');
    assert.match(warnings[0].msg, /the database ended a connection/);
    assert.match(warnings[0].reason, /terminat/);
  });

  test('a schema named in DATABASE_URL is migrated and used there, apart from another schema', async (t) => {
    // The test's own schema is dropped afterwards: these two live beside it, named after it.
    const url = new URL(await testDatabaseUrl(t));
    const own = url.searchParams.get('schema') as string;
    const [firstName, secondName] = [`${own}_first`, `${own}_second`];
    await onDatabase(url.toString(), (client) =>
      client.query(`create schema ${firstName}; create schema ${secondName}`),
    );
    t.after(() =>
      onDatabase(url.toString(), (client) => client.query(`drop schema ${firstName}, ${secondName} cascade`)),
    );
    const inSchema = (name: string) => {
      const withSchema = new URL(url);
      withSchema.searchParams.set('schema', name);
      const store = openStore(withSchema.toString());
      t.after(() => store.close());
      return store;
    };
    const first = inSchema(firstName);
    const second = inSchema(secondName);
    assert.ok((await migrateToLatest(first.db)).length > 0);
    assert.ok((await migrateToLatest(second.db)).length > 0, 'the first schema hides nothing of the second');
    assert.deepEqual(await migrateToLatest(first.db), [], 'a second migration finds nothing to do');

    await first.db.insertInto('settings').values({ name: 'only-in-first', value: '1' }).execute();
    const names = async (store: typeof first) =>
      (await store.db.selectFrom('settings').select('name').where('name', '=', 'only-in-first').execute())
        .length;
    assert.equal(await names(first), 1);
    assert.equal(await names(second), 0);
    const tables = await onDatabase(url.toString(), async (client) =>
      (
        await client.query<{ schema: string; count: string }>(
          `select table_schema as schema, count(*) as count from information_schema.tables
            where table_schema in ($1, $2) group by table_schema`,
          [firstName, secondName],
        )
      ).rows.map((r) => [r.schema, Number(r.count) > 10]),
    );
    assert.deepEqual(Object.fromEntries(tables), { [firstName]: true, [secondName]: true });
    const current = await sql<{ name: string }>`select current_schema() as name`.execute(second.db);
    assert.equal(current.rows[0]?.name, secondName);
  });
}
