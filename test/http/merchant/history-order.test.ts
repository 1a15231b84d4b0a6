// Actions recorded at the same instant keep the order they were recorded in: create-and-process
// records `draft` then `sent` in one transaction, and the history must never show them swapped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OffsetClock } from '../../../src/domain/clock.js';
import { buildTestApp } from '../../helpers/app.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';
import { createRecurring } from '../../helpers/recurring.js';

/** A clock that never moves: every action of a request gets the same timestamp. */
class FrozenClock extends OffsetClock {
  override now(): Date {
    return new Date('2027-03-01T10:00:00.000Z');
  }
}

test('one-off and recurring histories keep their order when actions share a timestamp', async (t) => {
  const app = await buildTestApp(t, {}, { clock: new FrozenClock() });
  const m = await merchant(app);
  for (let i = 0; i < 12; i++) {
    const res = await app.call({
      method: 'POST',
      url: '/merchant/v1/payments/process',
      headers: m.headers,
      payload: paymentBody(),
    });
    assert.equal(res.statusCode, 200, res.body);
    const { result } = res.json();
    const statuses = (r: { actionsHistory: Array<{ newEntityState: { status: string } }> }) =>
      r.actionsHistory.map((a) => a.newEntityState.status);
    assert.deepEqual(statuses(result), ['draft', 'sent']);

    const recurring = await createRecurring(app, m, {}, true);
    assert.deepEqual(
      recurring.actionsHistory.map((a: { newEntityState: { status: string } }) => a.newEntityState.status),
      ['draft', 'sent'],
    );
  }
});
