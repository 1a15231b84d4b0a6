// 20 refund requests racing on one paid payment never refund more than was paid (both engines).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../../helpers/listening-app.js';
import { merchant } from '../../helpers/merchant.js';
import { http, paidPayment, payAtSandbox, statusOf } from '../../helpers/payment-flow.js';

test('20 concurrent refund requests: one starts, the others are 409; refunds never exceed what was paid', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const { id } = await paidPayment(app, m, { amount: '25.50' });
  const race = (body: Record<string, unknown>) =>
    Promise.all(
      Array.from({ length: 20 }, () =>
        http(app, 'POST', `/merchant/v1/payments/${id}/refund`, { headers: m.headers, body }),
      ),
    );

  const round1 = await race({ amount: '20.00' });
  assert.deepEqual(
    round1.map((r) => r.status).sort(),
    [200, ...Array(19).fill(409)],
    round1.map((r) => r.text).join('\n'),
  );
  const started = round1.find((r) => r.status === 200)!.json().result;
  await payAtSandbox(app, 'refund', started.refundLink);
  assert.equal(await statusOf(app, m, id), 'partial_refund');

  // 5.50 is left: requests for 20.00 are refused outright, a full refund of the rest wins once.
  const round2 = await race({});
  assert.equal(round2.filter((r) => r.status === 200).length, 1);
  await payAtSandbox(app, 'refund', round2.find((r) => r.status === 200)!.json().result.refundLink);
  assert.equal(await statusOf(app, m, id), 'refunded');

  const round3 = await race({ amount: '0.01' });
  assert.ok(round3.every((r) => r.status === 409));

  const refunds = await app.deps.db.selectFrom('refunds').selectAll().where('payment_id', '=', id).execute();
  const total = refunds.reduce((sum, r) => sum + Number(r.amount), 0);
  assert.equal(refunds.length, 2);
  assert.equal(total, 2550, 'refunded exactly what was paid, never more');
  const row = await app.deps.db
    .selectFrom('payments')
    .select('refunded_amount')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(Number(row.refunded_amount), 2550);
});
