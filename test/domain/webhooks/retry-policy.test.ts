// Every schedule that retries at all is a span of time (3 days for webhooks, a week for e-mail), never a
// count that gives up within minutes: the class of defect that lost payment webhooks after 3.5 min.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAIL_HORIZON,
  MAIL_RETRIES,
  retriesUpTo,
  WEBHOOK_HORIZON,
  webhookRetries,
} from '../../../src/domain/events/retry-policy.js';

const sum = (delays: readonly number[]) => delays.reduce((total, delay) => total + delay, 0);
const DAY = 86_400_000;

test('every retried webhook keeps trying until 3 days after its first attempt, starting 30, 60, 120 s', () => {
  const retried = [
    webhookRetries('integration', 'payment.status_updated', true),
    webhookRetries('integration', 'recurring_payment.item_updated', true),
    webhookRetries('integration', 'status-update', false),
    webhookRetries('partner', 'company_verification_status_update', false),
  ];
  for (const schedule of retried) {
    assert.deepEqual(schedule.slice(0, 3), [30_000, 60_000, 120_000]);
    assert.equal(sum(schedule), WEBHOOK_HORIZON);
    assert.equal(WEBHOOK_HORIZON, 3 * DAY);
    assert.ok(
      schedule.every((delay) => delay > 0 && delay <= DAY),
      'no gap longer than a day',
    );
  }
  assert.deepEqual(webhookRetries('integration', 'payment.status_updated', false), []);
});

test('e-mail keeps trying for a week; any horizon is met exactly', () => {
  assert.equal(sum(MAIL_RETRIES), MAIL_HORIZON);
  assert.equal(MAIL_HORIZON, 7 * DAY);
  for (const horizon of [DAY / 2, DAY, 1.5 * DAY, 10 * DAY]) {
    assert.equal(sum(retriesUpTo(horizon, [1000, 2000])), horizon, String(horizon));
  }
});
