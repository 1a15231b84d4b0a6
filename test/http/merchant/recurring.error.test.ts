import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { merchant } from '../../helpers/merchant.js';
import { createRecurring, recurringBody, setNow } from '../../helpers/recurring.js';

const problem = (res: any, status: number, code: string) => {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.json().code, code);
  return res.json();
};

const URLS = ['/merchant/v1/recurring-payments', '/merchant/v1/recurring-payments/send'];

test('RecurringCreate: each rule of spec 4.A and part 8 is a 400 naming the field, and nothing is created', async (t) => {
  const app = await buildTestApp(t, { MAX_AMOUNT: '5000.00' });
  setNow(app.clock, '2027-03-01T10:00:00.000Z'); // a Monday: the earliest first date is Thursday 4 March
  const m = await merchant(app);
  const cases: Array<[Record<string, unknown>, string]> = [
    [recurringBody({ reference: undefined }), '/reference'],
    [recurringBody({ reference: '' }), '/reference'],
    [recurringBody({ reference: 'gym-2027-abcd' }), '/reference'], // 13 characters
    [recurringBody({ reference: 'Gym-2027' }), '/reference'],
    [recurringBody({ reference: 'gym_2027' }), '/reference'],
    [recurringBody({ reference: 'gym 2027' }), '/reference'],
    [recurringBody({ recurringAmount: undefined }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '25' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '25.5' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '25,00' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '-1.00' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '0.00' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '5000.01' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: 25 }), '/recurringAmount'],
    [recurringBody({ initialPaymentAmount: '0.00' }), '/initialPaymentAmount'],
    [recurringBody({ initialPaymentAmount: '1.5' }), '/initialPaymentAmount'],
    [recurringBody({ initialPaymentAmount: '9999.99' }), '/initialPaymentAmount'],
    [recurringBody({ numberOfPayments: undefined }), '/numberOfPayments'],
    [recurringBody({ numberOfPayments: -1 }), '/numberOfPayments'],
    [recurringBody({ numberOfPayments: 1.5 }), '/numberOfPayments'],
    [recurringBody({ numberOfPayments: '3' }), '/numberOfPayments'],
    [recurringBody({ numberOfPayments: 1001 }), '/numberOfPayments'],
    [recurringBody({ frequency: undefined }), '/frequency'],
    [recurringBody({ frequency: 'one_day' }), '/frequency'],
    [recurringBody({ frequency: 'monthly' }), '/frequency'],
    [recurringBody({ recurringPaymentDate: undefined }), '/recurringPaymentDate'],
    [recurringBody({ recurringPaymentDate: '31/03/2027' }), '/recurringPaymentDate'],
    [recurringBody({ recurringPaymentDate: '2027-02-30' }), '/recurringPaymentDate'],
    [recurringBody({ recurringPaymentDate: '2027-03-03' }), '/recurringPaymentDate'], // 2 working days ahead
    [recurringBody({ recurringPaymentDate: '2027-02-28' }), '/recurringPaymentDate'], // the past
    [recurringBody({ customerEmail: 'not-an-email' }), '/customerEmail'],
    [recurringBody({ customerEmailCC: ['a@b.example', 'nope'] }), '/customerEmailCC/1'],
    [recurringBody({ customerEmailCC: 'a@b.example' }), '/customerEmailCC'],
    [recurringBody({ customerName: 'x'.repeat(201) }), '/customerName'],
  ];
  for (const [payload, field] of cases) {
    for (const url of URLS) {
      const body = problem(
        await app.call({ method: 'POST', url, headers: m.headers, payload }),
        400,
        'validation_failed',
      );
      assert.ok(
        body.errors.some((e: any) => e.field === field),
        `${JSON.stringify(payload[field.split('/')[1]!])} -> ${JSON.stringify(body.errors)}`,
      );
    }
  }
  const list = await app.call({ method: 'GET', url: '/merchant/v1/recurring-payments', headers: m.headers });
  assert.deepEqual(list.json(), []);
  const rows = await app.deps.db.selectFrom('recurring_payment_items').select('id').execute();
  assert.equal(rows.length, 0);
  // The earliest allowed date itself is fine (either form), and 0 payments means until cancelled.
  await createRecurring(app, m, { recurringPaymentDate: '2027-03-04' });
  await createRecurring(app, m, { recurringPaymentDate: '2027-03-04T08:30:00.000Z', numberOfPayments: 0 });
});

test('first payment date: the 400 names the earliest allowed date (2 working days ahead, weekends, bank holidays)', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const firstDate = async (day: string) =>
    app.call({
      method: 'POST',
      url: '/merchant/v1/recurring-payments',
      headers: m.headers,
      payload: recurringBody({ recurringPaymentDate: day }),
    });
  // Wednesday 23 December 2026: Christmas Day (Friday) and the substitute Boxing Day (Monday 28) are
  // bank holidays, so the third working day is Wednesday 30 December.
  setNow(app.clock, '2026-12-23T10:00:00.000Z');
  for (const day of ['2026-12-24', '2026-12-28', '2026-12-29']) {
    const body = problem(await firstDate(day), 400, 'validation_failed');
    assert.match(body.detail, /at least 3 working days after today \(2026-12-23\)/);
    assert.match(body.detail, /earliest allowed date is 2026-12-30/);
    assert.deepEqual(
      body.errors.map((e: any) => e.field),
      ['/recurringPaymentDate'],
    );
  }
  assert.equal((await firstDate('2026-12-30')).statusCode, 201);

  // Thursday 4 March 2027: the weekend does not count, so Sunday and Monday are too soon.
  setNow(app.clock, '2027-03-04T10:00:00.000Z');
  for (const day of ['2027-03-06', '2027-03-07', '2027-03-08']) {
    const body = problem(await firstDate(day), 400, 'validation_failed');
    assert.match(body.detail, /earliest allowed date is 2027-03-09/);
  }
  assert.equal((await firstDate('2027-03-09')).statusCode, 201);
  // A late evening in London counts as that London day (BST is an hour ahead of UTC in summer).
  setNow(app.clock, '2027-06-30T23:30:00.000Z'); // already Thursday 1 July in London
  problem(await firstDate('2027-07-05'), 400, 'validation_failed');
  assert.equal((await firstDate('2027-07-06')).statusCode, 201);
});

test('409 when the integration has no bank account, or its account is disabled', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  await app.deps.db
    .updateTable('integrations')
    .set({ bank_account_id: null })
    .where('id', '=', m.integrationId)
    .execute();
  const none = problem(
    await app.call({ method: 'POST', url: URLS[0]!, headers: m.headers, payload: recurringBody() }),
    409,
    'invalid_state',
  );
  assert.match(none.detail, /attach a bank account/);
  await app.deps.db
    .updateTable('integrations')
    .set({ bank_account_id: m.bankAccountId })
    .where('id', '=', m.integrationId)
    .execute();
  await app.deps.db
    .updateTable('bank_accounts')
    .set({ status: 'disabled' })
    .where('id', '=', m.bankAccountId)
    .execute();
  problem(
    await app.call({ method: 'POST', url: URLS[1]!, headers: m.headers, payload: recurringBody() }),
    409,
    'invalid_state',
  );
});

test('edit only draft or overdue; delete never once set up; send, cancel and the state machine give 409s', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const { id } = await createRecurring(app, m);
  const url = `/merchant/v1/recurring-payments/${id}`;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path = '', payload?: unknown) =>
    app.call({ method, url: `${url}${path}`, headers: m.headers, payload: payload as never });

  problem(await call('PUT', '', { ...recurringBody(), recurringAmount: '1.0' }), 400, 'validation_failed');
  problem(await call('PUT', '', { reference: 'x' }), 400, 'validation_failed');
  problem(await call('POST', '/cancel'), 409, 'invalid_state'); // a draft is deleted, not cancelled

  const setStatus = (status: string) =>
    app.deps.db.updateTable('recurring_payments').set({ status }).where('id', '=', id).execute();
  for (const status of ['sent', 'active', 'completed', 'cancelled', 'cancelled_by_customer', 'rejected']) {
    await setStatus(status);
    const body = problem(
      await call('PUT', '', recurringBody({ recurringAmount: '99.00' })),
      409,
      'invalid_state',
    );
    assert.match(body.detail, new RegExp(`status ${status}; allowed in: draft, overdue`));
  }
  for (const status of ['active', 'completed', 'cancelled', 'cancelled_by_customer']) {
    await setStatus(status);
    problem(await call('DELETE'), 409, 'invalid_state');
    problem(await call('POST', '/send'), 409, 'invalid_state');
  }
  for (const status of ['completed', 'cancelled', 'cancelled_by_customer']) {
    await setStatus(status);
    problem(await call('POST', '/cancel'), 409, 'invalid_state');
  }
  await setStatus('overdue');
  assert.equal((await call('PUT', '', recurringBody({ recurringAmount: '30.00' }))).statusCode, 200);
  await setStatus('draft');
  const row = await app.deps.db
    .selectFrom('recurring_payments')
    .select('amount')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(Number(row.amount), 3000);

  // A draft whose first date is no longer 3 working days away cannot be sent until it is edited.
  app.clock.advance(28 * 86_400_000); // Monday 29 March: the first date (31 March) is too near
  const late = problem(await call('POST', '/send'), 409, 'invalid_state');
  assert.match(late.detail, /edit it to 2027-04-01 or later/);
  assert.equal(
    (await call('PUT', '', recurringBody({ recurringPaymentDate: '2027-04-30' }))).statusCode,
    200,
  );
  assert.equal((await call('POST', '/send')).statusCode, 200);
  problem(await call('POST', '/send'), 409, 'invalid_state');
});

test('404 for unknown, malformed and deleted ids on every operation', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const { id } = await createRecurring(app, m);
  assert.equal(
    (await app.call({ method: 'DELETE', url: `/merchant/v1/recurring-payments/${id}`, headers: m.headers }))
      .statusCode,
    200,
  );
  for (const target of [id, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'nope']) {
    const base = `/merchant/v1/recurring-payments/${target}`;
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['GET', `${base}/payments`, undefined],
      ['PUT', base, recurringBody()],
      ['POST', `${base}/send`, undefined],
      ['POST', `${base}/cancel`, undefined],
      ['DELETE', base, undefined],
    ] as const) {
      problem(await app.call({ method, url, headers: m.headers, payload }), 404, 'not_found');
    }
  }
});

test('list: limit over 1000 or below 1 is a 400', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  for (const query of ['limit=1001', 'limit=0', 'page=0', 'page=x']) {
    problem(
      await app.call({ method: 'GET', url: `/merchant/v1/recurring-payments?${query}`, headers: m.headers }),
      400,
      'validation_failed',
    );
  }
});
