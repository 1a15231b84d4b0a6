import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders, createPartner } from '../../helpers/fixtures.js';
import {
  addBankAccount,
  createPartnerCompany,
  createVerifiedCompany,
} from '../../helpers/partner-companies.js';
import { createPartnerPayment, partnerMerchant, partnerPaymentBody } from '../../helpers/partner-payments.js';

const problem = (res: any, status: number, code: string) => {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.json().code, code);
  return res.json();
};

const UNKNOWN = 'cccccccccccccccccccccccc';

test('create and process: each rule of spec 4.D and part 8 is a 400 naming the field, and nothing is created', async (t) => {
  const app = await buildTestApp(t, { MAX_AMOUNT: '5000.00' });
  const m = await partnerMerchant(app);
  const body = (overrides: Record<string, unknown>) => partnerPaymentBody(m.bankAccountId, overrides);
  const cases: Array<[Record<string, unknown>, string]> = [
    [body({ invoiceRefNumber: undefined }), '/invoiceRefNumber'],
    [body({ invoiceRefNumber: 'INV-1001' }), '/invoiceRefNumber'],
    [body({ invoiceRefNumber: 'inv-123456789' }), '/invoiceRefNumber'],
    [body({ invoiceRefNumber: 'inv 1' }), '/invoiceRefNumber'],
    [body({ invoiceRefNumber: 'inv_1' }), '/invoiceRefNumber'],
    [body({ invoiceRefNumber: '' }), '/invoiceRefNumber'],
    [body({ amount: undefined }), '/amount'],
    [body({ amount: '10' }), '/amount'],
    [body({ amount: '10.5' }), '/amount'],
    [body({ amount: '10,50' }), '/amount'],
    [body({ amount: '-1.00' }), '/amount'],
    [body({ amount: '0.00' }), '/amount'],
    [body({ amount: '5000.01' }), '/amount'],
    [body({ amount: 10.5 }), '/amount'],
    [body({ bankAccount: undefined }), '/bankAccount'],
    [body({ bankAccount: 'not-an-id' }), '/bankAccount'],
    [body({ type: 'cheque' }), '/type'],
    [body({ customerEmail: 'not-an-email' }), '/customerEmail'],
    [body({ customerEmailCC: 'a@b.example' }), '/customerEmailCC'],
    [body({ customerEmailCC: ['a@b.example', 'nope'] }), '/customerEmailCC/1'],
    [body({ dueDate: '31/01/2030' }), '/dueDate'],
    [body({ dueDate: '2030-02-30' }), '/dueDate'],
    [body({ customerName: 'x'.repeat(201) }), '/customerName'],
  ];
  for (const [payload, field] of cases) {
    const res = problem(
      await app.call({ method: 'POST', url: `${m.base}/payments`, headers: m.headers, payload }),
      400,
      'validation_failed',
    );
    assert.ok(
      res.errors.some((e: any) => e.field === field),
      `${field}: ${JSON.stringify(res.errors)}`,
    );
  }
  const list = await app.call({ method: 'GET', url: `${m.base}/payments`, headers: m.headers });
  assert.equal(list.json().data.totalDocs, 0);
  const malformed = await app.call({
    method: 'POST',
    url: `${m.base}/payments`,
    headers: { ...m.headers, 'content-type': 'application/json' },
    payload: '{"invoiceRefNumber":',
  });
  problem(malformed, 400, 'malformed_json');
});

test('edit and refund rules: 400 naming the field; list paging: 400', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const payment = await createPartnerPayment(app, m);
  const edit = (overrides: Record<string, unknown>) => ({
    _id: payment.id,
    invoiceRefNumber: 'inv-2',
    amount: '10.00',
    ...overrides,
  });
  const cases: Array<[Record<string, unknown>, string]> = [
    [edit({ _id: UNKNOWN }), '/_id'],
    [edit({ _id: undefined }), '/_id'],
    [edit({ invoiceRefNumber: undefined }), '/invoiceRefNumber'],
    [edit({ invoiceRefNumber: 'Inv-2' }), '/invoiceRefNumber'],
    [edit({ amount: undefined }), '/amount'],
    [edit({ amount: '1.1' }), '/amount'],
    [edit({ customRedirectUrl: 'not a url' }), '/customRedirectUrl'],
    [edit({ customRedirectUrl: 'javascript:alert(1)' }), '/customRedirectUrl'],
    [edit({ customerEmailCC: ['nope'] }), '/customerEmailCC/0'],
  ];
  for (const [payload, field] of cases) {
    const res = problem(
      await app.call({ method: 'PUT', url: `${m.base}/payments/${payment.id}`, headers: m.headers, payload }),
      400,
      'validation_failed',
    );
    assert.ok(
      res.errors.some((e: any) => e.field === field),
      `${field}: ${JSON.stringify(res.errors)}`,
    );
  }
  const got = await app.call({ method: 'GET', url: `${m.base}/payments/${payment.id}`, headers: m.headers });
  assert.equal(got.json().data.amount, '25.50', 'no failed edit changed anything');

  for (const [payload, field] of [
    [{ amount: '1' }, '/amount'],
    [{ payeeAccountInfo: { name: 'Cara' } }, '/payeeAccountInfo/externalAccountId'],
    [
      { payeeAccountInfo: { name: 'Cara', externalAccountId: '1234567', identification: '123456' } },
      '/payeeAccountInfo/externalAccountId',
    ],
  ] as const) {
    const res = problem(
      await app.call({
        method: 'POST',
        url: `${m.base}/payments/${payment.id}/refund`,
        headers: m.headers,
        payload,
      }),
      400,
      'validation_failed',
    );
    assert.ok(
      res.errors.some((e: any) => e.field === field),
      JSON.stringify(res.errors),
    );
  }
  for (const query of ['limit=101', 'limit=0', 'page=0', 'page=x']) {
    problem(
      await app.call({ method: 'GET', url: `${m.base}/payments?${query}`, headers: m.headers }),
      400,
      'validation_failed',
    );
  }
});

test('404 for unknown and malformed ids, and for a bank account the company does not hold', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const other = await partnerMerchant(app, { partner: m.partner, name: 'Other Co' });
  const edit = { _id: UNKNOWN, invoiceRefNumber: 'inv-2', amount: '10.00' };
  for (const id of [UNKNOWN, 'not-an-id']) {
    for (const [method, url, payload] of [
      ['GET', `${m.base}/payments/${id}`, undefined],
      ['PUT', `${m.base}/payments/${id}`, { ...edit, _id: id === UNKNOWN ? id : UNKNOWN }],
      ['POST', `${m.base}/payments/${id}/process`, undefined],
      ['POST', `${m.base}/payments/${id}/cancel`, undefined],
      ['POST', `${m.base}/payments/${id}/refund`, {}],
    ] as const) {
      problem(await app.call({ method, url, headers: m.headers, payload }), 404, 'not_found');
    }
  }
  for (const bankAccount of [UNKNOWN, other.bankAccountId]) {
    const res = problem(
      await app.call({
        method: 'POST',
        url: `${m.base}/payments`,
        headers: m.headers,
        payload: partnerPaymentBody(bankAccount),
      }),
      404,
      'not_found',
    );
    assert.match(res.detail, /bank account/);
  }
});

test('409: a disabled bank account, a company without an integration, and moves the status does not allow', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const spare = await addBankAccount(app, m.partner, m.companyId, { accountNumber: '77777777' });
  const disabled = await app.call({
    method: 'POST',
    url: `/admin/v1/bank-accounts/${spare.id}/status`,
    headers: adminHeaders,
    payload: { status: 'disabled' },
  });
  assert.equal(disabled.statusCode, 200, disabled.body);
  const intoDisabled = problem(
    await app.call({
      method: 'POST',
      url: `${m.base}/payments`,
      headers: m.headers,
      payload: partnerPaymentBody(spare.id),
    }),
    409,
    'invalid_state',
  );
  assert.match(intoDisabled.detail, /disabled/);

  const bare = await createVerifiedCompany(app, m.partner, {
    name: 'No Integration Ltd',
    bankAccount: {
      name: 'Takings',
      providerExternalId: 'other',
      externalAccountId: '88888888',
      identification: '040004',
    },
  });
  const noIntegration = problem(
    await app.call({
      method: 'POST',
      url: `/partner/v1/companies/${bare.id}/payments`,
      headers: m.headers,
      payload: partnerPaymentBody(bare.bankAccount!.id),
    }),
    409,
    'invalid_state',
  );
  assert.match(noIntegration.detail, /no integration/);

  const payment = await createPartnerPayment(app, m);
  problem(
    await app.call({ method: 'POST', url: `${m.base}/payments/${payment.id}/process`, headers: m.headers }),
    409,
    'invalid_state',
  );
  const refund = problem(
    await app.call({
      method: 'POST',
      url: `${m.base}/payments/${payment.id}/refund`,
      headers: m.headers,
      payload: {},
    }),
    409,
    'invalid_state',
  );
  assert.match(refund.detail, /status sent/);
  await app.call({ method: 'POST', url: `${m.base}/payments/${payment.id}/cancel`, headers: m.headers });
  problem(
    await app.call({ method: 'POST', url: `${m.base}/payments/${payment.id}/cancel`, headers: m.headers }),
    409,
    'invalid_state',
  );
  problem(
    await app.call({
      method: 'PUT',
      url: `${m.base}/payments/${payment.id}`,
      headers: m.headers,
      payload: { _id: payment.id, invoiceRefNumber: 'inv-3', amount: '1.00' },
    }),
    409,
    'invalid_state',
  );
});

test('403 until the company is active: a company whose officers are not verified cannot take payments', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner, {
    bankAccount: {
      name: 'Takings',
      providerExternalId: 'other',
      externalAccountId: '12121212',
      identification: '040004',
    },
    integration: { name: 'Shop', webhookUrl: 'https://shop.example/hooks' },
  });
  assert.equal(company.status, 'pending_verification');
  const res = problem(
    await app.call({
      method: 'POST',
      url: `/partner/v1/companies/${company.id}/payments`,
      headers: partner.partnerHeaders,
      payload: partnerPaymentBody(company.bankAccount!.id),
    }),
    403,
    'forbidden',
  );
  assert.match(res.detail, /officers are verified/);
});
