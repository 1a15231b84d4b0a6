import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTransaction } from '../../../src/domain/transactions/transaction.service.js';
import { buildTestApp } from '../../helpers/app.js';
import { partnerMerchant } from '../../helpers/partner-payments.js';

const problem = (res: any, status: number, code: string) => {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.json().code, code);
  return res.json();
};

test('list: 400 for each query rule, naming the field', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const cases: Array<[string, string]> = [
    ['filter=isSandbox', '/filterValue'],
    ['filterValue=true', '/filter'],
    ['filter=amount&filterValue=1', '/filter'],
    ['filter=isSandbox&filterValue=yes', '/filterValue'],
    ['filter=status&filterValue=paid', '/filterValue'],
    ['filter=direction&filterValue=in', '/filterValue'],
    ['filter=status&filterValue=pending&status=completed', '/status'],
    ['filter=direction&filterValue=incoming&direction=outgoing', '/direction'],
    ['status=paid', '/status'],
    ['direction=sideways', '/direction'],
    ['dateFrom=yesterday', '/dateFrom'],
    ['dateTo=2026-02-30', '/dateTo'],
    ['dateFrom=2026-06-02&dateTo=2026-06-01', '/dateTo'],
    ['dateFrom=2026-06-01T10:00:00.000Z&dateTo=2026-06-01T09:59:59.999Z', '/dateTo'],
    ['limit=101', '/limit'],
    ['page=0', '/page'],
  ];
  for (const [query, field] of cases) {
    const body = problem(
      await app.call({ method: 'GET', url: `${m.base}/transactions?${query}`, headers: m.headers }),
      400,
      'validation_failed',
    );
    assert.ok(
      body.errors.some((e: any) => e.field === field),
      `${query}: ${JSON.stringify(body.errors)}`,
    );
  }
  // The pair and the plain parameter may agree; a date-only window of one day is not reversed.
  for (const query of [
    'filter=status&filterValue=completed&status=completed',
    'dateFrom=2026-06-01&dateTo=2026-06-01',
  ]) {
    const res = await app.call({ method: 'GET', url: `${m.base}/transactions?${query}`, headers: m.headers });
    assert.equal(res.statusCode, 200, `${query}: ${res.body}`);
  }
});

test('statistic: 400 for isSandbox other than true or false, bad dates and a reversed window', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const cases: Array<[string, string]> = [
    ['isSandbox=yes', '/isSandbox'],
    ['isSandbox=1', '/isSandbox'],
    ['dateFrom=01/06/2026', '/dateFrom'],
    ['dateTo=2026-13-01', '/dateTo'],
    ['dateFrom=2026-06-02T00:00:00Z&dateTo=2026-06-01', '/dateTo'],
  ];
  for (const [query, field] of cases) {
    const body = problem(
      await app.call({
        method: 'GET',
        url: `${m.base}/transactions/statistics?${query}`,
        headers: m.headers,
      }),
      400,
      'validation_failed',
    );
    assert.ok(
      body.errors.some((e: any) => e.field === field),
      `${query}: ${JSON.stringify(body.errors)}`,
    );
  }
});

test("get: 404 for unknown and malformed ids, and for another company's transaction", async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const other = await partnerMerchant(app, { partner: m.partner, name: 'Other Co' });
  const theirs = await openTransaction(app.deps, {
    companyId: other.companyId,
    integrationId: other.integrationId,
    parentType: 'Payment',
    parentId: 'dddddddddddddddddddddddd',
    direction: 'incoming',
    amountPence: 100,
    reference: 'x',
    externalRef: null,
    isSandbox: false,
    dataApiCheckStatus: 'not_applicable',
  });
  for (const id of ['cccccccccccccccccccccccc', 'not-an-id', theirs.id]) {
    problem(
      await app.call({ method: 'GET', url: `${m.base}/transactions/${id}`, headers: m.headers }),
      404,
      'not_found',
    );
  }
  const mine = await app.call({
    method: 'GET',
    url: `${other.base}/transactions/${theirs.id}`,
    headers: m.headers,
  });
  assert.equal(mine.statusCode, 200, mine.body);
  assert.equal(mine.json().data.parentEntity, null, 'a parent that is gone is null, not an error');
});
