// Queries built once run past Kysely's layers on the root database of either engine (reusable-query.ts
// runDirectOn): SQLite's reads at once, PostgreSQL's on a pooled connection. They answer as Kysely would,
// on connections Kysely has used too, and more of them at once than the pool holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { reusableQuery, runBuilt } from '../../src/store/reusable-query.js';
import { buildTestApp } from '../helpers/app.js';

const settingValue = reusableQuery((db, name: string) =>
  db.selectFrom('settings').select('value').where('name', '=', name),
);

test('reusable queries on the root database answer without a Kysely connection, on the engine of the run', async (t) => {
  const app = await buildTestApp(t);
  const db = app.deps.store.db;
  await db
    .insertInto('settings')
    .values([
      { name: 'direct-a', value: '1' },
      { name: 'direct-b', value: '2' },
    ])
    .execute();
  // Kysely's connections are the pool's: a statement through Kysely first, so that each is one it used.
  await Promise.all(Array.from({ length: 12 }, () => sql`select 1`.execute(db)));

  const executor = db.getExecutor();
  let provided = 0;
  const provide = executor.provideConnection.bind(executor);
  executor.provideConnection = (consumer) => {
    provided += 1;
    return provide(consumer);
  };
  t.after(() => {
    executor.provideConnection = provide;
  });

  // More at once than the pool's 10 connections.
  const answers = await Promise.all(
    Array.from({ length: 25 }, (_, i) => settingValue(db, i % 2 ? 'direct-a' : 'direct-b')),
  );
  assert.deepEqual(
    answers.map((rows) => rows[0]?.value),
    Array.from({ length: 25 }, (_, i) => (i % 2 ? '1' : '2')),
  );
  assert.deepEqual(await settingValue(db, 'direct-missing'), []);
  assert.equal(provided, 0, 'no query went through Kysely');

  // Inside a transaction the transaction's own connection answers, through Kysely, and sees its rows.
  const inside = await db.transaction().execute(async (trx) => {
    await trx.insertInto('settings').values({ name: 'direct-c', value: '3' }).execute();
    return settingValue(trx, 'direct-c');
  });
  assert.deepEqual(inside, [{ value: '3' }]);
});

test('runBuilt runs a write on PostgreSQL directly, and on SQLite through Kysely (never at once)', async (t) => {
  const app = await buildTestApp(t);
  const db = app.deps.store.db;
  const insert =
    app.deps.engine === 'postgres'
      ? 'insert into settings (name, value) values ($1, $2)'
      : 'insert into settings (name, value) values (?, ?)';
  await runBuilt(db, insert, ['direct-w', 'written']);
  assert.deepEqual(await settingValue(db, 'direct-w'), [{ value: 'written' }]);
  await assert.rejects(runBuilt(db, insert, ['direct-w', 'again']), /unique|UNIQUE|duplicate/);
});
