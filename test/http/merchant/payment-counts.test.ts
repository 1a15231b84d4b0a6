// A payment list's total comes from counters kept in the transaction of each create and delete (a
// million payments took 0.6 s to count). They must agree with the payments stored, per integration
// (group A) and per company (group D), whatever is created and deleted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { createIntegration } from '../../helpers/fixtures.js';
import { paymentBody } from '../../helpers/merchant.js';
import { partnerMerchant } from '../../helpers/partner-payments.js';

async function create(app: TestApp, headers: Record<string, string>, process: boolean): Promise<string> {
  const res = await app.call({
    method: 'POST',
    url: process ? '/merchant/v1/payments/process' : '/merchant/v1/payments',
    headers,
    payload: paymentBody(),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().result.id;
}

test('list totals follow creates and deletes, per integration and per company', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const other = await createIntegration(app, m.partner, m.companyId);
  const stored = async (integrationId?: string) => {
    let query = app.deps.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', m.companyId)
      .where('deleted_at', 'is', null);
    if (integrationId) query = query.where('integration_id', '=', integrationId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const totals = async () => {
    const merchantTotal = async (headers: Record<string, string>) =>
      Number(
        (await app.call({ method: 'GET', url: '/merchant/v1/payments', headers })).headers['x-total-count'],
      );
    const partner = await app.call({ method: 'GET', url: `${m.base}/payments`, headers: m.headers });
    return {
      first: await merchantTotal(m.merchantHeaders),
      other: await merchantTotal(other.merchantHeaders),
      company: partner.json().data.totalDocs as number,
    };
  };

  const drafts = [
    await create(app, m.merchantHeaders, false),
    await create(app, m.merchantHeaders, false),
    await create(app, other.merchantHeaders, false),
  ];
  await create(app, m.merchantHeaders, true);
  await create(app, other.merchantHeaders, true);
  assert.deepEqual(await totals(), { first: 3, other: 2, company: 5 });

  const remove = (id: string, headers: Record<string, string>) =>
    app.call({ method: 'DELETE', url: `/merchant/v1/payments/${id}`, headers });
  assert.equal((await remove(drafts[0]!, m.merchantHeaders)).statusCode, 200);
  assert.equal((await remove(drafts[2]!, other.merchantHeaders)).statusCode, 200);
  // A second delete of the same payment, and a delete through the wrong integration, change nothing.
  assert.equal((await remove(drafts[0]!, m.merchantHeaders)).statusCode, 404);
  assert.equal((await remove(drafts[1]!, other.merchantHeaders)).statusCode, 404);
  assert.deepEqual(await totals(), { first: 2, other: 1, company: 3 });
  assert.deepEqual(await totals(), {
    first: await stored(m.integrationId),
    other: await stored(other.id),
    company: await stored(),
  });
});
