import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBankAccount } from '../../../src/domain/bank-accounts/bank-account.service.js';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { createPartnerCompany, createVerifiedCompany } from '../../helpers/partner-companies.js';
import { partnerMerchant } from '../../helpers/partner-payments.js';
import { recurringBody, setNow } from '../../helpers/recurring.js';

const problem = (res: any, status: number, code: string) => {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.json().code, code);
  return res.json();
};

const UNKNOWN = 'cccccccccccccccccccccccc';

test('create, save and send, edit: each rule is a 400 naming the field, and nothing is created or changed', async (t) => {
  const app = await buildTestApp(t, { MAX_AMOUNT: '5000.00' });
  setNow(app.clock, '2027-03-01T10:00:00.000Z'); // a Monday: the earliest first date is Thursday 4 March
  const m = await partnerMerchant(app);
  const draft = await app.call({
    method: 'POST',
    url: `${m.base}/recurring-payments`,
    headers: m.headers,
    payload: recurringBody(),
  });
  const id = draft.json().result.id;
  const cases: Array<[Record<string, unknown>, string]> = [
    [recurringBody({ reference: undefined }), '/reference'],
    [recurringBody({ reference: 'gym-2027-abcd' }), '/reference'],
    [recurringBody({ reference: 'Gym-2027' }), '/reference'],
    [recurringBody({ reference: 'gym_2027' }), '/reference'],
    [recurringBody({ recurringAmount: '25' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '0.00' }), '/recurringAmount'],
    [recurringBody({ recurringAmount: '5000.01' }), '/recurringAmount'],
    [recurringBody({ initialPaymentAmount: '1.5' }), '/initialPaymentAmount'],
    [recurringBody({ numberOfPayments: -1 }), '/numberOfPayments'],
    [recurringBody({ numberOfPayments: '3' }), '/numberOfPayments'],
    [recurringBody({ frequency: 'monthly' }), '/frequency'],
    [recurringBody({ recurringPaymentDate: '2027-02-30' }), '/recurringPaymentDate'],
    [recurringBody({ recurringPaymentDate: '2027-03-03' }), '/recurringPaymentDate'],
    [recurringBody({ customerEmail: 'not-an-email' }), '/customerEmail'],
    [recurringBody({ customerEmailCC: 'a@b.example' }), '/customerEmailCC'],
    [recurringBody({ customerEmailCC: ['a@b.example', 'nope'] }), '/customerEmailCC/1'],
    [recurringBody({ bankAccount: 'not-an-id' }), '/bankAccount'],
  ];
  for (const [payload, field] of cases) {
    for (const [method, url] of [
      ['POST', `${m.base}/recurring-payments`],
      ['POST', `${m.base}/recurring-payments/send`],
      ['PUT', `${m.base}/recurring-payments/${id}`],
    ] as const) {
      const body = problem(
        await app.call({ method, url, headers: m.headers, payload }),
        400,
        'validation_failed',
      );
      assert.ok(
        body.errors.some((e: any) => e.field === field),
        `${method} ${url} ${field}: ${JSON.stringify(body.errors)}`,
      );
    }
  }
  const list = await app.call({ method: 'GET', url: `${m.base}/recurring-payments`, headers: m.headers });
  assert.equal(list.json().data.totalDocs, 1);
  assert.equal(list.json().data.docs[0].reference, 'gym-2027', 'the draft is unchanged');

  // Moving it to an account the company does not have is a 404 and changes nothing; to another of its
  // accounts, the recurring payment is received there.
  const unknown = await app.call({
    method: 'PUT',
    url: `${m.base}/recurring-payments/${id}`,
    headers: m.headers,
    payload: recurringBody({ bankAccount: UNKNOWN }),
  });
  problem(unknown, 404, 'not_found');
  const second = await createBankAccount(app.deps, m.companyId, {
    sortCode: '040004',
    accountNumber: '55667788',
    name: 'Savings',
    provider: 'other',
    bankStatementAttachmentURL: 'https://files.example/savings.pdf',
  });
  const moved = await app.call({
    method: 'PUT',
    url: `${m.base}/recurring-payments/${id}`,
    headers: m.headers,
    payload: recurringBody({ bankAccount: second.id }),
  });
  assert.equal(moved.statusCode, 200, moved.body);
  assert.equal(moved.json().result.bankAccount, second.id);
  for (const query of ['limit=101', 'page=0']) {
    problem(
      await app.call({ method: 'GET', url: `${m.base}/recurring-payments?${query}`, headers: m.headers }),
      400,
      'validation_failed',
    );
  }
});

test('404 for unknown and malformed ids on every operation, and for a bank account the company does not hold', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await partnerMerchant(app);
  const other = await partnerMerchant(app, { partner: m.partner, name: 'Other Co' });
  for (const id of [UNKNOWN, 'not-an-id']) {
    for (const [method, url, payload] of [
      ['GET', `${m.base}/recurring-payments/${id}`, undefined],
      ['PUT', `${m.base}/recurring-payments/${id}`, recurringBody()],
      ['POST', `${m.base}/recurring-payments/${id}/send`, undefined],
      ['DELETE', `${m.base}/recurring-payments/${id}`, undefined],
      ['GET', `${m.base}/recurring-payments/${id}/payments`, undefined],
    ] as const) {
      problem(await app.call({ method, url, headers: m.headers, payload }), 404, 'not_found');
    }
  }
  for (const url of [`${m.base}/recurring-payments`, `${m.base}/recurring-payments/send`]) {
    for (const bankAccount of [UNKNOWN, other.bankAccountId]) {
      problem(
        await app.call({ method: 'POST', url, headers: m.headers, payload: recurringBody({ bankAccount }) }),
        404,
        'not_found',
      );
    }
  }
});

test('409: sent ones are not editable, not sent twice; a company without a bank account or an integration', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await partnerMerchant(app);
  const sent = await app.call({
    method: 'POST',
    url: `${m.base}/recurring-payments/send`,
    headers: m.headers,
    payload: recurringBody(),
  });
  const id = sent.json().result.id;
  const edit = problem(
    await app.call({
      method: 'PUT',
      url: `${m.base}/recurring-payments/${id}`,
      headers: m.headers,
      payload: recurringBody({ recurringAmount: '99.00' }),
    }),
    409,
    'invalid_state',
  );
  assert.match(edit.detail, /status sent/);
  problem(
    await app.call({ method: 'POST', url: `${m.base}/recurring-payments/${id}/send`, headers: m.headers }),
    409,
    'invalid_state',
  );

  const accountless = await createVerifiedCompany(app, m.partner, { name: 'No Account Ltd' });
  const noAccount = problem(
    await app.call({
      method: 'POST',
      url: `/partner/v1/companies/${accountless.id}/recurring-payments`,
      headers: m.headers,
      payload: recurringBody(),
    }),
    409,
    'invalid_state',
  );
  assert.match(noAccount.detail, /no bank account/);

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
      url: `/partner/v1/companies/${bare.id}/recurring-payments/send`,
      headers: m.headers,
      payload: recurringBody(),
    }),
    409,
    'invalid_state',
  );
  assert.match(noIntegration.detail, /no integration/);
});

test('403 until the company is active', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
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
  for (const path of ['recurring-payments', 'recurring-payments/send']) {
    problem(
      await app.call({
        method: 'POST',
        url: `/partner/v1/companies/${company.id}/${path}`,
        headers: partner.partnerHeaders,
        payload: recurringBody(),
      }),
      403,
      'forbidden',
    );
  }
});
