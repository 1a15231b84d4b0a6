import assert from 'node:assert/strict';
import { test } from 'node:test';
import { itemDate } from '../../../src/domain/recurring/schedule.js';
import { obFrequency } from '../../../src/providers/open-banking/transformers.js';
import { sandboxBankJob } from '../../../src/providers/sandbox-bank/index.js';
import {
  type PaymentPlan,
  paymentDateOf,
  scheduleOf,
} from '../../../src/providers/sandbox-bank/pisp/schedule.js';
import { ALICE, type BankWorld, bankWorld, codeOf, MERCHANT } from '../../helpers/sandbox-bank.js';

const DAY = 86_400_000;

async function standingOrder(w: BankWorld, numberOfPayments: number, firstPaymentDate: string, key: string) {
  const consent = await w.bank.createStandingOrderConsent({
    amount: 1_999,
    reference: 'GYM-MEMBER',
    firstPaymentDate,
    frequency: 'one_month',
    numberOfPayments,
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: key,
    idempotencyKey: key,
  });
  const redirect = await w.approve(consent.authorizationUrl);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, key),
    redirectUri: w.redirectUri,
  });
  return w.bank.submitStandingOrder({ consentId: consent.consentId, idempotencyKey: `${key}-so` });
}

test('a standing order of 3 monthly payments pays 3 times as the clock passes 3 months, never a 4th', async (t) => {
  const w = await bankWorld(t);
  const aliceBefore = await w.balance(ALICE);
  const first = new Date(w.clock.now().getTime() + 3 * DAY).toISOString();
  const order = await standingOrder(w, 3, first, 'so-1');
  assert.equal(order.status, 'active');
  assert.equal(order.numberOfPayments, 3);
  assert.equal(order.amount, 1_999);
  assert.equal(order.schedule, obFrequency('one_month', first));

  await w.runBank();
  assert.equal(await w.balance(MERCHANT), 0, 'nothing before the first date');

  const paid: number[] = [];
  for (let month = 0; month < 3; month++) {
    w.clock.advance((month === 0 ? 4 : 31) * DAY);
    await sandboxBankJob.run(w.deps);
    paid.push(await w.balance(MERCHANT));
  }
  assert.deepEqual(paid, [1_999, 3_998, 5_997]);
  w.clock.advance(400 * DAY);
  await sandboxBankJob.run(w.deps);
  await sandboxBankJob.run(w.deps);
  assert.equal(await w.balance(MERCHANT), 5_997, 'never a 4th time');
  assert.equal(await w.balance(ALICE), aliceBefore - 5_997);

  const payments = await w.bank.listStandingOrderPayments(order.standingOrderId);
  assert.deepEqual(
    payments.map((p) => p.status),
    ['completed', 'completed', 'completed'],
  );
  assert.deepEqual(
    payments.map((p) => p.executedAt),
    [0, 1, 2].map((i) => itemDate(new Date(first), 'one_month', i).toISOString()),
    'each payment is dated on the date the service expects for its item',
  );
  assert.equal((await w.bank.getStandingOrder(order.standingOrderId)).status, 'active');
});

test('the sandbox bank pays on the dates of the recurring schedule for every frequency', () => {
  const firsts = [
    '2026-01-31T09:30:00.000Z',
    '2026-02-28T00:00:00.000Z',
    '2028-02-29T12:00:00.000Z',
    '2026-08-03T00:00:00.000Z',
  ];
  for (const first of firsts) {
    for (const frequency of ['one_week', 'one_month', 'three_months', 'one_year'] as const) {
      const schedule = scheduleOf(obFrequency(frequency, first));
      assert.ok(schedule);
      const plan: PaymentPlan = {
        schedule,
        firstPaymentAt: first,
        recurringPaymentAt: null,
        finalPaymentAt: null,
        numberOfPayments: null,
      };
      for (let i = 0; i < 30; i++) {
        assert.equal(
          paymentDateOf(plan, i),
          itemDate(new Date(first), frequency, i).toISOString(),
          `${frequency} from ${first} #${i}`,
        );
      }
    }
  }
});

test('fail-next makes the next scheduled payment fail and the schedule goes on', async (t) => {
  const w = await bankWorld(t);
  const { failNextStandingOrderPayment } = await import('../../../src/providers/sandbox-bank/index.js');
  const first = new Date(w.clock.now().getTime() + DAY).toISOString();
  const order = await standingOrder(w, 0, first, 'so-2');
  assert.equal(order.numberOfPayments, null, 'open-ended');
  await failNextStandingOrderPayment(w.deps, order.standingOrderId);
  w.clock.advance(2 * DAY);
  await w.runBank();
  w.clock.advance(31 * DAY);
  await w.runBank();
  const payments = await w.bank.listStandingOrderPayments(order.standingOrderId);
  assert.deepEqual(
    payments.map((p) => p.status),
    ['rejected', 'completed'],
  );
  assert.match(payments[0]?.reason ?? '', /sandbox control/);
  assert.equal(await w.balance(MERCHANT), 1_999);
});

test('a standing order whose payer runs short records a rejected payment and moves nothing for it', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createStandingOrderConsent({
    amount: 300,
    reference: 'SMALL',
    firstPaymentDate: new Date(w.clock.now().getTime() + DAY).toISOString(),
    frequency: 'one_week',
    numberOfPayments: 3,
    creditor: MERCHANT,
    debtor: { sortCode: '990001', accountNumber: '10000004', name: 'Carol Lowe' },
    redirectUri: w.redirectUri,
    state: 'so-3',
    idempotencyKey: 'so-3',
  });
  const redirect = await w.approve(consent.authorizationUrl);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, 'so-3'),
    redirectUri: w.redirectUri,
  });
  const order = await w.bank.submitStandingOrder({ consentId: consent.consentId, idempotencyKey: 'so-3-so' });
  w.clock.advance(30 * DAY);
  await w.runBank();
  const payments = await w.bank.listStandingOrderPayments(order.standingOrderId);
  assert.deepEqual(
    payments.map((p) => p.status),
    ['completed', 'rejected', 'rejected'],
    'Carol holds 5.00: one payment of 3.00, then short',
  );
  assert.equal(await w.balance(MERCHANT), 300);
});

test('a standing order the customer cancels at the bank pays no more', async (t) => {
  const w = await bankWorld(t);
  const { cancelStandingOrderAtBank } = await import('../../../src/providers/sandbox-bank/index.js');
  const order = await standingOrder(w, 0, new Date(w.clock.now().getTime() + DAY).toISOString(), 'so-4');
  w.clock.advance(2 * DAY);
  await w.runBank();
  await cancelStandingOrderAtBank(w.deps, order.standingOrderId);
  assert.equal((await w.bank.getStandingOrder(order.standingOrderId)).status, 'cancelled');
  w.clock.advance(100 * DAY);
  await w.runBank();
  assert.equal((await w.bank.listStandingOrderPayments(order.standingOrderId)).length, 1);
  await assert.rejects(cancelStandingOrderAtBank(w.deps, order.standingOrderId), { code: 'invalid_state' });
});
