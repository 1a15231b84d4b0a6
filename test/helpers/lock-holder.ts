// A connection of a test's own to its PostgreSQL database, apart from the app's pool: to hold a lock on
// one of the app's tables while the app runs into it.
import type { TestContext } from 'node:test';
import pg from 'pg';

/** A connection to the database of `databaseUrl` (a test app's), closed when the test ends; its schema. */
export async function lockHolder(
  t: TestContext,
  databaseUrl: string,
): Promise<{ holder: pg.Client; schema: string }> {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema') as string;
  url.search = '';
  const holder = new pg.Client({ connectionString: url.toString() });
  await holder.connect();
  t.after(() => holder.end());
  return { holder, schema };
}
