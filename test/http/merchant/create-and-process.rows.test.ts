// Create-and-process writes in one go (issue 14): the payment already `sent`, both history rows, the
// webhook from the data in hand, the count; it reads nothing back. What it stores and answers must be what
// a create and then a process store and answer, on both engines, with and without the e-mail (which
// takes the transaction path on PostgreSQL).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';

type Json = Record<string, unknown>;

/** What does not depend on when or under which ids the rows were written. */
function comparable(value: unknown, ids: string[]): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v) =>
      ['createdAt', 'timestamp', 'updatedAt', 'eventId'].includes(key)
        ? 'T'
        : typeof v === 'string' && ids.some((id) => v.includes(id))
          ? 'ID'
          : key === 'link' || key === 'qrCodeData'
            ? v && 'LINK'
            : v,
    ),
  );
}

test('create-and-process stores and answers what create then process do', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const db = app.deps.db;
  const rowsOf = async (id: string) => ({
    payment: await db
      .selectFrom('payments')
      .select(['status', 'amount', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    actions: await db
      .selectFrom('payment_actions')
      .select(['action', 'seq', 'snapshot'])
      .where('payment_id', '=', id)
      .orderBy('seq')
      .execute(),
    events: await db
      .selectFrom('events')
      .select(['event_name', 'payload', 'partner_id', 'order_key', 'state'])
      .where('resource_id', '=', id)
      .execute(),
  });
  const total = async () =>
    Number(
      (await app.call({ method: 'GET', url: '/merchant/v1/payments', headers: m.headers })).headers[
        'x-total-count'
      ],
    );

  for (const body of [paymentBody(), paymentBody({ customerEmail: undefined, customerEmailCC: undefined })]) {
    const before = await total();
    const once = await app.call({
      method: 'POST',
      url: '/merchant/v1/payments/process',
      headers: m.headers,
      payload: body,
    });
    assert.equal(once.statusCode, 200, once.body);
    const draft = await app.call({
      method: 'POST',
      url: '/merchant/v1/payments',
      headers: m.headers,
      payload: body,
    });
    assert.equal(draft.statusCode, 200, draft.body);
    const twice = await app.call({
      method: 'POST',
      url: `/merchant/v1/payments/${draft.json().result.id}/process`,
      headers: m.headers,
    });
    assert.equal(twice.statusCode, 200, twice.body);
    const a = once.json().result as Json;
    const b = twice.json().result as Json;
    const ids = [a.id as string, b.id as string];
    const stored = await rowsOf(a.id as string);
    const other = await rowsOf(b.id as string);
    // The webhook of create then process carries that payment's processed form: the same as this answer.
    assert.deepEqual(comparable(a, ids), comparable(JSON.parse(other.events[0]!.payload).data, ids));
    assert.equal(a.status, 'sent');
    assert.deepEqual(
      (a.actionsHistory as Array<{ newEntityState: Json }>).map((x) => x.newEntityState.status),
      ['draft', 'sent'],
    );

    assert.deepEqual(comparable(stored, ids), comparable(other, ids));
    assert.deepEqual(
      stored.actions.map((x) => [x.action, x.seq]),
      [
        ['create', 1],
        ['process', 2],
      ],
    );
    assert.equal(stored.events.length, 1);
    // The webhook carries the answer, and the history stored is the history answered.
    assert.deepEqual(JSON.parse(stored.events[0]!.payload).data, a);
    assert.deepEqual(
      stored.actions.map((x) => JSON.parse(x.snapshot)),
      (a.actionsHistory as Array<{ newEntityState: Json }>).map((x) => x.newEntityState),
    );
    const got = await app.call({ method: 'GET', url: `/merchant/v1/payments/${a.id}`, headers: m.headers });
    assert.equal(got.json().result.status, 'sent');
    assert.equal(await total(), before + 2);
  }
});
