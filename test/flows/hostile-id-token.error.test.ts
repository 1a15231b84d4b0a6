// A hostile bank's id_token (API.md 10.2): whatever is wrong with it, paybank refuses the answer before
// the token call (the code stays unused at the bank), moves no money, lands the customer where a
// rejection lands, and the link can be paid afterwards with a good answer.
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { type JWTPayload, SignJWT } from 'jose';
import { signingKeyOf } from '../../src/providers/open-banking/signing-key.js';
import { sandboxPki } from '../../src/providers/sandbox-bank/index.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, ledger, statusOf, tokenOf } from '../helpers/payment-flow.js';
import { claimsOf } from '../helpers/sandbox-bank.js';

const half = (value: string) =>
  createHash('sha256').update(value).digest().subarray(0, 16).toString('base64url');

test('an id_token failing any check is a rejection: no token call, no money, the link still pays', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-HOSTILE', amount: '12.00' },
  });
  assert.equal(created.status, 200, created.text);
  const { id, link } = created.json().result;
  const bankKey = await signingKeyOf((await sandboxPki(app.config.dataDir)).bankSigningKey);
  const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const before = await ledger(app);

  /** A fresh authorisation approved at the bank: the real answer, for a test to tamper with. */
  async function approvedAnswer() {
    const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
      body: { type: 'payment', id: tokenOf(link), externalId: 'ob-sandbox' },
    });
    assert.equal(initiated.status, 200, initiated.text);
    const decided = await http(app, 'POST', '/sandbox/v1/authorizations/approve', {
      body: { authorizationUrl: initiated.json().data.authorizationUrl },
    });
    assert.equal(decided.status, 200, decided.text);
    const url = new URL(decided.json().redirectUrl);
    const answer = Object.fromEntries(url.searchParams) as Record<'code' | 'id_token' | 'state', string>;
    return { answer, claims: claimsOf(answer.id_token) as JWTPayload };
  }
  const sign = (claims: JWTPayload, alg = 'PS256', key: unknown = bankKey.key) =>
    new SignJWT(claims).setProtectedHeader({ alg, kid: bankKey.kid }).sign(key as never);
  const now = () => Math.floor(app.clock.now().getTime() / 1000);

  const hostile: Array<[string, (a: { code: string; state: string }, c: JWTPayload) => Promise<string>]> = [
    ['a signature by another key', (_a, c) => sign(c, 'PS256', strangerKey)],
    [
      'alg none',
      async (_a, c) =>
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.`,
    ],
    ['RS256', (_a, c) => sign(c, 'RS256')],
    ['a wrong c_hash', (_a, c) => sign({ ...c, c_hash: half('another code') })],
    ['a wrong s_hash', (_a, c) => sign({ ...c, s_hash: half('another state') })],
    ['a wrong nonce', (_a, c) => sign({ ...c, nonce: 'not-ours' })],
    ['a wrong iss', (_a, c) => sign({ ...c, iss: 'https://evil.example' })],
    ['a wrong aud', (_a, c) => sign({ ...c, aud: 'someone-else' })],
    ['another intent id', (_a, c) => sign({ ...c, openbanking_intent_id: 'another-consent' })],
    ['an expired one', (_a, c) => sign({ ...c, iat: now() - 1200, exp: now() - 600 })],
    ['a week-old one', (_a, c) => sign({ ...c, iat: now() - 7 * 86400, exp: now() + 600 })],
    ['none at all', async () => ''],
  ];
  for (const [what, forge] of hostile) {
    const { answer, claims } = await approvedAnswer();
    const idToken = await forge(answer, claims);
    const query = new URLSearchParams({
      code: answer.code,
      state: answer.state,
      ...(idToken ? { id_token: idToken } : {}),
    });
    const back = await http(app, 'GET', `/public/v1/return?${query}`);
    assert.equal(back.status, 303, `${what}: ${back.text}`);
    const location = back.headers.get('location') ?? '';
    assert.doesNotMatch(location, /status=paid/, what);
    assert.equal(await statusOf(app, m, id), 'rejected', what);
    const code = await app.deps.db
      .selectFrom('sandbox_bank_tokens')
      .select('used_at')
      .where('token_hash', '=', createHash('sha256').update(answer.code).digest('hex'))
      .executeTakeFirstOrThrow();
    assert.equal(code.used_at, null, `${what}: the code was never exchanged`);
    assert.deepEqual(await ledger(app), before, `${what}: no money moved`);
  }

  // The link is still good: a true answer pays it.
  const { answer } = await approvedAnswer();
  const paid = await http(app, 'GET', `/public/v1/return?${new URLSearchParams(answer)}`);
  assert.equal(paid.status, 303);
  assert.equal(await statusOf(app, m, id), 'paid');
});

test('the return page posts the fragment, and the posted form is handled as the query form', async (t) => {
  const app = await buildListeningApp(t);
  const page = await http(app, 'GET', '/public/v1/return');
  assert.equal(page.status, 200);
  assert.match(page.text, /<form id="bank-answer" method="post" action="\/public\/v1\/return">/);
  assert.match(page.text, /<script src="\/public\/v1\/bank-answer.js" defer><\/script>/);
  assert.match(page.headers.get('cache-control') ?? '', /no-store/);
  const script = await http(app, 'GET', '/public/v1/bank-answer.js');
  assert.equal(script.status, 200);
  assert.match(script.text, /window\.location\.hash/);
  const posted = await fetch(`${app.baseUrl}/public/v1/return`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: 'nobody-knows-this', code: 'c', id_token: 'x.y.z' }),
  });
  assert.equal(posted.status, 404, 'an answer for no payment');
});
