// Reads that name their columns instead of `select *` (for SQLite's faster rows, sqlite-statements.ts)
// must name every column of their table: a column added by a migration and missing here would be
// missing from every payment read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { PAYMENT_ROW_COLUMNS } from '../../src/domain/payments/payment.repository.js';
import { buildTestApp, ENGINE } from '../helpers/app.js';

test('the named columns of a payment read are the columns of payments, on the engine of the run', async (t) => {
  const app = await buildTestApp(t);
  // The app's own schema only: Kysely's introspector reads every schema of the database, which other
  // test processes are creating and dropping meanwhile.
  const { rows } =
    ENGINE === 'postgres'
      ? await sql<{ name: string }>`select attname as name from pg_attribute
          where attrelid = to_regclass('payments') and attnum > 0 and not attisdropped`.execute(app.deps.db)
      : await sql<{ name: string }>`select name from pragma_table_info('payments')`.execute(app.deps.db);
  assert.ok(rows.length > 0, 'the payments table');
  assert.deepEqual([...PAYMENT_ROW_COLUMNS].sort(), rows.map((column) => column.name).sort());
});
