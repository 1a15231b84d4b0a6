import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signHs256 } from '../../../src/providers/jws.js';
import {
  ALICE_ID,
  type BankWorld,
  bankCall,
  bankWorld,
  clientToken,
  codeOf,
  MERCHANT,
} from '../../helpers/sandbox-bank.js';

const DAY = 86_400_000;

async function paymentConsent(w: BankWorld, key: string) {
  return w.bank.createPaymentConsent({
    amount: 700,
    reference: key,
    instructionId: key,
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: key,
    idempotencyKey: key,
  });
}

function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

test('the authorisation page never redirects to an unregistered redirect URI', async (t) => {
  const w = await bankWorld(t);
  const consent = await paymentConsent(w, 'redir');
  const claims = JSON.parse(
    Buffer.from(
      new URL(consent.authorizationUrl).searchParams.get('request')?.split('.')[1] ?? '',
      'base64url',
    ).toString(),
  );
  for (const target of [
    'https://evil.example/steal',
    `${w.baseUrl}0/public/v1/return`,
    `${w.baseUrl}.evil.example/public/v1/return`,
    'javascript:alert(1)',
  ]) {
    const forged = signHs256({ ...claims, redirect_uri: target }, w.config.sandboxBankClientSecret);
    const url = withParam(withParam(consent.authorizationUrl, 'redirect_uri', target), 'request', forged);
    const res = await w.call({ method: 'GET', url: url.slice(w.baseUrl.length) });
    assert.equal(res.statusCode, 400, target);
    assert.equal(res.headers.location, undefined);
    assert.match(res.body, /not registered/);
    const control = await w.call({
      method: 'POST',
      url: '/sandbox/v1/authorizations/approve',
      payload: { authorizationUrl: url },
    });
    assert.equal(control.statusCode, 400, target);
  }
});

test('a request object not signed by the client, or expired, is refused', async (t) => {
  const w = await bankWorld(t);
  const consent = await paymentConsent(w, 'sig');
  const original = new URL(consent.authorizationUrl).searchParams.get('request') ?? '';
  const claims = JSON.parse(Buffer.from(original.split('.')[1] ?? '', 'base64url').toString());
  const forged = withParam(consent.authorizationUrl, 'request', signHs256(claims, 'not-the-secret'));
  const res = await w.call({
    method: 'POST',
    url: '/sandbox/v1/authorizations/approve',
    payload: { authorizationUrl: forged },
  });
  assert.equal(res.statusCode, 400);
  assert.match(res.json().detail, /not signed by the client/);

  const tampered = withParam(
    consent.authorizationUrl,
    'request',
    `${original.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, state: 'x' })).toString('base64url')}.${original.split('.')[2]}`,
  );
  assert.equal(
    (
      await w.call({
        method: 'POST',
        url: '/sandbox/v1/authorizations/approve',
        payload: { authorizationUrl: tampered },
      })
    ).statusCode,
    400,
  );

  w.clock.advance(2 * DAY);
  const late = await w.call({
    method: 'POST',
    url: '/sandbox/v1/authorizations/approve',
    payload: { authorizationUrl: consent.authorizationUrl },
  });
  assert.equal(late.statusCode, 400);
  assert.match(late.json().detail, /expired/);
});

test('the approve control only takes authorisation URLs of the sandbox bank', async (t) => {
  const w = await bankWorld(t);
  const consent = await paymentConsent(w, 'host');
  const elsewhere = consent.authorizationUrl.replace(w.baseUrl, 'https://bank.example');
  const res = await w.call({
    method: 'POST',
    url: '/sandbox/v1/authorizations/approve',
    payload: { authorizationUrl: elsewhere },
  });
  assert.equal(res.statusCode, 400);
});

test("a customer's token is good for its own consent only", async (t) => {
  const w = await bankWorld(t);
  const a = await paymentConsent(w, 'a');
  const b = await paymentConsent(w, 'b');
  await w.bank.completeAuthorisation({
    consentId: a.consentId,
    code: codeOf(await w.approve(a.authorizationUrl), 'a'),
    redirectUri: w.redirectUri,
  });
  await w.approve(b.authorizationUrl);
  // The adapter holds consent a's token; a payment for b with it is refused by the bank.
  const grant = await w.deps.db
    .selectFrom('open_banking_grants')
    .selectAll()
    .where('consent_id', '=', a.consentId)
    .executeTakeFirstOrThrow();
  const client = await clientToken(w);
  const bConsent = (
    await bankCall(w, {
      method: 'GET',
      path: `/open-banking/v3.1/pisp/domestic-payment-consents/${b.consentId}`,
      token: client,
    })
  ).json();
  const res = await bankCall(w, {
    method: 'POST',
    path: '/open-banking/v3.1/pisp/domestic-payments',
    token: grant.access_token,
    body: { Data: { ConsentId: b.consentId, Initiation: bConsent.Data.Initiation }, Risk: bConsent.Risk },
    headers: { 'x-idempotency-key': 'cross' },
  });
  assert.equal(res.status, 403);
  const reading = await bankCall(w, {
    method: 'GET',
    path: '/open-banking/v3.1/aisp/accounts',
    token: grant.access_token,
  });
  assert.equal(reading.status, 403, 'a payments token reads no accounts');
});

test('an account-access token reads only the accounts its customer granted', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createAccountAccessConsent({
    expiresAt: new Date(w.clock.now().getTime() + 30 * DAY).toISOString(),
    redirectUri: w.redirectUri,
    state: 'ais',
  });
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(await w.approve(consent.authorizationUrl, ALICE_ID), 'ais'),
    redirectUri: w.redirectUri,
  });
  const bobAccount = (await w.accounts()).find((a) => a.accountNumber === '10000002');
  assert.ok(bobAccount);
  await assert.rejects(
    w.bank.getBalance(consent.consentId, bobAccount.id),
    (err: Error & { reason?: string }) => err.reason === 'consent_invalid',
  );
  await assert.rejects(
    w.bank.listTransactions(consent.consentId, bobAccount.id, {
      from: '2000-01-01T00:00:00Z',
      to: '2100-01-01T00:00:00Z',
    }),
    (err: Error & { reason?: string }) => err.reason === 'consent_invalid',
  );
});

test('tokens and codes are stored only as hashes', async (t) => {
  const w = await bankWorld(t);
  const consent = await paymentConsent(w, 'hash');
  const code = codeOf(await w.approve(consent.authorizationUrl), 'hash');
  await w.bank.completeAuthorisation({ consentId: consent.consentId, code, redirectUri: w.redirectUri });
  const grant = await w.deps.db.selectFrom('open_banking_grants').selectAll().executeTakeFirstOrThrow();
  const rows = await w.deps.db.selectFrom('sandbox_bank_tokens').select('token_hash').execute();
  const stored = rows.map((r) => r.token_hash).join(' ');
  assert.ok(!stored.includes(code));
  assert.ok(!stored.includes(grant.access_token));
});
