// SQLite group commit (src/store/group-commit.ts, issue 14 item 5): transactions that queue together
// commit together; each is answered only once its COMMIT is done (another connection sees its rows);
// one that fails fails alone; a write outside any transaction never rides in an uncommitted batch.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { GroupCommitSqliteDialect } from '../../src/store/group-commit.js';

interface Tables {
  t: { id: number; v: string };
}

async function twoConnections(t: { after(fn: () => unknown): void }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybank-group-'));
  const file = path.join(dir, 'g.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  const dialect = new GroupCommitSqliteDialect({ database: sqlite });
  const db = new Kysely<Tables>({ dialect });
  await sql`create table t (id integer primary key, v text not null)`.execute(db);
  // Another connection, as another process would read the file: it sees only committed rows.
  const other = new SqliteDatabase(file, { readonly: true });
  t.after(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const committed = (id: number) =>
    other.prepare('select count(*) as n from t where id = ?').get(id) as { n: number };
  return { db, driver: dialect.driver, committed };
}

test('transactions that queue together share one COMMIT, and each resolves only once it is committed', async (t) => {
  const { db, driver, committed } = await twoConnections(t);
  const before = driver.commits;
  const seenCommitted: boolean[] = [];
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('t')
            .values({ id: i, v: `row ${i}` })
            .execute(),
        )
        .then(() => seenCommitted.push(committed(i).n === 1)),
    ),
  );
  assert.deepEqual(
    seenCommitted,
    Array(20).fill(true),
    'each was visible to another connection when it resolved',
  );
  const commits = driver.commits - before;
  assert.ok(commits >= 1 && commits <= 3, `20 transactions in ${commits} commits`);
});

test('a transaction that fails is rolled back alone; the others in its batch commit', async (t) => {
  const { db, committed } = await twoConnections(t);
  const results = await Promise.allSettled(
    [1, 2, 3].map((id) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id, v: 'x' }).execute();
        if (id === 2) throw new Error('refused');
      }),
    ),
  );
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.deepEqual([committed(1).n, committed(2).n, committed(3).n], [1, 0, 1]);
});

test('a write outside any transaction commits an open batch first; reads inside one see it', async (t) => {
  const { db, committed } = await twoConnections(t);
  const member = db
    .transaction()
    .execute((trx) => trx.insertInto('t').values({ id: 1, v: 'in a batch' }).execute());
  // Queued behind the member: it finds the batch open (its commit waits for this turn to end).
  const plain = db.insertInto('t').values({ id: 2, v: 'alone' }).execute();
  await plain;
  assert.equal(committed(1).n, 1, 'the batch was committed before the plain write ran');
  assert.equal(committed(2).n, 1);
  await member;
  const read = db.transaction().execute(async (trx) => {
    await trx.insertInto('t').values({ id: 3, v: 'x' }).execute();
  });
  const rows = await db.selectFrom('t').select('id').orderBy('id').execute();
  await read;
  assert.deepEqual(
    rows.map((r) => r.id),
    [1, 2, 3],
  );
});

test('a COMMIT that fails fails every transaction of its batch, and the next batch is untouched', async (t) => {
  const { db, committed } = await twoConnections(t);
  await sql`pragma foreign_keys = on`.execute(db);
  await sql`create table parent (id integer primary key)`.execute(db);
  // A deferred foreign key is checked at COMMIT: a member's savepoint is released fine, the COMMIT fails.
  await sql`create table child (id integer primary key, parent_id integer not null references parent (id) deferrable initially deferred)`.execute(
    db,
  );
  const results = await Promise.allSettled([
    db.transaction().execute((trx) => trx.insertInto('t').values({ id: 1, v: 'fine' }).execute()),
    db.transaction().execute((trx) => sql`insert into child (id, parent_id) values (1, 42)`.execute(trx)),
  ]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
    'neither is acknowledged: their COMMIT failed',
  );
  assert.equal(committed(1).n, 0);
  await db.transaction().execute((trx) => trx.insertInto('t').values({ id: 2, v: 'after' }).execute());
  assert.equal(committed(2).n, 1, 'the next batch commits');
});
