// Status polling with back-off after the customer's return (issue 13 item 9): every few seconds in the
// first minute, then minutes, then hours; after 5 days undecided, flagged for an operator and left.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { syncPaymentsWithBanks } from '../../src/domain/payments/bank-sync-job.js';
import { pollDelayMs } from '../../src/domain/payments/status-polling.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, payAtSandbox, statusOf } from '../helpers/payment-flow.js';

test('the delay grows with the age of the submission', () => {
  assert.equal(pollDelayMs(0), 5_000);
  assert.equal(pollDelayMs(59_000), 5_000);
  assert.equal(pollDelayMs(60_000), 60_000);
  assert.equal(pollDelayMs(3_600_000), 15 * 60_000);
  assert.equal(pollDelayMs(2 * 86_400_000), 3_600_000);
});

test('an undecided payment is polled with back-off and flagged after 5 days', async (t) => {
  const app = await buildListeningApp(t, { SANDBOX_SETTLEMENT: 'manual' });
  const m = await merchant(app);
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-POLL', amount: '4.00' },
  });
  assert.equal(created.status, 200, created.text);
  const { id, link } = created.json().result;
  await payAtSandbox(app, 'payment', link);
  assert.equal(await statusOf(app, m, id), 'pending');
  const row = () =>
    app.deps.db
      .selectFrom('payment_attempts')
      .select(['polling_since', 'next_poll_at', 'attention_at', 'updated_at'])
      .where('payment_id', '=', id)
      .where('status', '=', 'submitted')
      .executeTakeFirstOrThrow();
  const polls = async () => {
    const before = (await row()).next_poll_at;
    await syncPaymentsWithBanks(app.deps);
    return (await row()).next_poll_at !== before;
  };

  app.clock.advance(6_000);
  assert.equal(await polls(), true, 'first poll');
  const first = await row();
  // The pause chosen at a poll: next_poll_at less the poll's own time (updated_at).
  const gap = (r: { next_poll_at?: string | null; updated_at: string }) =>
    Date.parse(r.next_poll_at ?? '') - Date.parse(r.updated_at);
  assert.equal(gap(first), 5_000, 'every 5 s in the first minute');
  assert.equal(await polls(), false, 'not due yet');
  app.clock.advance(60_000);
  assert.equal(await polls(), true);
  assert.equal(gap(await row()), 60_000, 'then every minute');
  app.clock.advance(2 * 3_600_000);
  assert.equal(await polls(), true);
  assert.equal(gap(await row()), 15 * 60_000, 'then every quarter of an hour');
  app.clock.advance(2 * 86_400_000);
  assert.equal(await polls(), true);
  assert.equal(gap(await row()), 3_600_000, 'then hourly');
  assert.equal((await row()).attention_at, null);

  app.clock.advance(3 * 86_400_000);
  const report = await syncPaymentsWithBanks(app.deps);
  assert.equal(report.needsAttention, 1);
  const flagged = await row();
  assert.ok(flagged.attention_at, 'flagged for an operator');
  assert.equal(flagged.next_poll_at, null);
  app.clock.advance(86_400_000);
  assert.equal((await syncPaymentsWithBanks(app.deps)).needsAttention, 0, 'no longer polled');
  assert.equal(await statusOf(app, m, id), 'pending');
});
