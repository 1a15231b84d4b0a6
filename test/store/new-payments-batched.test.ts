// Create-and-process on PostgreSQL's root database goes out with the other creates of the moment, in one
// statement (payment.repository insertProcessedPaymentAtOnce, store/write-batcher.ts). Each payment must
// be stored whole and counted once, and a member that fails must not fail the others. Registered on
// PostgreSQL runs only: SQLite's creates share a transaction by group commit (group-commit.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { newId, newToken } from '../../src/domain/ids.js';
import type { Payment } from '../../src/domain/payments/payment.js';
import {
  findPayment,
  insertProcessedPaymentAtOnce,
  listActions,
} from '../../src/domain/payments/payment.repository.js';
import { buildTestApp, ENGINE } from '../helpers/app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';

if (ENGINE === 'postgres') {
  test('creates made at once share statements; each is stored whole and counted once; a failing one fails alone', async (t) => {
    const app = await buildTestApp(t);
    const m = await merchant(app);
    const db = app.deps.db;
    const scope = { companyId: m.companyId, integrationId: m.integrationId };
    const first = await app.call({
      method: 'POST',
      url: '/merchant/v1/payments/process',
      headers: m.headers,
      payload: paymentBody({ customerEmail: undefined, customerEmailCC: undefined }),
    });
    assert.equal(first.statusCode, 200, first.body);
    const model = (await findPayment(db, scope, first.json().result.id)) as Payment;
    const history = (await listActions(db, model.id)) as [
      Awaited<ReturnType<typeof listActions>>[number],
      Awaited<ReturnType<typeof listActions>>[number],
    ];
    const { seq: _seq, ...event } = await db
      .selectFrom('events')
      .selectAll()
      .where('resource_id', '=', model.id)
      .executeTakeFirstOrThrow();
    const copy = (patch: Partial<Payment> = {}) => {
      const payment = { ...model, id: newId(), linkToken: newToken(), ...patch };
      const row = {
        ...event,
        id: newId(),
        resource_id: payment.id,
        order_key: `${event.order_key}:${payment.id}`,
      };
      return { payment, write: () => insertProcessedPaymentAtOnce(db, payment, history, row) };
    };
    const live = async () =>
      Number(
        (
          await db
            .selectFrom('payment_counts')
            .select(sql<number>`coalesce(sum(live), 0)`.as('n'))
            .where('integration_id', '=', m.integrationId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const whole = async (id: string) => ({
      payments: (await db.selectFrom('payments').select('id').where('id', '=', id).execute()).length,
      actions: (
        await db
          .selectFrom('payment_actions')
          .select(['action', 'seq'])
          .where('payment_id', '=', id)
          .orderBy('seq')
          .execute()
      ).map((a) => `${a.seq}:${a.action}`),
      events: (await db.selectFrom('events').select('id').where('resource_id', '=', id).execute()).length,
    });

    // Ten in one turn of the event loop: two go out at once (the limit in flight), the eight that waited
    // go out together when the first is done.
    const before = await live();
    const together = Array.from({ length: 10 }, () => copy());
    await Promise.all(together.map((c) => c.write()));
    const ids = together.map((c) => c.payment.id);
    const transactions = await sql<{ n: number }>`select count(distinct xmin::text)::int as n from payments
      where id in (${sql.join(ids)})`.execute(db);
    assert.equal(transactions.rows[0]?.n, 3, 'two alone, then eight in one statement');
    for (const id of ids) {
      assert.deepEqual(await whole(id), { payments: 1, actions: ['1:create', '2:process'], events: 1 });
    }
    assert.equal(await live(), before + 10);

    // One of a batch breaks a foreign key: it alone fails, with the database's error; the others are stored.
    const mixed = Array.from({ length: 10 }, (_, i) =>
      i === 6 ? copy({ companyId: 'no-such-company' }) : copy(),
    );
    const outcomes = await Promise.all(
      mixed.map((c) =>
        c.write().then(
          () => 'stored',
          (err: { code?: string }) => err.code,
        ),
      ),
    );
    assert.deepEqual(
      outcomes,
      mixed.map((_, i) => (i === 6 ? '23503' : 'stored')),
    );
    for (const [i, c] of mixed.entries()) {
      assert.deepEqual(
        await whole(c.payment.id),
        i === 6
          ? { payments: 0, actions: [], events: 0 }
          : { payments: 1, actions: ['1:create', '2:process'], events: 1 },
      );
    }
    assert.equal(await live(), before + 19);
  });
}
