import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createBankAccount } from '../../helpers/bank-accounts.js';
import { createIntegration, tenant } from '../../helpers/fixtures.js';

const URL = '/merchant/v1/bank-account/connection-type';

test("connection type of the integration's bank account: manually_created; 409 with none; 401 without credentials", async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const none = await app.call({ method: 'GET', url: URL, headers: integration.merchantHeaders });
  assert.equal(none.statusCode, 409, none.body);
  assert.match(none.json().detail, /attach a bank account first/);

  await createBankAccount(app, partner, company.id);
  const res = await app.call({ method: 'GET', url: URL, headers: integration.merchantHeaders });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['api-version'], '1.1');
  assert.deepEqual(res.json(), { data: { connectionType: 'manually_created' } });

  assert.equal((await app.call({ method: 'GET', url: URL })).statusCode, 401);
  const wrong = { ...integration.merchantHeaders, 'secret-key': '00000000-0000-4000-8000-000000000000' };
  assert.equal((await app.call({ method: 'GET', url: URL, headers: wrong })).statusCode, 401);
});
