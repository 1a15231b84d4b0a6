// Merchant credentials asked for together share a statement on PostgreSQL (integration.repository.ts
// findMerchantCredentialRow): two at a time, the others waiting for the next. Each caller still gets its
// own answer: its integration's credential, or none for a wrong secret or an unknown integration.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../../src/domain/ids.js';
import { authenticateIntegration } from '../../../src/domain/integrations/integration.service.js';
import { buildTestApp } from '../../helpers/app.js';
import { merchant } from '../../helpers/merchant.js';
import { countStatements } from '../../helpers/statements.js';

const WRONG_SECRET = '00000000-0000-4000-8000-000000000000';

test('credentials asked for together are read together, each caller answered with its own', async (t) => {
  const app = await buildTestApp(t);
  const a = await merchant(app);
  const b = await merchant(app, { partnerName: 'Other partner' });
  const secretOf = (headers: Record<string, string>) => headers['secret-key'] ?? '';
  const asked = [
    ...Array.from({ length: 12 }, () => ({ id: a.integrationId, secret: secretOf(a.headers), is: a })),
    ...Array.from({ length: 4 }, () => ({ id: b.integrationId, secret: secretOf(b.headers), is: b })),
    ...Array.from({ length: 2 }, () => ({ id: a.integrationId, secret: WRONG_SECRET, is: undefined })),
    ...Array.from({ length: 2 }, () => ({ id: newId(), secret: secretOf(a.headers), is: undefined })),
  ].sort(() => Math.random() - 0.5);

  const statements = countStatements(t, app);
  const answers = await Promise.all(asked.map((q) => authenticateIntegration(app.deps, q.id, q.secret)));
  for (const [i, q] of asked.entries()) {
    const answer = answers[i];
    if (!q.is) {
      assert.equal(answer, undefined, `${q.id} with ${q.secret}: refused`);
      continue;
    }
    assert.deepEqual(
      [answer?.integrationId, answer?.companyId, answer?.partnerId],
      [q.is.integrationId, q.is.companyId, q.is.partner.id],
    );
  }
  // PostgreSQL: two at once, then the 18 that waited in one. SQLite's are local reads, one each.
  assert.equal(
    statements.sql.length,
    app.deps.engine === 'postgres' ? 3 : asked.length,
    statements.sql.join('\n'),
  );
});
