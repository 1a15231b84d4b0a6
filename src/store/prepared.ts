// SQL texts run often enough to be prepared once per PostgreSQL connection (named statements: parsed
// and planned once, not on every call). Only queries built once (reusable-query.ts, and the fixed SQL
// of the hottest writes) are named, so their number is bounded; every other query stays unnamed.
// SQLite needs none of this: its statements are cached by SQL text (database.ts).
// Known limit: a statement selecting `*` prepared before another process adds a column to its table
// (a rolling upgrade) fails on that connection ("cached plan must not change result type") until the
// connection is replaced; restart the old processes after such a migration.
const names = new Map<string, string>();

/** Marks `sql` for preparing; returns it. */
export function prepared(sql: string): string {
  if (!names.has(sql)) names.set(sql, `paybank_${names.size + 1}`);
  return sql;
}

/** The statement name of `sql`, if it is to be prepared. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}
