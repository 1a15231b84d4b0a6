// A consent's tokens at its bank can move money: they are stored sealed (pbenc:v1:...), never in clear,
// and the adapter still uses them (the payment completes, a refresh would open them).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { SecretBox } from '../../../src/domain/secret-box.js';
import { sealStoredGrants } from '../../../src/providers/open-banking/grant.repository.js';
import { buildTestApp } from '../../helpers/app.js';
import { buildListeningApp } from '../../helpers/listening-app.js';
import { merchant } from '../../helpers/merchant.js';
import { paidPayment, statusOf } from '../../helpers/payment-flow.js';

test('the tokens of an authorised consent are stored sealed, and the payment still completes', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const { id } = await paidPayment(app, m);
  assert.equal(await statusOf(app, m, id), 'paid');

  const grants = await app.deps.db
    .selectFrom('open_banking_grants')
    .select(['access_token', 'refresh_token'])
    .execute();
  assert.ok(grants.length > 0, 'the code exchange kept a grant');
  for (const grant of grants) {
    assert.match(grant.access_token, /^pbenc:v1:/);
    if (grant.refresh_token !== null) assert.match(grant.refresh_token, /^pbenc:v1:/);
    assert.notEqual(app.deps.secrets.open(grant.access_token), grant.access_token);
  }
});

test('grants stored in clear, or under a rotated-out key, are sealed under the current key at start', async (t) => {
  const app = await buildTestApp(t);
  const currentKey = randomBytes(32);
  const previousKey = randomBytes(32);
  const old = new SecretBox(previousKey);
  const row = (consentId: string, access: string, refresh: string | null) => ({
    provider_id: 'ob-sandbox',
    consent_id: consentId,
    access_token: access,
    refresh_token: refresh,
    access_expires_at: '2030-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  await app.deps.db
    .insertInto('open_banking_grants')
    .values([row('clear', 'access-1', 'refresh-1'), row('clear-no-refresh', 'access-2', null)])
    .execute();
  // Sealed under a key the service no longer seals with: opened through a box that knows both.
  const rotated = new SecretBox(currentKey, [previousKey]);
  await app.deps.db
    .insertInto('open_banking_grants')
    .values(row('old-key', old.seal('access-3'), null))
    .execute();

  assert.equal(await sealStoredGrants(app.deps.db, rotated), 3);
  const stored = await app.deps.db
    .selectFrom('open_banking_grants')
    .selectAll()
    .orderBy('consent_id')
    .execute();
  const clear = stored.map((g) => [
    g.consent_id,
    rotated.open(g.access_token),
    g.refresh_token && rotated.open(g.refresh_token),
  ]);
  assert.deepEqual(clear, [
    ['clear', 'access-1', 'refresh-1'],
    ['clear-no-refresh', 'access-2', null],
    ['old-key', 'access-3', null],
  ]);
  for (const g of stored) assert.equal(rotated.needsSealing(g.access_token), false);
  // Nothing left to do the second time.
  assert.equal(await sealStoredGrants(app.deps.db, rotated), 0);
});
