// What the data-API check reads (spec 2.2): a payment into a connected account is found among the
// account's incoming credits, read from the sandbox ledger through the bank adapter; one that never
// happened is not. (The check itself, moving the payment, belongs to the payments module.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dataApiCheckApplies,
  findBankAccountById,
  findMatchingCredit,
  listIncomingCredits,
} from '../../src/domain/bank-accounts/data-api-check.js';
import { accountsUrl, createBankAccount } from '../helpers/bank-accounts.js';
import { connectViaApp, connectWorld } from '../helpers/bank-connect.js';
import { answerOf } from '../helpers/sandbox-bank.js';

test('a payment into a connected account is found by amount and reference; a missing one is not', async (t) => {
  const world = await connectWorld(t);
  const { app, http, partner, companyId, customer } = world;
  await connectViaApp(world);
  const docs = (await http('GET', accountsUrl(companyId), partner.terminalHeaders)).json.data.docs;
  const target = customer.accounts[0]!;
  const connected = docs.find((d: { accountNumber: string }) => d.accountNumber === target.accountNumber);
  const account = (await findBankAccountById(app.deps, connected.id))!;
  assert.equal(dataApiCheckApplies(account), true);

  // A customer pays the merchant: a payment at the sandbox bank, as the payment flow makes it.
  const bank = app.deps.banks.get('ob-sandbox');
  const redirectUri = `${app.baseUrl}/public/v1/return`;
  const from = app.clock.now().toISOString();
  const consent = await bank.createPaymentConsent({
    amount: 4_250,
    reference: 'INV-7001',
    instructionId: 'dataapicheck0000000000001',
    creditor: { sortCode: target.sortCode, accountNumber: target.accountNumber, name: 'Acme Widgets Ltd' },
    redirectUri,
    state: 'data-api-check',
    idempotencyKey: 'data-api-check-1',
  });
  const approved = await http(
    'POST',
    '/sandbox/v1/authorizations/approve',
    {},
    {
      authorizationUrl: consent.authorizationUrl,
    },
  );
  const answer = answerOf(new URL(approved.json.redirectUrl), 'data-api-check');
  await bank.completeAuthorisation({ consentId: consent.consentId, redirectUri, ...answer });
  await bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'data-api-check-pay-1' });

  const range = { from, to: new Date(app.clock.now().getTime() + 60_000).toISOString() };
  const credits = await listIncomingCredits(app.deps, account, range);
  assert.ok(credits.every((c) => c.direction === 'credit'));
  const found = findMatchingCredit(credits, { amount: 4_250, reference: 'inv-7001 ' });
  assert.ok(found, 'the credit is read from the sandbox ledger');
  assert.equal(found.status, 'booked');
  assert.equal(
    findMatchingCredit(credits, { amount: 4_250, reference: 'INV-7001' }, new Set([found.transactionId])),
    undefined,
    'a credit matches one payment only',
  );
  assert.equal(findMatchingCredit(credits, { amount: 4_251, reference: 'INV-7001' }), undefined);
  assert.equal(
    findMatchingCredit(credits, { amount: 4_250, reference: 'INV-7002' }),
    undefined,
    'never paid',
  );

  const manual = await createBankAccount(app, partner, companyId);
  const manualAccount = (await findBankAccountById(app.deps, manual.id))!;
  assert.equal(dataApiCheckApplies(manualAccount), false, 'manual accounts: not_applicable');
  await assert.rejects(listIncomingCredits(app.deps, manualAccount, range), /not connected via the data API/);
});
