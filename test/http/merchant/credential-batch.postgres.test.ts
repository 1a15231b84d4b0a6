// Merchant credentials asked for while two statements of them run (integration.repository.ts
// findMerchantCredentialRow) wait for neither the pool nor the database: they go out together, in one
// statement sent once one of the two ends, so that an integration deleted before they were asked for
// refuses them. PostgreSQL only: SQLite's credential reads are local calls, never batched.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type pg from 'pg';
import { authenticateIntegration } from '../../../src/domain/integrations/integration.service.js';
import { buildTestApp } from '../../helpers/app.js';
import { createIntegration } from '../../helpers/fixtures.js';
import { lockHolder } from '../../helpers/lock-holder.js';
import { merchant } from '../../helpers/merchant.js';
import { countStatements } from '../../helpers/statements.js';

test('credentials asked for while two statements wait go out together after them; a deletion made before refuses them', async (t) => {
  const app = await buildTestApp(t);
  const a = await merchant(app);
  const other = await createIntegration(app, a.partner, a.companyId);
  const { holder, schema } = await lockHolder(t, app.config.databaseUrl);
  const statements = countStatements(t, app);
  // A credential's statement reads companies: held here, the two statements allowed at a time wait.
  await holder.query(`begin; lock table ${schema}.companies in access exclusive mode`);
  try {
    const ahead = [1, 2].map(() => authenticateIntegration(app.deps, other.id, other.secretKey));
    await waitFor(async () => (await waitingOnLocks(holder, schema)) === 2);
    await app.deps.db
      .updateTable('integrations')
      .set({ deleted_at: app.clock.now().toISOString() })
      .where('id', '=', a.integrationId)
      .execute();
    const secret = a.headers['secret-key'] ?? '';
    const after = [1, 2, 3].map(() => authenticateIntegration(app.deps, a.integrationId, secret));
    await holder.query('commit');

    for (const answer of await Promise.all(after)) assert.equal(answer, undefined, 'the deleted integration');
    for (const answer of await Promise.all(ahead)) assert.equal(answer?.integrationId, other.id);
    // The two ahead, then one for the three that waited; the deletion's own statement besides.
    const binds = statements.sql.filter((s) => s.startsWith('bind'));
    assert.equal(binds.length, 2 + 1 + 1, statements.sql.join('\n'));
  } finally {
    // A failure above would otherwise leave the lock held while the app's pool closes, and hang.
    await holder.query('rollback');
  }
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
