// A merchant credential that waits for a shared statement (integration.repository.ts
// findMerchantCredentialRow) is read by a statement that begins after the call: an integration deleted
// before the call refuses it, though the statements then running began before the deletion.
// PostgreSQL only: SQLite's credential reads are local calls, never batched.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type pg from 'pg';
import { authenticateIntegration } from '../../../src/domain/integrations/integration.service.js';
import { buildTestApp } from '../../helpers/app.js';
import { createIntegration } from '../../helpers/fixtures.js';
import { lockHolder } from '../../helpers/lock-holder.js';
import { merchant } from '../../helpers/merchant.js';

test('a credential deleted while the statements ahead of it run is refused to a call made after the deletion', async (t) => {
  const app = await buildTestApp(t);
  const a = await merchant(app);
  const other = await createIntegration(app, a.partner, a.companyId);
  const { holder, schema } = await lockHolder(t, app.config.databaseUrl);
  // A credential's statement reads companies: held here, the two statements allowed at a time wait.
  await holder.query(`begin; lock table ${schema}.companies in access exclusive mode`);
  const ahead = [1, 2].map(() => authenticateIntegration(app.deps, other.id, other.secretKey));
  await waitFor(async () => (await waitingOnLocks(holder, schema)) === 2);

  await app.deps.db
    .updateTable('integrations')
    .set({ deleted_at: app.clock.now().toISOString() })
    .where('id', '=', a.integrationId)
    .execute();
  const after = authenticateIntegration(app.deps, a.integrationId, a.headers['secret-key'] ?? '');
  // It waits for one of the two ahead of it, not on the lock itself: still two statements there.
  assert.equal(await waitingOnLocks(holder, schema), 2);
  await holder.query('commit');

  assert.equal(await after, undefined, 'the deleted integration is refused');
  for (const answer of await Promise.all(ahead)) assert.equal(answer?.integrationId, other.id);
});

/** How many statements wait for the lock held on this test's companies table. */
async function waitingOnLocks(client: pg.Client, schema: string): Promise<number> {
  const { rows } = await client.query(
    `select count(*)::int as n from pg_locks where relation = '${schema}.companies'::regclass and not granted`,
  );
  return (rows[0] as { n: number }).n;
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the statements never waited on the lock');
}
