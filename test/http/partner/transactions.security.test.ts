import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTransaction } from '../../../src/domain/transactions/transaction.service.js';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { partnerMerchant } from '../../helpers/partner-payments.js';

test('401 without a valid apisecret; 403 for another partner’s company or a made-up one; a disabled company stays readable', async (t) => {
  const app = await buildTestApp(t);
  const theirs = await partnerMerchant(app);
  const mine = await createPartner(app, 'Mine');
  const transaction = await openTransaction(app.deps, {
    companyId: theirs.companyId,
    integrationId: theirs.integrationId,
    parentType: 'Payment',
    parentId: 'dddddddddddddddddddddddd',
    direction: 'incoming',
    amountPence: 100,
    reference: 'x',
    externalRef: null,
    isSandbox: false,
    dataApiCheckStatus: 'not_applicable',
  });
  const paths = ['/transactions', `/transactions/${transaction.id}`, '/transactions/statistics'];
  for (const base of [theirs.base, '/partner/v1/companies/bbbbbbbbbbbbbbbbbbbbbbbb']) {
    for (const path of paths) {
      const url = `${base}${path}`;
      assert.equal((await app.call({ method: 'GET', url })).statusCode, 401, url);
      const wrong = await app.call({
        method: 'GET',
        url,
        headers: { apisecret: '00000000-0000-4000-8000-000000000000' },
      });
      assert.equal(wrong.statusCode, 401, url);
      const res = await app.call({ method: 'GET', url, headers: mine.partnerHeaders });
      assert.equal(res.statusCode, 403, `${url}: ${res.body}`);
      assert.equal(res.json().code, 'forbidden');
    }
  }
  await app.call({ method: 'POST', url: `${theirs.base}/disable`, headers: theirs.headers });
  for (const path of paths) {
    const res = await app.call({ method: 'GET', url: `${theirs.base}${path}`, headers: theirs.headers });
    assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
  }
});
