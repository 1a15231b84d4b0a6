// A query's plan on PostgreSQL as the lines of EXPLAIN, for tests that check which plan a reader gets.
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../../src/store/database.js';

export async function postgresPlan(db: Db, query: Compilable<unknown>): Promise<string> {
  const { sql: text, parameters } = query.compile();
  const rows = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${text}`, [...parameters]),
  );
  return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
}
