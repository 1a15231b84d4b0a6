// SQLite rows are made into objects by the statement cache (sqlite-statements.ts), not by better-sqlite3:
// they must be the objects better-sqlite3 would give, through every way a statement is run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { withStatementCache } from '../../src/store/sqlite-statements.js';

function database() {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec(`create table t (id text primary key, amount integer, note text, paid real, blob blob);
    insert into t values ('a', 2550, null, 25.5, x'0102'), ('b', 0, 'two', 0.1, null);`);
  return { sqlite, cached: withStatementCache(sqlite) };
}

test('rows are the objects better-sqlite3 gives: same keys in the same order, same values', () => {
  const { sqlite, cached } = database();
  for (const sql of [
    'select * from t order by id',
    'select id, amount as n, note from t where id = ?',
    // Two columns of one name: the last one wins, as better-sqlite3 has it.
    'select id, amount as id from t order by id',
    'select count(*) as c from t',
    'select * from t where id = ?',
    'select t.id, t.paid * 2 as twice from t order by id',
  ]) {
    const parameters = sql.includes('?') ? ['b'] : [];
    const expected = sqlite.prepare(sql).all(parameters);
    const rows = cached.prepare(sql).all(parameters);
    assert.deepStrictEqual(rows, expected, sql);
    assert.deepStrictEqual(
      rows.map((row) => Object.keys(row as object)),
      expected.map((row) => Object.keys(row as object)),
      sql,
    );
    assert.deepStrictEqual([...cached.prepare(sql).iterate(parameters)], expected, `${sql} (iterate)`);
  }
  sqlite.close();
});

test('a table changed under cached statements: `select *` gives its new columns, named ones fail loudly', () => {
  const { sqlite, cached } = database();
  const star = 'select * from t where id = ?';
  const named = 'select id, amount, note from t where id = ?';
  assert.deepStrictEqual(cached.prepare(star).all(['a']), [
    { id: 'a', amount: 2550, note: null, paid: 25.5, blob: Buffer.from([1, 2]) },
  ]);
  assert.deepStrictEqual(cached.prepare(named).all(['a']), [{ id: 'a', amount: 2550, note: null }]);
  // Rebuilt with its columns in another order (how SQLite changes a column's type), one of them renamed,
  // as a migration in another process would leave it.
  sqlite.exec(`create table t2 (note text, paid real, total integer, id text primary key, blob blob);
    insert into t2 select note, paid, amount, id, blob from t; drop table t; alter table t2 rename to t;`);
  assert.deepStrictEqual(cached.prepare(star).all(['a']), [
    { note: null, paid: 25.5, total: 2550, id: 'a', blob: Buffer.from([1, 2]) },
  ]);
  assert.throws(() => cached.prepare(named).all(['a']), /no such column: amount/);
  sqlite.exec("alter table t drop column blob; alter table t add column extra text default 'x'");
  assert.deepStrictEqual(cached.prepare(star).all(['a']), [
    { note: null, paid: 25.5, total: 2550, id: 'a', extra: 'x' },
  ]);
  sqlite.close();
});

test('a column named __proto__ gives the row better-sqlite3 gives, prototype and all', () => {
  const { sqlite, cached } = database();
  for (const value of ['null', "'x'", "json_object('polluted', 1)"]) {
    const sql = `select ${value} as "__proto__", id from t where id = 'a'`;
    const [row] = cached.prepare(sql).all([]) as object[];
    const expected = sqlite.prepare(sql).get() as object;
    assert.equal(Object.getPrototypeOf(row), Object.getPrototypeOf(expected), sql);
    assert.deepStrictEqual(row, expected, sql);
  }
  sqlite.close();
});

test('writes run and report as before; a statement is prepared once per SQL text', () => {
  const { sqlite, cached } = database();
  const insert = cached.prepare('insert into t (id, amount) values (?, ?)');
  assert.equal(insert.reader, false);
  assert.equal(insert.run(['c', 1]).changes, 1);
  assert.equal(cached.prepare('insert into t (id, amount) values (?, ?)'), insert);
  const returning = cached.prepare('insert into t (id, amount) values (?, ?) returning id, amount');
  assert.equal(returning.reader, true);
  assert.deepStrictEqual(returning.all(['d', 7]), [{ id: 'd', amount: 7 }]);
  sqlite.close();
});
