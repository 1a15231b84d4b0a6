// Reads that name their columns instead of `select *` (for SQLite's faster rows, sqlite-statements.ts)
// must name every column of their table: a column added by a migration and missing here would be
// missing from every payment read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAYMENT_ROW_COLUMNS } from '../../src/domain/payments/payment.repository.js';
import { buildTestApp } from '../helpers/app.js';

test('the named columns of a payment read are the columns of payments, on the engine of the run', async (t) => {
  const app = await buildTestApp(t);
  const tables = await app.deps.store.db.introspection.getTables();
  const payments = tables.find((table) => table.name === 'payments');
  assert.ok(payments, 'the payments table');
  assert.deepEqual([...PAYMENT_ROW_COLUMNS].sort(), payments.columns.map((column) => column.name).sort());
});
