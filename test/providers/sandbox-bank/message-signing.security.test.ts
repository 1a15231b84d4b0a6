// x-jws-signature at the sandbox bank (API.md 10.3): a Payment Initiation POST without a valid detached
// signature by the client's key is refused with the Open Banking error; the bank signs its answers.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { FlattenedSign } from 'jose';
import { verifyDetached } from '../../../src/providers/open-banking/detached-jws.js';
import {
  bankCall,
  bankWorld,
  clientToken,
  codeOf,
  consentBody,
  MERCHANT,
  signAsPaybankMessage,
} from '../../helpers/sandbox-bank.js';

const OB = 'http://openbanking.org.uk';
const errorCodes = (res: { json: () => any }) =>
  (res.json().Errors as Array<{ ErrorCode: string }>).map((e) => e.ErrorCode);

test('a consent POST without a valid x-jws-signature is refused with UK.OBIE.Signature.*', async (t) => {
  const w = await bankWorld(t);
  const token = await clientToken(w);
  const body = JSON.stringify(consentBody());
  const now = Math.floor(w.clock.now().getTime() / 1000);
  const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const withoutTan = await new FlattenedSign(Buffer.from(body))
    .setProtectedHeader({
      alg: 'PS256',
      kid: 'k',
      [`${OB}/iat`]: now,
      [`${OB}/iss`]: 'paybank-sandbox/paybank',
      crit: [`${OB}/iat`, `${OB}/iss`],
    })
    .sign(strangerKey, { crit: { [`${OB}/iat`]: true, [`${OB}/iss`]: true } });
  const cases: Array<[string, Record<string, string>, string]> = [
    ['no signature', {}, 'UK.OBIE.Signature.Missing'],
    ['not a detached JWS', { 'x-jws-signature': 'abc' }, 'UK.OBIE.Signature.Malformed'],
    [
      'over another body',
      { 'x-jws-signature': await signAsPaybankMessage(w, `${body} `) },
      'UK.OBIE.Signature.Invalid',
    ],
    [
      'by another key',
      { 'x-jws-signature': await signAsPaybankMessage(w, body, { key: strangerKey as never }) },
      'UK.OBIE.Signature.Invalid',
    ],
    [
      'another iss',
      { 'x-jws-signature': await signAsPaybankMessage(w, body, { iss: 'someone/else' }) },
      'UK.OBIE.Signature.InvalidClaim',
    ],
    [
      'b64 false on 3.1.10',
      { 'x-jws-signature': await signAsPaybankMessage(w, body, { apiVersion: '3.1.3' }) },
      'UK.OBIE.Signature.InvalidClaim',
    ],
    [
      'no tan claim',
      { 'x-jws-signature': `${withoutTan.protected}..${withoutTan.signature}` },
      'UK.OBIE.Signature.MissingClaim',
    ],
  ];
  for (const [what, headers, code] of cases) {
    const res = await bankCall(w, {
      method: 'POST',
      path: '/open-banking/v3.1/pisp/domestic-payment-consents',
      token,
      body,
      unsigned: true,
      headers: { 'content-type': 'application/json', 'x-idempotency-key': `sig-${what}`, ...headers },
    });
    assert.equal(res.status, 400, what);
    assert.deepEqual(errorCodes(res), [code], what);
  }
  const signed = await bankCall(w, {
    method: 'POST',
    path: '/open-banking/v3.1/pisp/domestic-payment-consents',
    token,
    body,
    headers: { 'content-type': 'application/json', 'x-idempotency-key': 'sig-good' },
  });
  assert.equal(signed.status, 201, signed.text);
  const jwks = (await w.call({ method: 'GET', url: '/sandbox-bank/jwks' })).json();
  await verifyDetached(String(signed.headers['x-jws-signature']), signed.text, {
    keys: jwks,
    iss: 'sandbox-bank',
    tan: 'openbanking.org.uk',
    apiVersion: '3.1.10',
    now: w.clock.now(),
  });
  // Its GET answers are signed too (paybank checks every signature it is given).
  const consentId = signed.json().Data.ConsentId;
  const read = await bankCall(w, {
    method: 'GET',
    path: `/open-banking/v3.1/pisp/domestic-payment-consents/${consentId}`,
    token,
  });
  assert.equal(read.status, 200, read.text);
  await verifyDetached(String(read.headers['x-jws-signature']), read.text, {
    keys: jwks,
    iss: 'sandbox-bank',
    tan: 'openbanking.org.uk',
    apiVersion: '3.1.10',
    now: w.clock.now(),
  });
});

test('a payment POST without, or with a tampered, x-jws-signature is refused and pays nothing', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 700,
    reference: 'SIG-PAY',
    instructionId: 'sigpay0000000000000000001',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'sig-pay',
    idempotencyKey: 'sig-pay-consent',
  });
  const redirect = await w.approve(consent.authorizationUrl);
  const exchanged = await bankCall(w, {
    method: 'POST',
    path: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: codeOf(redirect, 'sig-pay'),
      redirect_uri: w.redirectUri,
      client_id: 'paybank',
    }).toString(),
  });
  assert.equal(exchanged.status, 200, exchanged.text);
  const token = exchanged.json().access_token as string;
  const stored = await bankCall(w, {
    method: 'GET',
    path: `/open-banking/v3.1/pisp/domestic-payment-consents/${consent.consentId}`,
    token: await clientToken(w),
  });
  const body = JSON.stringify({
    Data: { ConsentId: consent.consentId, Initiation: stored.json().Data.Initiation },
    Risk: stored.json().Risk,
  });
  const good = await signAsPaybankMessage(w, body);
  const [header, , signature] = good.split('.');
  const flipped = `${signature?.[0] === 'A' ? 'B' : 'A'}${signature?.slice(1)}`;
  const before = await w.accounts();
  for (const [what, headers, code] of [
    ['no signature', {}, 'UK.OBIE.Signature.Missing'],
    ['a tampered signature', { 'x-jws-signature': `${header}..${flipped}` }, 'UK.OBIE.Signature.Invalid'],
    [
      'a signature over another body',
      { 'x-jws-signature': await signAsPaybankMessage(w, `${body}\n`) },
      'UK.OBIE.Signature.Invalid',
    ],
  ] as const) {
    const res = await bankCall(w, {
      method: 'POST',
      path: '/open-banking/v3.1/pisp/domestic-payments',
      token,
      body,
      unsigned: true,
      headers: { 'content-type': 'application/json', 'x-idempotency-key': `sig-pay-${what}`, ...headers },
    });
    assert.equal(res.status, 400, what);
    assert.deepEqual(errorCodes(res), [code], what);
  }
  assert.deepEqual(await w.accounts(), before, 'nothing moved');
  const paid = await bankCall(w, {
    method: 'POST',
    path: '/open-banking/v3.1/pisp/domestic-payments',
    token,
    body,
    unsigned: true,
    headers: {
      'content-type': 'application/json',
      'x-idempotency-key': 'sig-pay-good',
      'x-jws-signature': good,
    },
  });
  assert.equal(paid.status, 201, paid.text);
});
