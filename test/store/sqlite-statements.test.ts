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

test('a statement prepared before its table changed gives the new columns', () => {
  const { sqlite, cached } = database();
  assert.deepStrictEqual(cached.prepare('select * from t where id = ?').all(['a']), [
    { id: 'a', amount: 2550, note: null, paid: 25.5, blob: Buffer.from([1, 2]) },
  ]);
  sqlite.exec(`alter table t add column extra text default 'x'`);
  assert.deepStrictEqual(cached.prepare('select * from t where id = ?').all(['a']), [
    { id: 'a', amount: 2550, note: null, paid: 25.5, blob: Buffer.from([1, 2]), extra: 'x' },
  ]);
  sqlite.exec('alter table t drop column blob');
  assert.deepStrictEqual(cached.prepare('select * from t where id = ?').all(['a']), [
    { id: 'a', amount: 2550, note: null, paid: 25.5, extra: 'x' },
  ]);
  sqlite.close();
});

test('a column named __proto__ never sets the prototype of a row: the row is the one better-sqlite3 gives', () => {
  const { sqlite, cached } = database();
  const sql = `select json_object('polluted', 1) as "__proto__", id from t where id = 'a'`;
  const [row] = cached.prepare(sql).all([]) as object[];
  assert.equal(Object.getPrototypeOf(row), Object.prototype);
  assert.equal((row as { polluted?: number }).polluted, undefined);
  assert.deepStrictEqual(row, sqlite.prepare(sql).get());
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
