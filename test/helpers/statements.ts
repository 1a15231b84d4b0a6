// What the database is sent, counted by a test.
import type { TestContext } from 'node:test';
import pg from 'pg';
import { GroupCommitDriver } from '../../src/store/group-commit.js';
import type { TestApp } from './app.js';

/**
 * Counts the statements the database is sent from here on: on PostgreSQL each Bind (a statement with
 * parameters, named or not) and each simple query of any connection; on SQLite each statement run.
 */
export function countStatements(t: TestContext, app: TestApp): { sql: string[] } {
  const seen = { sql: [] as string[] };
  if (app.deps.engine === 'postgres') {
    const { bind, query } = pg.Connection.prototype;
    pg.Connection.prototype.bind = function (this: pg.Connection, ...args: unknown[]) {
      seen.sql.push(`bind ${(args[0] as { statement?: string }).statement || '(unnamed)'}`);
      return (bind as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof bind;
    pg.Connection.prototype.query = function (this: pg.Connection, ...args: unknown[]) {
      seen.sql.push(String(args[0]));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    t.after(() => {
      Object.assign(pg.Connection.prototype, { bind, query });
    });
    return seen;
  }
  const { readNow, run } = GroupCommitDriver.prototype;
  GroupCommitDriver.prototype.readNow = function (this: GroupCommitDriver, sql, parameters) {
    seen.sql.push(sql);
    return readNow.call(this, sql, parameters);
  } as typeof readNow;
  GroupCommitDriver.prototype.run = function (this: GroupCommitDriver, query, inTransaction) {
    seen.sql.push(query.sql);
    return run.call(this, query, inTransaction);
  } as typeof run;
  t.after(() => {
    Object.assign(GroupCommitDriver.prototype, { readNow, run });
  });
  return seen;
}
