import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createBankAccount, eventsFor, setStatus } from '../../helpers/bank-accounts.js';
import { tenant } from '../../helpers/fixtures.js';

test('each status change answers the account and queues both webhooks for the owning partner', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const account = await createBankAccount(app, partner, company.id);
  const moves: Array<[string, string]> = [
    ['manual_review_required', 'manual review required'],
    ['verified', 'verified'],
    ['disabled', 'disabled'],
    ['pending', 'pending'],
  ];
  for (const [status, groupD] of moves) {
    const res = await setStatus(app, account.id, status);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().result.status, status);
    assert.equal(res.json().result.companyID, company.id);

    const [b] = (await eventsFor(app, account.id, 'status-update')).slice(-1);
    assert.equal(b?.destination_kind, 'partner');
    assert.equal(b?.destination_id, partner.id);
    assert.deepEqual(b?.payload, {
      eventScope: 'bank-accounts',
      eventName: 'status-update',
      id: account.id,
      sortCode: account.sortCode,
      accountNumber: account.accountNumber,
      name: account.name,
      provider: account.provider,
      isDefault: true,
      status,
      creationType: 'manual',
      createdAt: account.createdAt,
      bankStatementAttachmentURL: account.bankStatementAttachmentURL,
      bankConsentExpired: null,
      companyID: company.id,
    });
    const [d] = (await eventsFor(app, account.id, 'bank_account_status_update')).slice(-1);
    assert.equal(d?.destination_id, partner.id);
    assert.deepEqual(d?.payload, {
      event_name: 'bank_account_status_update',
      merchantId: company.id,
      bankAccountId: account.id,
      status: groupD,
      connection_type: 'manual',
    });
  }
  assert.equal((await eventsFor(app, account.id)).length, moves.length * 2);
});

test('400 for an unknown status, 404 for an unknown account, 409 for a move the table does not allow, 401 without the token', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const account = await createBankAccount(app, partner, company.id);
  assert.equal((await setStatus(app, account.id, 'manual review required')).statusCode, 400);
  assert.equal((await setStatus(app, account.id, 'active')).statusCode, 400);
  assert.equal((await setStatus(app, '0123456789abcdef01234567', 'verified')).statusCode, 404);
  assert.equal((await setStatus(app, 'nope', 'verified')).statusCode, 404);
  const same = await setStatus(app, account.id, 'pending');
  assert.equal(same.statusCode, 409);
  assert.match(same.json().detail, /cannot move to pending a bank account in status pending/);
  assert.equal((await setStatus(app, account.id, 'disabled')).statusCode, 200);
  assert.equal((await setStatus(app, account.id, 'manual_review_required')).statusCode, 409);
  assert.equal((await eventsFor(app, account.id)).length, 2, 'refused moves send nothing');
  const anonymous = await app.call({
    method: 'POST',
    url: `/admin/v1/bank-accounts/${account.id}/status`,
    payload: { status: 'verified' },
  });
  assert.equal(anonymous.statusCode, 401);
});
