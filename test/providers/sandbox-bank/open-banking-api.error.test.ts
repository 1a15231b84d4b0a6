import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isBankError } from '../../../src/providers/bank-error.js';
import {
  bankCall,
  bankWorld,
  clientToken,
  codeOf,
  consentBody,
  MERCHANT,
} from '../../helpers/sandbox-bank.js';

const PISP = '/open-banking/v3.1/pisp';
const AISP = '/open-banking/v3.1/aisp';

function errorCodes(res: { json: () => any }): string[] {
  return res.json().Errors.map((e: { ErrorCode: string }) => e.ErrorCode);
}

test('no or unknown bearer token: 401 with no body', async (t) => {
  const w = await bankWorld(t);
  for (const token of [undefined, 'not-a-token']) {
    const res = await bankCall(w, { method: 'GET', path: `${AISP}/accounts`, ...(token ? { token } : {}) });
    assert.equal(res.status, 401);
    assert.equal(res.text, '');
  }
  const body = await bankCall(w, {
    method: 'POST',
    path: `${PISP}/domestic-payment-consents`,
    body: { bad: true },
  });
  assert.equal(body.status, 401, 'the token is checked before the body');
});

test('bad consent bodies get OBErrorResponse1 with the field and the specification error code', async (t) => {
  const w = await bankWorld(t);
  const token = await clientToken(w);
  const post = (body: unknown, key: string | null = 'k1') =>
    bankCall(w, {
      method: 'POST',
      path: `${PISP}/domestic-payment-consents`,
      token,
      body,
      headers: key ? { 'x-idempotency-key': key } : {},
    });

  const missing = await post({ Data: { Initiation: {} } });
  assert.equal(missing.status, 400);
  assert.ok(errorCodes(missing).includes('UK.OBIE.Field.Missing'));
  assert.ok(missing.json().Errors.some((e: { Path?: string }) => e.Path === 'Risk'));
  assert.ok(
    missing.json().Errors.some((e: { Path?: string }) => e.Path === 'Data.Initiation.InstructedAmount'),
  );

  const unexpected = await post(consentBody({ extra: { Surprise: 1 } }));
  assert.equal(unexpected.status, 400);
  assert.deepEqual(errorCodes(unexpected), ['UK.OBIE.Field.Unexpected']);
  assert.equal(unexpected.json().Errors[0].Path, 'Data.Surprise');

  const noKey = await post(consentBody(), null);
  assert.equal(noKey.status, 400);
  assert.deepEqual(errorCodes(noKey), ['UK.OBIE.Header.Missing']);

  const euro = await post(consentBody({ currency: 'EUR' }), 'k2');
  assert.deepEqual(errorCodes(euro), ['UK.OBIE.Unsupported.Currency']);
  const iban = await post(
    consentBody({
      creditor: { SchemeName: 'UK.OBIE.IBAN', Identification: 'GB33BUKB20201555555555', Name: 'X' },
    }),
    'k3',
  );
  assert.deepEqual(errorCodes(iban), ['UK.OBIE.Unsupported.AccountIdentifier']);
  for (const [amount, key] of [
    ['0.00', 'k4'],
    ['1.001', 'k5'],
  ]) {
    const res = await post(consentBody({ amount }), key);
    assert.equal(res.status, 400, amount);
    assert.deepEqual(errorCodes(res), ['UK.OBIE.Field.Invalid']);
  }
  const debtor = await post(
    consentBody({
      extra: {},
      creditor: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '12345', Name: 'Short' },
    }),
    'k6',
  );
  assert.deepEqual(errorCodes(debtor), ['UK.OBIE.Field.Invalid']);

  const malformed = await bankCall(w, {
    method: 'POST',
    path: `${PISP}/domestic-payment-consents`,
    token,
    body: '{"Data":',
    headers: { 'content-type': 'application/json', 'x-idempotency-key': 'k7' },
  });
  assert.equal(malformed.status, 400);
  assert.deepEqual(errorCodes(malformed), ['UK.OBIE.Resource.InvalidFormat']);
});

test('an idempotency key reused with another body is refused; with the same body it answers the same consent', async (t) => {
  const w = await bankWorld(t);
  const token = await clientToken(w);
  const post = (body: unknown) =>
    bankCall(w, {
      method: 'POST',
      path: `${PISP}/domestic-payment-consents`,
      token,
      body,
      headers: { 'x-idempotency-key': 'same' },
    });
  const first = await post(consentBody());
  assert.equal(first.status, 201);
  const again = await post(consentBody());
  assert.equal(again.status, 201);
  assert.equal(again.json().Data.ConsentId, first.json().Data.ConsentId);
  const other = await post(consentBody({ amount: '11.00' }));
  assert.equal(other.status, 400);
  assert.deepEqual(errorCodes(other), ['UK.OBIE.Header.Invalid']);
});

test('unknown resource ids are 400 UK.OBIE.Resource.NotFound', async (t) => {
  const w = await bankWorld(t);
  const token = await clientToken(w);
  for (const path of [
    `${PISP}/domestic-payment-consents/nope`,
    `${PISP}/domestic-payments/nope`,
    `${PISP}/domestic-standing-orders/nope/payment-details`,
    `${AISP}/account-access-consents/nope`,
  ]) {
    const res = await bankCall(w, { method: 'GET', path, token });
    assert.equal(res.status, 400, path);
    assert.deepEqual(errorCodes(res), ['UK.OBIE.Resource.NotFound']);
  }
});

test('a payment must repeat its consent exactly and needs the customer’s token', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 1_000,
    reference: 'EXACT',
    instructionId: 'exact-1',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'x',
    idempotencyKey: 'exact',
  });
  const client = await clientToken(w);
  const payment = (Initiation: object) => ({
    Data: { ConsentId: consent.consentId, Initiation },
    Risk: { PaymentContextCode: 'EcommerceGoods' },
  });
  const stored = (
    await bankCall(w, {
      method: 'GET',
      path: `${PISP}/domestic-payment-consents/${consent.consentId}`,
      token: client,
    })
  ).json().Data.Initiation;
  const withClient = await bankCall(w, {
    method: 'POST',
    path: `${PISP}/domestic-payments`,
    token: client,
    body: payment(stored),
    headers: { 'x-idempotency-key': 'p1' },
  });
  assert.equal(withClient.status, 403);
  assert.deepEqual(errorCodes(withClient), ['UK.OBIE.Resource.ConsentMismatch']);

  const redirect = await w.approve(consent.authorizationUrl);
  const code = codeOf(redirect, 'x');
  const tokenRes = await bankCall(w, {
    method: 'POST',
    path: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: w.redirectUri,
      client_id: 'paybank',
    }).toString(),
  });
  assert.equal(tokenRes.status, 200, tokenRes.text);
  const psu = tokenRes.json().access_token;
  const changed = await bankCall(w, {
    method: 'POST',
    path: `${PISP}/domestic-payments`,
    token: psu,
    body: payment({ ...stored, InstructedAmount: { Amount: '1000.00', Currency: 'GBP' } }),
    headers: { 'x-idempotency-key': 'p2' },
  });
  assert.equal(changed.status, 400);
  assert.deepEqual(errorCodes(changed), ['UK.OBIE.Resource.ConsentMismatch']);
  const ok = await bankCall(w, {
    method: 'POST',
    path: `${PISP}/domestic-payments`,
    token: psu,
    body: payment(stored),
    headers: { 'x-idempotency-key': 'p3' },
  });
  assert.equal(ok.status, 201, ok.text);
  assert.equal(ok.json().Data.Status, 'AcceptedSettlementInProcess');
  const twice = await bankCall(w, {
    method: 'POST',
    path: `${PISP}/domestic-payments`,
    token: psu,
    body: payment(stored),
    headers: { 'x-idempotency-key': 'p4' },
  });
  assert.equal(twice.status, 400);
  assert.deepEqual(errorCodes(twice), ['UK.OBIE.Resource.InvalidConsentStatus']);
  const details = await bankCall(w, {
    method: 'GET',
    path: `${PISP}/domestic-payments/${ok.json().Data.DomesticPaymentId}/payment-details`,
    token: client,
  });
  assert.equal(details.status, 200);
  assert.equal(details.json().Data.PaymentStatus[0].Status, 'AcceptedSettlementCompleted');
});

test('an authorisation code works once, and only with its redirect URI', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 100,
    reference: 'ONCE',
    instructionId: 'once-1',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'o',
    idempotencyKey: 'once',
  });
  const code = codeOf(await w.approve(consent.authorizationUrl), 'o');
  await assert.rejects(
    w.bank.completeAuthorisation({
      consentId: consent.consentId,
      code,
      redirectUri: `${w.redirectUri}/other`,
    }),
    (err) => isBankError(err, 'authorisation_failed'),
  );
  await w.bank.completeAuthorisation({ consentId: consent.consentId, code, redirectUri: w.redirectUri });
  await assert.rejects(
    w.bank.completeAuthorisation({ consentId: consent.consentId, code, redirectUri: w.redirectUri }),
    (err) => isBankError(err, 'authorisation_failed'),
  );
});

test('the token endpoint refuses a client secret and unknown grants', async (t) => {
  const w = await bankWorld(t);
  const form = (grant: string) => new URLSearchParams({ grant_type: grant, scope: 'payments' }).toString();
  for (const [what, headers, body] of [
    [
      'HTTP Basic',
      { authorization: `Basic ${Buffer.from('paybank:sandbox-secret').toString('base64')}` },
      form('client_credentials'),
    ],
    [
      'client_secret_post',
      {},
      `${form('client_credentials')}&client_id=paybank&client_secret=sandbox-secret`,
    ],
  ] as const) {
    const refused = await bankCall(w, {
      method: 'POST',
      path: '/token',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    assert.equal(refused.status, 401, what);
    assert.equal(refused.json().error, 'invalid_client', what);
    assert.match(refused.json().error_description, /client secrets are not accepted/, what);
  }
  // RFC 6749 5.2: no client authentication included is invalid_client (401), before what else is missing.
  for (const [what, headers] of [
    ['no body at all', {}],
    ['an empty form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ] as const) {
    const empty = await bankCall(w, {
      method: 'POST',
      path: '/token',
      headers,
      ...(what === 'an empty form' ? { body: '' } : {}),
    });
    assert.equal(empty.status, 401, what);
    assert.equal(empty.json().error, 'invalid_client', what);
  }
  const noGrant = await bankCall(w, {
    method: 'POST',
    path: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'client_id=paybank',
  });
  assert.equal(noGrant.status, 400, 'a named client without grant_type');
  assert.equal(noGrant.json().error, 'invalid_request');
  const grant = await bankCall(w, {
    method: 'POST',
    path: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `${form('password')}&client_id=paybank`,
  });
  assert.equal(grant.status, 400);
  assert.equal(grant.json().error, 'unsupported_grant_type');
});

test('standing-order consents: unsupported frequency, a first date in the past', async (t) => {
  const w = await bankWorld(t);
  const token = await clientToken(w);
  const body = (Frequency: string, FirstPaymentDateTime: string) => ({
    Data: {
      Permission: 'Create',
      Initiation: {
        Frequency,
        FirstPaymentDateTime,
        FirstPaymentAmount: { Amount: '5.00', Currency: 'GBP' },
        CreditorAccount: {
          SchemeName: 'UK.OBIE.SortCodeAccountNumber',
          Identification: '40123412345678',
          Name: 'Acme',
        },
      },
    },
    Risk: {},
  });
  const post = (b: unknown, key: string) =>
    bankCall(w, {
      method: 'POST',
      path: `${PISP}/domestic-standing-order-consents`,
      token,
      body: b,
      headers: { 'x-idempotency-key': key },
    });
  const tomorrow = new Date(w.clock.now().getTime() + 86_400_000).toISOString();
  const quarter = await post(body('QtrDay:ENGLISH', tomorrow), 'q');
  assert.deepEqual(errorCodes(quarter), ['UK.OBIE.Unsupported.Frequency']);
  const badPattern = await post(body('Monthly', tomorrow), 'm');
  assert.deepEqual(errorCodes(badPattern), ['UK.OBIE.Field.Invalid']);
  const past = await post(body('IntrvlMnthDay:01:15', '2020-01-15T00:00:00Z'), 'p');
  assert.deepEqual(errorCodes(past), ['UK.OBIE.Field.InvalidDate']);
  const ok = await post(body('IntrvlMnthDay:01:15', tomorrow), 'ok');
  assert.equal(ok.status, 201, ok.text);
  assert.equal(ok.json().Data.Status, 'AwaitingAuthorisation');
});

test('account access consents: permissions must pair up, and account data needs the customer’s token', async (t) => {
  const w = await bankWorld(t);
  const token = await clientToken(w);
  const unpaired = await bankCall(w, {
    method: 'POST',
    path: `${AISP}/account-access-consents`,
    token,
    body: { Data: { Permissions: ['ReadAccountsBasic', 'ReadTransactionsBasic'] }, Risk: {} },
  });
  assert.equal(unpaired.status, 400);
  assert.deepEqual(errorCodes(unpaired), ['UK.OBIE.Field.Invalid']);
  const past = await bankCall(w, {
    method: 'POST',
    path: `${AISP}/account-access-consents`,
    token,
    body: {
      Data: { Permissions: ['ReadAccountsBasic'], ExpirationDateTime: '2020-01-01T00:00:00Z' },
      Risk: {},
    },
  });
  assert.deepEqual(errorCodes(past), ['UK.OBIE.Field.InvalidDate']);
  const accounts = await bankCall(w, { method: 'GET', path: `${AISP}/accounts`, token });
  assert.equal(accounts.status, 401, 'the client’s own token is no customer’s (FCS OB-301-ACC-100600)');
});
