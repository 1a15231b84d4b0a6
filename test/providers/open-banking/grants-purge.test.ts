import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openBankingGrantsPurgeJob } from '../../../src/providers/open-banking/grants-purge.job.js';
import { buildTestApp } from '../../helpers/app.js';

test('dead grants are forgotten, live and refreshable ones kept', async (t) => {
  const app = await buildTestApp(t);
  const now = app.clock.now().getTime();
  const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
  const grant = (consentId: string, refresh: string | null, expires: string) => ({
    provider_id: 'ob-sandbox',
    consent_id: consentId,
    access_token: `a-${consentId}`,
    refresh_token: refresh,
    access_expires_at: expires,
    created_at: at(0),
    updated_at: at(0),
  });
  await app.deps.db
    .insertInto('open_banking_grants')
    .values([
      grant('live', null, at(1)),
      grant('dead', null, at(-1)),
      grant('refreshable', 'r', at(-1)),
      grant('stale', 'r', at(-500)),
    ])
    .execute();
  await openBankingGrantsPurgeJob.run(app.deps);
  const left = await app.deps.db
    .selectFrom('open_banking_grants')
    .select('consent_id')
    .orderBy('consent_id')
    .execute();
  assert.deepEqual(
    left.map((r) => r.consent_id),
    ['live', 'refreshable'],
  );
});
