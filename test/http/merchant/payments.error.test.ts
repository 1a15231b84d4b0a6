import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';

const problem = (res: any, status: number, code: string) => {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.json().code, code);
  return res.json();
};

test('PaymentCreate: each rule is a 400 naming the field, and nothing is created', async (t) => {
  const app = await buildTestApp(t, { MAX_AMOUNT: '5000.00' });
  const m = await merchant(app);
  const cases: Array<[Record<string, unknown>, string]> = [
    [paymentBody({ invoiceRefNumber: undefined }), '/invoiceRefNumber'],
    [paymentBody({ invoiceRefNumber: 'INV-123456789' }), '/invoiceRefNumber'],
    [paymentBody({ invoiceRefNumber: 'INV 1' }), '/invoiceRefNumber'],
    [paymentBody({ invoiceRefNumber: 'INV_1' }), '/invoiceRefNumber'],
    [paymentBody({ invoiceRefNumber: '' }), '/invoiceRefNumber'],
    [paymentBody({ amount: undefined }), '/amount'],
    [paymentBody({ amount: '10' }), '/amount'],
    [paymentBody({ amount: '10.5' }), '/amount'],
    [paymentBody({ amount: '10.555' }), '/amount'],
    [paymentBody({ amount: '10,50' }), '/amount'],
    [paymentBody({ amount: '-1.00' }), '/amount'],
    [paymentBody({ amount: '0.00' }), '/amount'],
    [paymentBody({ amount: '5000.01' }), '/amount'],
    [paymentBody({ amount: 10.5 }), '/amount'],
    [paymentBody({ type: 'cheque' }), '/type'],
    [paymentBody({ customerEmail: 'not-an-email' }), '/customerEmail'],
    [paymentBody({ customerEmailCC: 'a@b.example, nope' }), '/customerEmailCC'],
    [paymentBody({ customerEmailCC: ['a@b.example', 'nope'] }), '/customerEmailCC/1'],
    [paymentBody({ dueDate: '31/01/2030' }), '/dueDate'],
    [paymentBody({ dueDate: '2030-02-30' }), '/dueDate'],
    // No payment is born overdue (issue 12 item 12).
    [paymentBody({ dueDate: '1999-12-31' }), '/dueDate'],
    [paymentBody({ dueDate: '0001-01-01' }), '/dueDate'],
    [paymentBody({ dueDate: '2020-06-01' }), '/dueDate'],
    [paymentBody({ dueDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) }), '/dueDate'],
    [paymentBody({ dueDate: new Date(Date.now() - 3_600_000).toISOString() }), '/dueDate'],
    [paymentBody({ customRedirectUrl: 'javascript:alert(1)' }), '/customRedirectUrl'],
    [paymentBody({ attachmentUrl: 'file:///etc/passwd' }), '/attachmentUrl'],
    [paymentBody({ customerName: 'x'.repeat(201) }), '/customerName'],
  ];
  for (const [payload, field] of cases) {
    for (const url of ['/merchant/v1/payments', '/merchant/v1/payments/process']) {
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
  const list = await app.call({ method: 'GET', url: '/merchant/v1/payments', headers: m.headers });
  assert.deepEqual(list.json(), []);
});

test('PaymentEdit: a dueDate in the past or before 2000 is a 400 and changes nothing; today is accepted', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.headers,
    payload: paymentBody(),
  });
  const { id } = created.json().result;
  const edit = (dueDate: string) =>
    app.call({
      method: 'PUT',
      url: `/merchant/v1/payments/${id}`,
      headers: m.headers,
      payload: { _id: id, dueDate },
    });
  for (const dueDate of ['1970-01-01', '1999-12-31T23:59:59Z', '2021-03-04']) {
    const body = problem(await edit(dueDate), 400, 'validation_failed');
    assert.deepEqual(
      body.errors.map((e: any) => e.field),
      ['/dueDate'],
      dueDate,
    );
  }
  const unchanged = await app.call({ method: 'GET', url: `/merchant/v1/payments/${id}`, headers: m.headers });
  assert.equal(unchanged.json().result.dueDate, '2030-01-31T00:00:00.000Z');
  const today = new Date().toISOString().slice(0, 10);
  assert.equal((await edit(today)).statusCode, 200);
});

test('409 when the integration has no bank account, or its account is disabled', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  await app.deps.db
    .updateTable('integrations')
    .set({ bank_account_id: null })
    .where('id', '=', m.integrationId)
    .execute();
  const none = problem(
    await app.call({
      method: 'POST',
      url: '/merchant/v1/payments',
      headers: m.headers,
      payload: paymentBody(),
    }),
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
    await app.call({
      method: 'POST',
      url: '/merchant/v1/payments/process',
      headers: m.headers,
      payload: paymentBody(),
    }),
    409,
    'invalid_state',
  );
});

test('edit: _id must equal the path id; edits of a paid or cancelled payment are 409 and change nothing', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.headers,
    payload: paymentBody(),
  });
  const id = created.json().result.id;
  problem(
    await app.call({
      method: 'PUT',
      url: `/merchant/v1/payments/${id}`,
      headers: m.headers,
      payload: { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', amount: '1.00' },
    }),
    400,
    'validation_failed',
  );
  problem(
    await app.call({
      method: 'PUT',
      url: `/merchant/v1/payments/${id}`,
      headers: m.headers,
      payload: { amount: '1.00' },
    }),
    400,
    'validation_failed',
  );
  for (const status of ['paid', 'pending', 'cancelled', 'refunded', 'overdue', 'rejected']) {
    await app.deps.db.updateTable('payments').set({ status }).where('id', '=', id).execute();
    const res = problem(
      await app.call({
        method: 'PUT',
        url: `/merchant/v1/payments/${id}`,
        headers: m.headers,
        payload: { _id: id, amount: '1.00' },
      }),
      409,
      'invalid_state',
    );
    assert.match(res.detail, new RegExp(`status ${status}`));
    problem(
      await app.call({ method: 'DELETE', url: `/merchant/v1/payments/${id}`, headers: m.headers }),
      409,
      'invalid_state',
    );
    problem(
      await app.call({ method: 'POST', url: `/merchant/v1/payments/${id}/process`, headers: m.headers }),
      409,
      'invalid_state',
    );
  }
  const row = await app.deps.db
    .selectFrom('payments')
    .select(['amount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(Number(row.amount), 2550);
});

test('process twice is a 409; 404 for unknown, malformed and deleted ids', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.headers,
    payload: paymentBody(),
  });
  const id = created.json().result.id;
  assert.equal(
    (await app.call({ method: 'POST', url: `/merchant/v1/payments/${id}/process`, headers: m.headers }))
      .statusCode,
    200,
  );
  problem(
    await app.call({ method: 'POST', url: `/merchant/v1/payments/${id}/process`, headers: m.headers }),
    409,
    'invalid_state',
  );
  await app.call({ method: 'DELETE', url: `/merchant/v1/payments/${id}`, headers: m.headers });
  for (const target of [id, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'nope']) {
    problem(
      await app.call({ method: 'GET', url: `/merchant/v1/payments/${target}`, headers: m.headers }),
      404,
      'not_found',
    );
    problem(
      await app.call({ method: 'DELETE', url: `/merchant/v1/payments/${target}`, headers: m.headers }),
      404,
      'not_found',
    );
    problem(
      await app.call({ method: 'POST', url: `/merchant/v1/payments/${target}/process`, headers: m.headers }),
      404,
      'not_found',
    );
  }
});

test('list paging rules: limit 1..1000, page >= 1', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  for (const q of ['limit=0', 'limit=1001', 'page=0', 'page=x']) {
    problem(
      await app.call({ method: 'GET', url: `/merchant/v1/payments?${q}`, headers: m.headers }),
      400,
      'validation_failed',
    );
  }
});

test("a recurring payment's initial payment cannot be processed, edited, deleted or cancelled on its own", async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.headers,
    payload: paymentBody(),
  });
  const id = created.json().result.id;
  await app.deps.db
    .updateTable('payments')
    .set({ recurring_payment_id: 'eeeeeeeeeeeeeeeeeeeeeeee' })
    .where('id', '=', id)
    .execute();
  for (const [method, url, payload] of [
    ['POST', `/merchant/v1/payments/${id}/process`, undefined],
    ['PUT', `/merchant/v1/payments/${id}`, { _id: id, amount: '1.00' }],
    ['DELETE', `/merchant/v1/payments/${id}`, undefined],
  ] as const) {
    const body = problem(await app.call({ method, url, headers: m.headers, payload }), 409, 'invalid_state');
    assert.match(body.detail, /initial payment of recurring payment/);
  }
  const { cancelPayment } = await import('../../../src/domain/payments/payment.service.js');
  await assert.rejects(cancelPayment(app.deps, { companyId: m.companyId }, id), /initial payment/);
  const row = await app.deps.db
    .selectFrom('payments')
    .select(['status', 'amount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.deepEqual([row.status, Number(row.amount)], ['draft', 2550]);
});
