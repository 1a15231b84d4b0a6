import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';

test('time never goes backwards, and the amounts must be whole numbers', async (t) => {
  const app = await buildTestApp(t);
  const start = app.clock.now().getTime();
  for (const payload of [{ days: -1 }, { hours: 1.5 }, { seconds: '10' }, { days: 4000 }]) {
    const res = await app.call({ method: 'POST', url: '/sandbox/v1/clock/advance', payload });
    assert.equal(res.statusCode, 400, JSON.stringify(payload));
    assert.equal(res.json().code, 'validation_failed');
  }
  assert.ok(app.clock.now().getTime() - start < 5000, 'the clock did not move');
});

test('the clock controls exist only in the sandbox', async (t) => {
  const app = await buildTestApp(t, { SANDBOX: 'false' });
  const get = await app.call({ method: 'GET', url: '/sandbox/v1/clock' });
  assert.equal(get.statusCode, 404);
  const advance = await app.call({ method: 'POST', url: '/sandbox/v1/clock/advance', payload: { days: 1 } });
  assert.equal(advance.statusCode, 404);
});
