// Funds confirmation (API.md 10.1 `fundsConfirmation`, 10.3): the sandbox bank answers from its ledger
// after the customer's authorisation, and an adapter configured to ask does not submit a payment the
// payer's account cannot cover.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BankError } from '../../../src/providers/bank-error.js';
import type { AccountRef } from '../../../src/providers/bank-provider.js';
import { OpenBankingProvider } from '../../../src/providers/open-banking/open-banking-provider.js';
import { sandboxProviderConfig } from '../../../src/providers/open-banking/provider-config.js';
import { sandboxCredentials } from '../../helpers/bank-config.js';
import {
  ALICE,
  answerOf,
  type BankWorld,
  bankCall,
  bankWorld,
  CAROL,
  clientToken,
  MERCHANT,
} from '../../helpers/sandbox-bank.js';

let n = 0;

async function authorised(w: BankWorld, debtor: AccountRef, amount: number) {
  n++;
  const consent = await w.bank.createPaymentConsent({
    amount,
    reference: `FC-${n}`,
    instructionId: `fc${String(n).padStart(23, '0')}`,
    creditor: MERCHANT,
    debtor,
    redirectUri: w.redirectUri,
    state: `fc-${n}`,
    idempotencyKey: `fc-consent-${n}`,
  });
  const redirect = await w.approve(consent.authorizationUrl);
  const answer = answerOf(redirect, `fc-${n}`);
  return { consent, code: answer.code, answer };
}

test('funds confirmation at the sandbox bank, and paybank asking before it submits', async (t) => {
  const w = await bankWorld(t);
  // The same bank with `fundsConfirmation: true`: the adapter built as the registry builds it.
  const confirming = new OpenBankingProvider(
    { ...sandboxProviderConfig(w.config.sandboxBankUrl, w.config.dataDir), fundsConfirmation: true },
    await sandboxCredentials(w.config.dataDir),
    { db: w.deps.db, clock: w.clock, secrets: w.deps.secrets, dispatcher: w.dispatcher, backoffMs: 10 },
  );
  t.after(() => confirming.close());

  await t.test('only the customer’s token of the consent may ask the bank', async () => {
    const { consent, code } = await authorised(w, CAROL, 400);
    const before = await clientToken(w, 'payments');
    const early = await bankCall(w, {
      method: 'GET',
      path: `/open-banking/v3.1/pisp/domestic-payment-consents/${consent.consentId}/funds-confirmation`,
      token: before,
    });
    assert.equal(early.status, 403, 'a client-credentials token is not the customer’s');
    assert.equal(early.json().Errors[0].ErrorCode, 'UK.OBIE.Resource.ConsentMismatch');
    await w.bank.completeAuthorisation({ consentId: consent.consentId, code, redirectUri: w.redirectUri });
    const after = await bankCall(w, {
      method: 'GET',
      path: `/open-banking/v3.1/pisp/domestic-payment-consents/${consent.consentId}/funds-confirmation`,
      token: await clientToken(w, 'payments'),
    });
    assert.equal(after.status, 403, 'nor after the authorisation: only the customer’s token confirms funds');
  });

  await t.test('Carol (£5.00) cannot cover £30: nothing is submitted, nothing moves', async () => {
    const accounts = await w.accounts();
    const { consent, answer } = await authorised(w, CAROL, 3_000);
    await confirming.completeAuthorisation({
      consentId: consent.consentId,
      redirectUri: w.redirectUri,
      ...answer,
    });
    await assert.rejects(
      confirming.submitPayment({ consentId: consent.consentId, idempotencyKey: `fc-pay-${n}` }),
      (err: unknown) =>
        err instanceof BankError &&
        err.reason === 'insufficient_funds' &&
        /not have enough money/.test(err.message),
    );
    assert.deepEqual(await w.accounts(), accounts, 'no money moved');
    const payments = await w.deps.db
      .selectFrom('sandbox_bank_payments')
      .select('id')
      .where('consent_id', '=', consent.consentId)
      .execute();
    assert.equal(payments.length, 0, 'the payment was never submitted');
    assert.equal((await confirming.getPaymentConsent(consent.consentId)).status, 'authorised');
  });

  await t.test('Alice can cover it: confirmed, then submitted and settled', async () => {
    const before = await w.balance(ALICE);
    const { consent, answer } = await authorised(w, ALICE, 3_000);
    await confirming.completeAuthorisation({
      consentId: consent.consentId,
      redirectUri: w.redirectUri,
      ...answer,
    });
    const calls = w.dispatcher.obCount;
    const submitted = await confirming.submitPayment({
      consentId: consent.consentId,
      idempotencyKey: `fc-pay-${n}`,
    });
    assert.ok(w.dispatcher.obCount >= calls + 3, 'consent read, funds confirmed, payment posted');
    assert.equal((await confirming.getPayment(submitted.paymentId)).status, 'completed');
    assert.equal(await w.balance(ALICE), before - 3_000);
  });
});
