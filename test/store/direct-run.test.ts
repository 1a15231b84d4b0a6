// Queries built once run past Kysely's layers on the root database of either engine (reusable-query.ts
// runDirectOn): SQLite's reads at once, PostgreSQL's on a pooled connection. They answer as Kysely would,
// on connections Kysely has used too, and more of them at once than the pool holds. In a transaction
// of SQLite's group commit they run at once too, while the transaction is open.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import type { Db } from '../../src/store/database.js';
import { GroupCommitDriver } from '../../src/store/group-commit.js';
import { reusableQuery, runBuilt } from '../../src/store/reusable-query.js';
import { withTransaction } from '../../src/store/transaction.js';
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

test('in a transaction of the service, built statements run at once on SQLite and through Kysely on PostgreSQL, only while it is open', async (t) => {
  const app = await buildTestApp(t);
  const { deps } = app;
  const sqlite = deps.engine === 'sqlite';
  const insert = sqlite
    ? 'insert into settings (name, value) values (?, ?)'
    : 'insert into settings (name, value) values ($1, $2)';
  const select = sqlite
    ? 'select value from settings where name = ?'
    : 'select value from settings where name = $1';

  // Kysely's way runs each statement through the driver's run (SQLite) or a pool client (PostgreSQL).
  const throughKysely: string[] = [];
  const run = GroupCommitDriver.prototype.run;
  GroupCommitDriver.prototype.run = function (this: GroupCommitDriver, query, inTransaction) {
    throughKysely.push(query.sql);
    return run.call(this, query, inTransaction);
  } as typeof run;
  t.after(() => {
    GroupCommitDriver.prototype.run = run;
  });

  let late: Db | undefined;
  const inside = await withTransaction(deps, async (tx) => {
    late = tx.db;
    await runBuilt(tx.db, insert, ['in-trx', 'mine']);
    return runBuilt<{ value: string }>(tx.db, select, ['in-trx']);
  });
  assert.deepEqual(inside, [{ value: 'mine' }], 'a statement sees what its transaction wrote');
  if (sqlite) {
    assert.deepEqual(
      throughKysely.filter((s) => s.includes('settings')),
      [],
      'no statement of the transaction went through Kysely',
    );
  }
  assert.deepEqual(await runBuilt(deps.db, select, ['in-trx']), [{ value: 'mine' }], 'and it committed');

  // A failing statement fails its transaction, which is rolled back: nothing of it stays.
  await assert.rejects(
    withTransaction(deps, async (tx) => {
      await runBuilt(tx.db, insert, ['in-failed', 'gone']);
      await runBuilt(tx.db, insert, ['in-trx', 'duplicate']);
    }),
    /unique|UNIQUE|duplicate/,
  );
  assert.deepEqual(await runBuilt(deps.db, select, ['in-failed']), []);

  // Once the transaction has ended, its object no longer runs anything.
  assert.ok(late);
  await assert.rejects(runBuilt(late, insert, ['too-late', 'x']), /committed|rolled back/i);
  assert.deepEqual(await runBuilt(deps.db, select, ['too-late']), []);

  if (sqlite) {
    // Nor between its callback's end and its batch's COMMIT: a statement not awaited in the callback,
    // run then, would land in another transaction or commit the batch early (Kysely refuses only
    // once the commit is done). Built once or by Kysely's builder alike.
    let inWindow: Promise<unknown> | undefined;
    let builtInWindow: Promise<unknown> | undefined;
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'ran',
        (err: Error) => err.message,
      );
    await withTransaction(deps, async (tx) => {
      await runBuilt(tx.db, insert, ['in-time', 'kept']);
      process.nextTick(() => {
        inWindow = outcome(runBuilt(tx.db, insert, ['in-window', 'x']));
        builtInWindow = outcome(
          tx.db.insertInto('settings').values({ name: 'built-in-window', value: 'x' }).execute(),
        );
      });
    });
    assert.equal(await inWindow, 'this transaction has already committed or rolled back');
    assert.equal(await builtInWindow, 'this transaction has already committed or rolled back');
    assert.deepEqual(await runBuilt(deps.db, select, ['in-window']), []);
    assert.deepEqual(await runBuilt(deps.db, select, ['built-in-window']), []);
    assert.deepEqual(await runBuilt(deps.db, select, ['in-time']), [{ value: 'kept' }]);
  }
});
