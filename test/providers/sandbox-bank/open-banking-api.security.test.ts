import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { SignJWT } from 'jose';
import {
  ALICE_ID,
  type BankWorld,
  bankCall,
  bankWorld,
  claimsOf,
  clientToken,
  codeOf,
  MERCHANT,
  signAsPaybank,
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
  const claims = claimsOf(new URL(consent.authorizationUrl).searchParams.get('request') ?? '');
  for (const target of [
    'https://evil.example/steal',
    `${w.baseUrl}0/public/v1/return`,
    `${w.baseUrl}.evil.example/public/v1/return`,
    'javascript:alert(1)',
  ]) {
    const forged = await signAsPaybank(w, { ...claims, redirect_uri: target });
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
  const claims = claimsOf(original);
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${original.split('.')[1]}.`;
  const now = Math.floor(w.clock.now().getTime() / 1000);
  const { nbf: _nbf, ...withoutNbf } = claims;
  const refused: Array<[string, string, RegExp]> = [
    [
      'HS256 with a shared secret',
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(Buffer.from('sandbox-secret-sandbox-secret-32')),
      /PS256/,
    ],
    ['unsigned (alg none)', unsigned, /PS256|not signed/],
    ['RS256', await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(otherKey), /PS256/],
    [
      'PS256 by a key not registered',
      await new SignJWT(claims).setProtectedHeader({ alg: 'PS256' }).sign(otherKey),
      /not signed by the client/,
    ],
    ['without nbf', await signAsPaybank(w, withoutNbf), /nbf/],
    [
      'living over 60 minutes',
      await signAsPaybank(w, { ...claims, nbf: now, exp: now + 3601 }),
      /60 minutes/,
    ],
    ['for another audience', await signAsPaybank(w, { ...claims, aud: 'https://other-bank.example' }), /aud/],
  ];
  for (const [what, request, reason] of refused) {
    const res = await w.call({
      method: 'POST',
      url: '/sandbox/v1/authorizations/approve',
      payload: { authorizationUrl: withParam(consent.authorizationUrl, 'request', request) },
    });
    assert.equal(res.statusCode, 400, what);
    assert.match(res.json().detail, reason, what);
    const page = await w.call({
      method: 'GET',
      url: withParam(consent.authorizationUrl, 'request', request).slice(w.baseUrl.length),
    });
    assert.equal(page.statusCode, 400, what);
  }

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
    token: w.deps.secrets.open(grant.access_token),
    body: { Data: { ConsentId: b.consentId, Initiation: bConsent.Data.Initiation }, Risk: bConsent.Risk },
    headers: { 'x-idempotency-key': 'cross' },
  });
  assert.equal(res.status, 403);
  const reading = await bankCall(w, {
    method: 'GET',
    path: '/open-banking/v3.1/aisp/accounts',
    token: w.deps.secrets.open(grant.access_token),
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
  assert.ok(!stored.includes(w.deps.secrets.open(grant.access_token)));
});
