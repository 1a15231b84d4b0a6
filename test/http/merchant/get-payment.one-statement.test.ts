// A merchant's get payment reads its credential and its payment in one statement (merchant-auth.ts,
// payment.repository.ts paymentWithCredential): one round trip on PostgreSQL instead of two. The payment
// rides in the credential's statement, so these check that it reaches no one but its own caller.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { createIntegration } from '../../helpers/fixtures.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';
import { countStatements } from '../../helpers/statements.js';

/** A right integration id with a secret that is not its own. */
const wrongSecret = (headers: Record<string, string>) => ({
  ...headers,
  'secret-key': '00000000-0000-4000-8000-000000000000',
});

/** A merchant's new payment, by the API; its id. */
async function createPayment(app: TestApp, headers: Record<string, string>, overrides = {}) {
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers,
    payload: paymentBody(overrides),
  });
  assert.equal(res.statusCode, 200);
  return res.json().result.id as string;
}

test('a get payment is one statement, the credential and the payment together, on the engine of the run', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const id = await createPayment(app, m.headers, { amount: '12.34' });
  const listed = await app.call({ method: 'GET', url: '/merchant/v1/payments', headers: m.headers });

  const statements = countStatements(t, app);
  const got = await app.call({ method: 'GET', url: `/merchant/v1/payments/${id}`, headers: m.headers });
  assert.equal(got.statusCode, 200);
  assert.equal(statements.sql.length, 1, statements.sql.join('\n'));
  if (app.deps.engine === 'sqlite') assert.match(statements.sql[0] ?? '', /"payments"/);
  // The same payment as the list gives, field for field.
  assert.deepEqual(got.json(), { created: true, result: listed.json()[0] });
  assert.equal(got.json().result.amount, '12.34');

  // A payment it does not have: a 404, in one statement too.
  statements.sql.length = 0;
  const missing = await app.call({
    method: 'GET',
    url: `/merchant/v1/payments/${'0'.repeat(24)}`,
    headers: m.headers,
  });
  assert.equal(missing.statusCode, 404);
  assert.equal(statements.sql.length, 1);
});

test("the payment read with a credential reaches only that credential's own caller", async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const sibling = await createIntegration(app, m.partner, m.companyId, { name: 'Second shop' });
  const other = await merchant(app, { partnerName: 'Other partner' });
  const id = await createPayment(app, m.headers);
  const deleted = await createPayment(app, m.headers);
  await app.call({ method: 'DELETE', url: `/merchant/v1/payments/${deleted}`, headers: m.headers });
  const get = (headers: Record<string, string>, paymentId = id) =>
    app.call({ method: 'GET', url: `/merchant/v1/payments/${paymentId}`, headers });

  // A wrong secret for the integration that owns the payment: 401, and nothing of the payment.
  const wrong = await get(wrongSecret(m.headers));
  assert.equal(wrong.statusCode, 401);
  assert.equal(wrong.json().code, 'unauthorized');
  assert.doesNotMatch(wrong.body, new RegExp(id));
  for (const headers of [
    {} as Record<string, string>,
    { 'integration-id': m.headers['integration-id'] as string },
    { ...m.headers, 'secret-key': 'not-a-uuid' },
    { ...m.headers, 'integration-id': 'not-an-id' },
  ]) {
    assert.equal((await get(headers)).statusCode, 401, JSON.stringify(headers));
  }
  // Another integration of the same company, another company: 404, as for a payment that is not there.
  for (const headers of [sibling.merchantHeaders, other.headers]) {
    const res = await get(headers);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
  }
  // A deleted payment is gone; an id that is not one is found by no read, as before.
  assert.equal((await get(m.headers, deleted)).statusCode, 404);
  assert.equal((await get(m.headers, 'not-an-id')).statusCode, 404);
  assert.equal(
    (await get(wrongSecret(m.headers), 'not-an-id')).statusCode,
    401,
    'the credential is checked first whatever the id',
  );

  // HEAD answers as GET does.
  const head = (headers: Record<string, string>) =>
    app.call({ method: 'HEAD', url: `/merchant/v1/payments/${id}`, headers });
  assert.equal((await head(m.headers)).statusCode, 200);
  assert.equal((await head(wrongSecret(m.headers))).statusCode, 401);
  // The payment is made from its row only for a caller whose secret matched: a row it could not be made
  // from (stored e-mail copies that are not JSON) still answers a wrong secret 401, and counts it.
  const unreadable = await createPayment(app, m.headers);
  await app.deps.db
    .updateTable('payments')
    .set({ customer_email_cc: 'not json' })
    .where('id', '=', unreadable)
    .execute();
  const guess = await get(wrongSecret(m.headers), unreadable);
  assert.equal(guess.statusCode, 401);

  // A banned company's credential: 403 even for its own payment.
  await app.deps.db
    .updateTable('companies')
    .set({ status: 'banned' })
    .where('id', '=', m.companyId)
    .execute();
  const banned = await get(m.headers);
  assert.equal(banned.statusCode, 403);
  assert.doesNotMatch(banned.body, new RegExp(id));
  // A deleted integration stops at once, its payment with it.
  await app.deps.db
    .updateTable('companies')
    .set({ status: 'active' })
    .where('id', '=', m.companyId)
    .execute();
  assert.equal((await get(m.headers)).statusCode, 200);
  await app.call({
    method: 'DELETE',
    url: `/terminal/v1/companies/${m.companyId}/integrations/${m.integrationId}`,
    headers: m.partner.terminalHeaders,
  });
  assert.equal((await get(m.headers)).statusCode, 401);
});
