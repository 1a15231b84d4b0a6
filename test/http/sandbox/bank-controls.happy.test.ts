import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rejectBankPayment, settleBankPayment } from '../../../src/providers/sandbox-bank/index.js';
import { buildTestApp } from '../../helpers/app.js';
import { ALICE, bankWorld, codeOf, MERCHANT } from '../../helpers/sandbox-bank.js';

test('GET /sandbox/v1/accounts lists the seeded demo customers with funds', async (t) => {
  const app = await buildTestApp(t);
  const res = await app.call({ method: 'GET', url: '/sandbox/v1/accounts' });
  assert.equal(res.statusCode, 200);
  const alice = res
    .json()
    .data.find((a: { accountNumber: string }) => a.accountNumber === ALICE.accountNumber);
  assert.deepEqual(alice, {
    id: 'd3e0a0000000000000000001',
    customerId: 'd3e0c0000000000000000001',
    name: 'Alice Smith',
    sortCode: '990001',
    accountNumber: '10000001',
    balance: '10000.00',
  });
  assert.equal(res.json().data.length, 6);
});

test('POST /sandbox/v1/customers opens funded accounts, and a taken number is a 409', async (t) => {
  const app = await buildTestApp(t);
  const res = await app.call({
    method: 'POST',
    url: '/sandbox/v1/customers',
    payload: {
      name: 'Dan Brown',
      accounts: [
        { balance: '250.50' },
        { name: 'Dan Savings', sortCode: '990002', accountNumber: '55555555', balance: '0.00' },
      ],
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  const { data } = res.json();
  assert.match(data.id, /^[0-9a-f]{24}$/);
  assert.equal(data.accounts.length, 2);
  assert.equal(data.accounts[0].name, 'Dan Brown');
  assert.equal(data.accounts[0].sortCode, '990001');
  assert.match(data.accounts[0].accountNumber, /^[0-9]{8}$/);
  assert.equal(data.accounts[0].balance, '250.50');
  assert.equal(data.accounts[1].accountNumber, '55555555');
  const defaults = await app.call({ method: 'POST', url: '/sandbox/v1/customers', payload: { name: 'Eve' } });
  assert.equal(defaults.json().data.accounts[0].balance, '1000.00');
  const taken = await app.call({
    method: 'POST',
    url: '/sandbox/v1/customers',
    payload: { name: 'Copycat', accounts: [{ sortCode: '990002', accountNumber: '55555555' }] },
  });
  assert.equal(taken.statusCode, 409);
  assert.equal((await app.call({ method: 'GET', url: '/sandbox/v1/accounts' })).json().data.length, 9);
});

test('SANDBOX_SETTLEMENT=manual leaves a payment settling until the bank settles or rejects it', async (t) => {
  const w = await bankWorld(t, { SANDBOX_SETTLEMENT: 'manual' });
  const pay = async (key: string) => {
    const consent = await w.bank.createPaymentConsent({
      amount: 3_000,
      reference: key,
      instructionId: key,
      creditor: MERCHANT,
      redirectUri: w.redirectUri,
      state: key,
      idempotencyKey: key,
    });
    await w.bank.completeAuthorisation({
      consentId: consent.consentId,
      code: codeOf(await w.approve(consent.authorizationUrl), key),
      redirectUri: w.redirectUri,
    });
    return w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: `${key}-p` });
  };
  const first = await pay('m1');
  await w.runBank();
  assert.equal(
    (await w.bank.getPayment(first.paymentId)).status,
    'pending',
    'the job does not settle in manual mode',
  );
  assert.equal(await w.balance(MERCHANT), 0);
  assert.equal(await settleBankPayment(w.deps, first.paymentId), 'AcceptedSettlementCompleted');
  assert.equal((await w.bank.getPayment(first.paymentId)).status, 'completed');
  assert.equal(await w.balance(MERCHANT), 3_000);
  await assert.rejects(settleBankPayment(w.deps, first.paymentId), { code: 'invalid_state' });

  const second = await pay('m2');
  const before = await w.balance(ALICE);
  assert.equal(await rejectBankPayment(w.deps, second.paymentId), 'Rejected');
  assert.equal((await w.bank.getPayment(second.paymentId)).status, 'rejected');
  assert.equal(await w.balance(ALICE), before);
  await assert.rejects(rejectBankPayment(w.deps, second.paymentId), { code: 'invalid_state' });
  await assert.rejects(settleBankPayment(w.deps, 'ffffffffffffffffffffffff'), { code: 'not_found' });
});

test('expiring a payment consent before it is used rejects it', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 100,
    reference: 'EXP',
    instructionId: 'exp',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'e',
    idempotencyKey: 'e',
  });
  const res = await w.call({ method: 'POST', url: `/sandbox/v1/consents/${consent.consentId}/expire` });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json(), {
    consentId: consent.consentId,
    kind: 'domestic-payment',
    status: 'Rejected',
    expiresAt: null,
  });
  assert.equal((await w.bank.getPaymentConsent(consent.consentId)).status, 'rejected');
  const approve = await w.call({
    method: 'POST',
    url: '/sandbox/v1/authorizations/approve',
    payload: { authorizationUrl: consent.authorizationUrl },
  });
  assert.equal(approve.statusCode, 409);
  const again = await w.call({ method: 'POST', url: `/sandbox/v1/consents/${consent.consentId}/expire` });
  assert.equal(again.statusCode, 409);
});
