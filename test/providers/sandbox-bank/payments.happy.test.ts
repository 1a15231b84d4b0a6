import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALICE, BOB, bankWorld, CAROL, codeOf, MERCHANT } from '../../helpers/sandbox-bank.js';

test('a payment authorised by the customer and submitted moves the money', async (t) => {
  const w = await bankWorld(t);
  const aliceBefore = await w.balance(ALICE);
  const consent = await w.bank.createPaymentConsent({
    amount: 12_345,
    reference: 'INV-001',
    instructionId: 'pay0000000000000000000001',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'state-1',
    idempotencyKey: 'consent-1',
  });
  assert.equal(consent.status, 'awaiting_authorisation');
  assert.ok(consent.authorizationUrl.startsWith(`${w.baseUrl}/sandbox-bank/authorize?`));

  const redirect = await w.approve(consent.authorizationUrl);
  assert.equal(`${redirect.origin}${redirect.pathname}`, w.redirectUri);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, 'state-1'),
    redirectUri: w.redirectUri,
  });
  assert.equal((await w.bank.getPaymentConsent(consent.consentId)).status, 'authorised');

  const submitted = await w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'pay-1' });
  assert.equal(submitted.status, 'pending', 'accepted, settling');
  assert.equal(submitted.amount, 12_345);
  assert.deepEqual(submitted.creditor, MERCHANT);
  assert.deepEqual(submitted.debtor, ALICE, 'the bank tells where the money came from');

  const settled = await w.bank.getPayment(submitted.paymentId);
  assert.equal(settled.status, 'completed');
  assert.equal(await w.balance(ALICE), aliceBefore - 12_345);
  assert.equal(await w.balance(MERCHANT), 12_345, 'the merchant account was opened by the credit');
  assert.equal((await w.bank.getPaymentConsent(consent.consentId)).status, 'consumed');
  assert.ok(w.dispatcher.obCount >= 6);
});

test('a rejected consent moves nothing and comes back with error=access_denied', async (t) => {
  const w = await bankWorld(t);
  const before = await w.accounts();
  const consent = await w.bank.createPaymentConsent({
    amount: 500,
    reference: 'INV-002',
    instructionId: 'pay0000000000000000000002',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'state-2',
    idempotencyKey: 'consent-2',
  });
  const redirect = await w.reject(consent.authorizationUrl);
  assert.equal(redirect.searchParams.get('error'), 'access_denied');
  assert.equal(redirect.searchParams.get('state'), 'state-2');
  assert.equal(redirect.searchParams.get('code'), null);
  assert.equal((await w.bank.getPaymentConsent(consent.consentId)).status, 'rejected');
  await assert.rejects(
    w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'pay-2' }),
    (err: Error & { reason?: string }) => err.reason === 'consent_invalid',
  );
  assert.deepEqual(await w.accounts(), before);
});

test('a payment the payer cannot afford ends Rejected and moves nothing', async (t) => {
  const w = await bankWorld(t);
  const before = await w.accounts();
  const consent = await w.bank.createPaymentConsent({
    amount: 1_000,
    reference: 'INV-003',
    instructionId: 'pay0000000000000000000003',
    creditor: BOB,
    debtor: CAROL,
    redirectUri: w.redirectUri,
    state: 's3',
    idempotencyKey: 'consent-3',
  });
  const redirect = await w.approve(consent.authorizationUrl);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, 's3'),
    redirectUri: w.redirectUri,
  });
  const submitted = await w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'pay-3' });
  assert.equal((await w.bank.getPayment(submitted.paymentId)).status, 'rejected');
  assert.deepEqual(await w.accounts(), before, 'Carol holds 5.00 and nothing moved');
});

test('the same payment submitted twice with the same idempotency key is paid once', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 2_500,
    reference: 'INV-004',
    instructionId: 'pay0000000000000000000004',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 's4',
    idempotencyKey: 'consent-4',
  });
  const again = await w.bank.createPaymentConsent({
    amount: 2_500,
    reference: 'INV-004',
    instructionId: 'pay0000000000000000000004',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 's4',
    idempotencyKey: 'consent-4',
  });
  assert.equal(again.consentId, consent.consentId, 'the consent too is made once per key');
  const redirect = await w.approve(consent.authorizationUrl);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, 's4'),
    redirectUri: w.redirectUri,
  });
  const first = await w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'pay-4' });
  const second = await w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'pay-4' });
  assert.equal(second.paymentId, first.paymentId);
  assert.equal(second.status, 'completed', 'a repeat answers the payment as it is now');
  assert.equal(await w.balance(MERCHANT), 2_500, 'paid once');
  await assert.rejects(
    w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'pay-4-other' }),
    (err: Error & { reason?: string }) => err.reason === 'consent_invalid',
    'a consumed consent pays no second time under another key',
  );
  assert.equal(await w.balance(MERCHANT), 2_500);
});

test('a refund is paid out of the merchant account back to the payer', async (t) => {
  const w = await bankWorld(t);
  const pay = await w.bank.createPaymentConsent({
    amount: 4_000,
    reference: 'INV-005',
    instructionId: 'pay0000000000000000000005',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 's5',
    idempotencyKey: 'consent-5',
  });
  const r1 = await w.approve(pay.authorizationUrl, 'd3e0c0000000000000000002');
  await w.bank.completeAuthorisation({
    consentId: pay.consentId,
    code: codeOf(r1, 's5'),
    redirectUri: w.redirectUri,
  });
  const paid = await w.bank.submitPayment({ consentId: pay.consentId, idempotencyKey: 'pay-5' });
  assert.deepEqual(paid.debtor, BOB, "Bob's first account paid");
  const bobAfterPaying = await w.balance(BOB);

  const refund = await w.bank.createPaymentConsent({
    amount: 1_500,
    reference: 'REFUND-005',
    instructionId: 'ref0000000000000000000005',
    creditor: paid.debtor ?? BOB,
    debtor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'r5',
    idempotencyKey: 'refund-5',
  });
  // No customer named: the consent's DebtorAccount decides who approves (the merchant).
  const r2 = await w.approve(refund.authorizationUrl);
  await w.bank.completeAuthorisation({
    consentId: refund.consentId,
    code: codeOf(r2, 'r5'),
    redirectUri: w.redirectUri,
  });
  const refunded = await w.bank.submitPayment({
    consentId: refund.consentId,
    idempotencyKey: 'refund-pay-5',
  });
  assert.deepEqual(refunded.debtor, MERCHANT);
  assert.equal((await w.bank.getPayment(refunded.paymentId)).status, 'completed');
  assert.equal(await w.balance(MERCHANT), 2_500);
  assert.equal(await w.balance(BOB), bobAfterPaying + 1_500);
});

test('concurrent submissions of one consent pay once, whatever their keys', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 777,
    reference: 'RACE',
    instructionId: 'race-1',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'race',
    idempotencyKey: 'race',
  });
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(await w.approve(consent.authorizationUrl), 'race'),
    redirectUri: w.redirectUri,
  });
  const results = await Promise.allSettled([
    w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'race-a' }),
    w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'race-a' }),
    w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'race-b' }),
    w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'race-c' }),
  ]);
  const paid = new Set(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.paymentId] : [])));
  assert.equal(paid.size, 1, 'one payment');
  for (const r of results) {
    if (r.status === 'rejected') assert.equal((r.reason as { reason?: string }).reason, 'consent_invalid');
  }
  assert.equal(await w.balance(MERCHANT), 777);
});
