// The adapter against a misbehaving bank on 127.0.0.1: retries with the same x-idempotency-key,
// time-outs, token renewal, and errors mapped to BankError.

import assert from 'node:assert/strict';
import { constants, generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TestContext, test } from 'node:test';
import { OffsetClock } from '../../../src/domain/clock.js';
import { isBankError } from '../../../src/providers/bank-error.js';
import { withCustomerPresent } from '../../../src/providers/customer-presence.js';
import { OpenBankingProvider } from '../../../src/providers/open-banking/open-banking-provider.js';
import { endpointsUnder } from '../../../src/providers/open-banking/provider-config.js';
import { openStore } from '../../../src/store/database.js';
import { migrateToLatest } from '../../../src/store/migrate.js';
import { bankFiles, sandboxCredentials } from '../../helpers/bank-config.js';
import { testSecretBox } from '../../helpers/secret-box.js';

type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => void;

// The fake bank signs its answers as a bank does (x-jws-signature, PS256), with a key of its own.
const bankKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const BANK_JWKS = {
  keys: [{ ...bankKey.publicKey.export({ format: 'jwk' }), kid: 'fake-bank', alg: 'PS256' }],
};
const OB = 'http://openbanking.org.uk';

function bankSignature(body: string): string {
  const header = Buffer.from(
    JSON.stringify({
      alg: 'PS256',
      kid: 'fake-bank',
      [`${OB}/iat`]: Math.floor(Date.now() / 1000),
      [`${OB}/iss`]: 'fake-bank',
      [`${OB}/tan`]: 'openbanking.org.uk',
      crit: [`${OB}/iat`, `${OB}/iss`, `${OB}/tan`],
    }),
  ).toString('base64url');
  const input = Buffer.from(`${header}.${Buffer.from(body).toString('base64url')}`);
  const signature = sign('sha256', input, {
    key: bankKey.privateKey,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: 32,
  });
  return `${header}..${signature.toString('base64url')}`;
}

// Calls time out after 5 s unless a test is about time-outs: a loaded machine (the suite runs four
// processes at once) once took over 300 ms for a token, whose retry then counted as a second renewal.
async function fakeBank(t: TestContext, api: Handler, token?: Handler, options: { timeoutMs?: number } = {}) {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const withBody = Object.assign(req, { body });
      const end = res.end.bind(res);
      res.end = ((chunk?: unknown) => {
        if (
          typeof chunk === 'string' &&
          chunk !== '' &&
          !res.headersSent &&
          !res.hasHeader('x-jws-signature')
        )
          res.setHeader('x-jws-signature', bankSignature(chunk));
        return end(chunk as string);
      }) as typeof res.end;
      if (req.url === '/jwks') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify(BANK_JWKS));
      }
      if (req.url === '/token') {
        if (token) return token(withBody, res);
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({ access_token: `t${seen.length}`, token_type: 'Bearer', expires_in: 3600 }),
        );
      }
      api(withBody, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = openStore('sqlite::memory:');
  await migrateToLatest(store.db);
  const provider = new OpenBankingProvider(
    {
      id: 'ob-flaky',
      name: 'Flaky Bank',
      paymentInitiation: true,
      standingOrders: true,
      accountInformation: true,
      ...(await bankFiles()),
      issuer: base,
      endpoints: endpointsUnder(base),
      apiVersion: '3.1.10',
      clientId: 'paybank',
      tokenEndpointAuthMethod: 'tls_client_auth',
      trustAnchor: 'openbanking.org.uk',
      financialId: '0015800001041RE',
      timeoutMs: options.timeoutMs ?? 5_000,
      retries: 2,
    },
    await sandboxCredentials(),
    { db: store.db, clock: new OffsetClock(), secrets: testSecretBox(), backoffMs: 5 },
  );
  t.after(async () => {
    await provider.close();
    await store.close();
  });
  return { provider, seen, base, db: store.db };
}

const consentRequest = {
  amount: 1_050,
  reference: 'INV-9',
  instructionId: 'pay-9',
  creditor: { sortCode: '401234', accountNumber: '12345678', name: 'Acme' },
  redirectUri: 'http://localhost:8080/public/v1/return',
  state: 'st',
  idempotencyKey: 'consent-key-9',
};

function created(res: ServerResponse, body: unknown) {
  res.statusCode = 201;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

const consentAnswer = {
  Data: {
    ConsentId: 'c-1',
    Status: 'AwaitingAuthorisation',
    CreationDateTime: '2026-01-01T00:00:00Z',
    StatusUpdateDateTime: '2026-01-01T00:00:00Z',
    Initiation: {},
  },
  Risk: {},
};

test('a 5xx is retried with the same x-idempotency-key, and the consent comes back once', async (t) => {
  let calls = 0;
  const { provider, seen } = await fakeBank(t, (_req, res) => {
    calls += 1;
    if (calls === 1) {
      res.statusCode = 503;
      return res.end();
    }
    created(res, consentAnswer);
  });
  const consent = await provider.createPaymentConsent(consentRequest);
  assert.equal(consent.consentId, 'c-1');
  assert.equal(consent.status, 'awaiting_authorisation');
  const posts = seen.filter((s) => s.url.endsWith('/domestic-payment-consents'));
  assert.equal(posts.length, 2);
  assert.deepEqual(
    posts.map((p) => p.headers['x-idempotency-key']),
    ['consent-key-9', 'consent-key-9'],
  );
  assert.equal(posts[0]?.headers['x-fapi-financial-id'], '0015800001041RE');
  assert.match(String(posts[0]?.headers.authorization), /^Bearer t/);
  const body = JSON.parse(posts[1]?.body ?? '{}');
  assert.deepEqual(body.Data.Initiation.InstructedAmount, { Amount: '10.50', Currency: 'GBP' });
  assert.deepEqual(body.Data.Initiation.CreditorAccount, {
    SchemeName: 'UK.OBIE.SortCodeAccountNumber',
    Identification: '40123412345678',
    Name: 'Acme',
  });
  const token = seen.find((s) => s.url === '/token');
  assert.equal(token?.headers.authorization, undefined, 'no client secret: tls_client_auth');
  assert.match(token?.body ?? '', /grant_type=client_credentials/);
  assert.match(token?.body ?? '', /client_id=paybank/);
  assert.doesNotMatch(token?.body ?? '', /client_secret/);
});

test('a bank that does not answer in time is unavailable after the retries', async (t) => {
  let calls = 0;
  const { provider } = await fakeBank(
    t,
    () => {
      calls += 1; // never answers
    },
    undefined,
    { timeoutMs: 300 },
  );
  const started = Date.now();
  await assert.rejects(
    provider.getPayment('p-1'),
    (err) => isBankError(err, 'unavailable') && err.code === 'bank_unavailable',
  );
  assert.equal(calls, 3, 'one try and two retries');
  assert.ok(Date.now() - started < 3_000);
});

test('a persistent 500 is unavailable; a 429 is retried', async (t) => {
  let calls = 0;
  const { provider } = await fakeBank(t, (req, res) => {
    calls += 1;
    if (req.url?.includes('p-429') && calls === 1) {
      res.statusCode = 429;
      res.setHeader('retry-after', '0');
      return res.end();
    }
    if (req.url?.includes('p-429')) {
      res.setHeader('content-type', 'application/json');
      return res.end(
        JSON.stringify({
          Data: {
            DomesticPaymentId: 'p-429',
            ConsentId: 'c',
            Status: 'AcceptedSettlementCompleted',
            CreationDateTime: '2026-01-01T00:00:00Z',
            StatusUpdateDateTime: '2026-01-01T00:00:01Z',
            Initiation: {
              InstructionIdentification: 'i',
              EndToEndIdentification: 'e',
              InstructedAmount: { Amount: '1.5', Currency: 'GBP' },
              CreditorAccount: {
                SchemeName: 'UK.OBIE.SortCodeAccountNumber',
                Identification: '40123412345678',
                Name: 'Acme',
              },
            },
          },
        }),
      );
    }
    res.statusCode = 500;
    res.end(
      '{"Code":"500","Message":"boom","Errors":[{"ErrorCode":"UK.OBIE.UnexpectedError","Message":"boom"}]}',
    );
  });
  const payment = await provider.getPayment('p-429');
  assert.equal(payment.status, 'completed');
  assert.equal(payment.amount, 150);
  calls = 0;
  await assert.rejects(
    provider.getPayment('p-500'),
    (err) => isBankError(err, 'unavailable') && err.status === 500,
  );
  assert.equal(calls, 3);
});

test("the bank's errors become BankErrors a caller can act on", async (t) => {
  const { provider } = await fakeBank(t, (req, res) => {
    res.setHeader('content-type', 'application/json');
    const error = (status: number, code: string, message: string) => {
      res.statusCode = status;
      res.end(
        JSON.stringify({
          Code: String(status),
          Message: message,
          Errors: [{ ErrorCode: code, Message: message, Path: 'Data.ConsentId' }],
        }),
      );
    };
    if (req.url?.includes('unknown')) return error(400, 'UK.OBIE.Resource.NotFound', 'no such payment');
    if (req.url?.includes('bad')) return error(400, 'UK.OBIE.Field.Invalid', 'Reference too long');
    if (req.url?.includes('used')) return error(400, 'UK.OBIE.Resource.InvalidConsentStatus', 'consumed');
    return error(403, 'UK.OBIE.Resource.ConsentMismatch', 'no');
  });
  await assert.rejects(
    provider.getPayment('unknown'),
    (err) => isBankError(err, 'not_found') && err.code === 'not_found',
  );
  await assert.rejects(
    provider.getPayment('bad'),
    (err) =>
      isBankError(err, 'rejected_request') &&
      err.code === 'validation_failed' &&
      /Reference too long \(Data.ConsentId\)/.test(err.message),
  );
  await assert.rejects(
    provider.getPaymentConsent('used'),
    (err) => isBankError(err, 'consent_invalid') && err.code === 'invalid_state',
  );
  await assert.rejects(provider.getPaymentConsent('other'), (err) => isBankError(err, 'consent_invalid'));
});

test('an expired access token is renewed once; refused client credentials are a configuration error', async (t) => {
  let apiCalls = 0;
  const { provider, seen } = await fakeBank(t, (_req, res) => {
    apiCalls += 1;
    if (apiCalls === 1) {
      res.statusCode = 401;
      return res.end();
    }
    created(res, consentAnswer);
  });
  await provider.createPaymentConsent(consentRequest);
  assert.equal(seen.filter((s) => s.url === '/token').length, 2, 'a second token after the 401');

  const refused = await fakeBank(
    t,
    (_req, res) => created(res, consentAnswer),
    (_req, res) => {
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end('{"error":"invalid_client"}');
    },
  );
  await assert.rejects(
    refused.provider.createPaymentConsent(consentRequest),
    (err) => isBankError(err, 'unauthorized') && err.code === 'bank_unavailable',
  );
});

test('calls for a consent need its authorisation first; a Next link to another host is not followed', async (t) => {
  const { provider, seen, db } = await fakeBank(t, (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        Data: { Transaction: [] },
        Links: { Self: 'x', Next: 'https://elsewhere.example/steal?page=2' },
      }),
    );
  });
  await assert.rejects(provider.listAccounts('c-9'), (err) => isBankError(err, 'consent_invalid'));
  await db
    .insertInto('open_banking_grants')
    .values({
      provider_id: 'ob-flaky',
      consent_id: 'c-9',
      access_token: 'psu-token',
      refresh_token: null,
      access_expires_at: '2999-01-01T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  const txs = await provider.listTransactions('c-9', 'acc-1', {
    from: '2026-01-01T00:00:00Z',
    to: '2026-02-01T00:00:00Z',
  });
  assert.deepEqual(txs, []);
  const calls = seen.filter((s) => s.url.includes('/transactions'));
  assert.equal(calls.length, 1);
  assert.equal(calls[0]?.headers.authorization, 'Bearer psu-token');
  assert.match(calls[0]?.url ?? '', /fromBookingDateTime=2026-01-01T00%3A00%3A00.000Z/);
});

test('an answer whose x-jws-signature does not hold is a bank error, never a success', async (t) => {
  const { provider } = await fakeBank(t, (req, res) => {
    res.setHeader('x-jws-signature', bankSignature('{"another":"body"}'));
    created(res, {
      Data: {
        ConsentId: 'c-forged',
        Status: 'AwaitingAuthorisation',
        CreationDateTime: '2026-01-01T00:00:00Z',
        StatusUpdateDateTime: '2026-01-01T00:00:00Z',
        Initiation: JSON.parse(req.body).Data.Initiation,
      },
      Risk: {},
      Links: { Self: 'x' },
      Meta: {},
    });
  });
  await assert.rejects(provider.createPaymentConsent(consentRequest), (err: unknown) => {
    assert.ok(isBankError(err, 'unavailable'));
    assert.match((err as Error).message, /not signed by it/);
    return true;
  });
});

test('paybank signs every consent POST over the exact bytes it sends', async (t) => {
  const { provider, seen } = await fakeBank(t, (req, res) =>
    created(res, {
      Data: {
        ConsentId: 'c-signed',
        Status: 'AwaitingAuthorisation',
        CreationDateTime: '2026-01-01T00:00:00Z',
        StatusUpdateDateTime: '2026-01-01T00:00:00Z',
        Initiation: JSON.parse(req.body).Data.Initiation,
      },
      Risk: {},
      Links: { Self: 'x' },
      Meta: {},
    }),
  );
  await provider.createPaymentConsent(consentRequest);
  const post = seen.find((s) => s.method === 'POST' && s.url.endsWith('/domestic-payment-consents'));
  const header = String(post?.headers['x-jws-signature'] ?? '');
  const [protectedPart, empty, signature] = header.split('.');
  assert.equal(empty, '', 'detached');
  const protectedHeader = JSON.parse(Buffer.from(protectedPart ?? '', 'base64url').toString());
  assert.equal(protectedHeader.alg, 'PS256');
  assert.equal(protectedHeader[`${OB}/iss`], 'paybank-org/paybank-software');
  assert.equal(protectedHeader[`${OB}/tan`], 'openbanking.org.uk');
  assert.equal(protectedHeader.b64, undefined, 'API 3.1.10: no b64');
  assert.deepEqual(protectedHeader.crit, [`${OB}/iat`, `${OB}/iss`, `${OB}/tan`]);
  const { flattenedVerify, importJWK } = await import('jose');
  const { publicJwk } = (await sandboxCredentials()).signing;
  await flattenedVerify(
    {
      protected: protectedPart ?? '',
      signature: signature ?? '',
      payload: Buffer.from(post?.body ?? '').toString('base64url'),
    },
    await importJWK(publicJwk, 'PS256'),
    { crit: { [`${OB}/iat`]: true, [`${OB}/iss`]: true, [`${OB}/tan`]: true } },
  );
});

test('customer-present calls carry the customer headers; the others only an interaction id', async (t) => {
  const { provider, seen } = await fakeBank(t, (req, res) =>
    created(res, {
      Data: {
        ConsentId: 'c-present',
        Status: 'AwaitingAuthorisation',
        CreationDateTime: '2026-01-01T00:00:00Z',
        StatusUpdateDateTime: '2026-01-01T00:00:00Z',
        Initiation: JSON.parse(req.body).Data.Initiation,
      },
      Risk: {},
      Links: { Self: 'x' },
      Meta: {},
    }),
  );
  const since = new Date('2026-03-01T10:00:00Z');
  await withCustomerPresent({ ipAddress: '203.0.113.7', userAgent: 'CustomerBrowser/1.0', since }, () =>
    provider.createPaymentConsent(consentRequest),
  );
  await provider.createPaymentConsent({ ...consentRequest, idempotencyKey: 'k-2' });
  const posts = seen.filter((s) => s.method === 'POST' && s.url.endsWith('/domestic-payment-consents'));
  assert.equal(posts.length, 2);
  const [present, absent] = posts;
  assert.equal(present?.headers['x-fapi-customer-ip-address'], '203.0.113.7');
  assert.equal(present?.headers['x-customer-user-agent'], 'CustomerBrowser/1.0');
  assert.equal(present?.headers['x-fapi-auth-date'], 'Sun, 01 Mar 2026 10:00:00 GMT');
  assert.equal(absent?.headers['x-fapi-customer-ip-address'], undefined);
  assert.equal(absent?.headers['x-customer-user-agent'], undefined);
  assert.equal(absent?.headers['x-fapi-auth-date'], undefined);
  for (const post of posts) assert.match(String(post.headers['x-fapi-interaction-id']), /^[0-9a-f-]{36}$/);
  assert.notEqual(present?.headers['x-fapi-interaction-id'], absent?.headers['x-fapi-interaction-id']);
});

test('a GET answer is checked when signed: a tampered one is a bank error, a true one a success', async (t) => {
  let tamper = false;
  const { provider } = await fakeBank(t, (_req, res) => {
    const body = JSON.stringify({
      Data: {
        ConsentId: 'c-get',
        Status: 'Authorised',
        CreationDateTime: '2026-01-01T00:00:00Z',
        StatusUpdateDateTime: '2026-01-01T00:00:00Z',
      },
      Risk: {},
      Links: { Self: 'x' },
      Meta: {},
    });
    res.setHeader('content-type', 'application/json');
    // The body changed after the bank signed it (a status flipped on the way).
    if (tamper) res.setHeader('x-jws-signature', bankSignature(body.replace('Authorised', 'Rejected')));
    res.end(body);
  });
  assert.equal((await provider.getPaymentConsent('c-get')).status, 'authorised');
  tamper = true;
  await assert.rejects(provider.getPaymentConsent('c-get'), (err: unknown) => {
    assert.ok(isBankError(err, 'unavailable'));
    assert.match((err as Error).message, /not signed by it/);
    return true;
  });
});

test('the Risk block per payment context is sent as given, and defaults by debtor', async (t) => {
  const { provider, seen } = await fakeBank(t, (req, res) =>
    created(res, {
      Data: {
        ConsentId: `c-${seen.length}`,
        Status: 'AwaitingAuthorisation',
        CreationDateTime: '2026-01-01T00:00:00Z',
        StatusUpdateDateTime: '2026-01-01T00:00:00Z',
        Initiation: JSON.parse(req.body).Data.Initiation,
      },
      Risk: JSON.parse(req.body).Risk,
      Links: { Self: 'x' },
      Meta: {},
    }),
  );
  const risks = async () =>
    seen
      .filter((s) => s.method === 'POST' && s.url.endsWith('/domestic-payment-consents'))
      .map((s) => JSON.parse(s.body).Risk);
  await provider.createPaymentConsent({
    ...consentRequest,
    idempotencyKey: 'risk-1',
    risk: {
      context: 'EcommerceGoods',
      merchantCategoryCode: '7399',
      merchantCustomerId: 'payer-pseudonym',
      deliveryAddress: {
        addressLines: ['1 High Street'],
        postCode: 'AB1 2CD',
        townName: 'Leeds',
        country: 'GB',
      },
    },
  });
  await provider.createPaymentConsent({ ...consentRequest, idempotencyKey: 'risk-2' });
  await provider.createPaymentConsent({
    ...consentRequest,
    idempotencyKey: 'risk-3',
    debtor: { sortCode: '401234', accountNumber: '87654321', name: 'Acme' },
  });
  assert.deepEqual(await risks(), [
    {
      PaymentContextCode: 'EcommerceGoods',
      MerchantCategoryCode: '7399',
      MerchantCustomerIdentification: 'payer-pseudonym',
      DeliveryAddress: {
        AddressLine: ['1 High Street'],
        PostCode: 'AB1 2CD',
        TownName: 'Leeds',
        Country: 'GB',
      },
    },
    { PaymentContextCode: 'EcommerceGoods' },
    { PaymentContextCode: 'PartyToParty' },
  ]);
});
