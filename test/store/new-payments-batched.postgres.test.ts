// Create-and-process on PostgreSQL's root database goes out with the other creates of the moment, in one
// statement (payment.repository insertProcessedPaymentAtOnce, store/write-batcher.ts). Each payment must
// be stored whole, every column in its place, and counted once under its own company and integration;
// a member that fails must not fail the others. Registered on PostgreSQL runs only: SQLite's creates
// share a transaction by group commit instead (group-commit.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { newId, newToken } from '../../src/domain/ids.js';
import type { Payment, PaymentAction } from '../../src/domain/payments/payment.js';
import {
  findPayment,
  insertProcessedPaymentAtOnce,
  listActions,
  toPayment,
} from '../../src/domain/payments/payment.repository.js';
import { buildTestApp, ENGINE } from '../helpers/app.js';
import { type Merchant, merchant, paymentBody } from '../helpers/merchant.js';

if (ENGINE === 'postgres') {
  test('creates made at once share statements; each is stored whole and counted once; a failing one fails alone', async (t) => {
    const app = await buildTestApp(t);
    const db = app.deps.db;
    const [m, other] = [await merchant(app), await merchant(app)] as [Merchant, Merchant];
    const first = await app.call({
      method: 'POST',
      url: '/merchant/v1/payments/process',
      headers: m.headers,
      payload: paymentBody({ customerEmail: undefined, customerEmailCC: undefined }),
    });
    assert.equal(first.statusCode, 200, first.body);
    const scope = { companyId: m.companyId, integrationId: m.integrationId };
    const model = (await findPayment(db, scope, first.json().result.id)) as Payment;
    const history = (await listActions(db, model.id)) as [PaymentAction, PaymentAction];
    const { seq: _seq, ...event } = await db
      .selectFrom('events')
      .selectAll()
      .where('resource_id', '=', model.id)
      .executeTakeFirstOrThrow();

    /** A new payment like the model, of `of`'s integration. */
    const copy = (of: Merchant, patch: Partial<Payment> = {}) => {
      const payment: Payment = {
        ...model,
        id: newId(),
        companyId: of.companyId,
        integrationId: of.integrationId,
        bankAccountId: of.bankAccountId,
        invoiceRefNumber: `B-${Math.floor(Math.random() * 1e6)}`,
        amountPence: 100 + Math.floor(Math.random() * 1e5),
        linkToken: newToken(),
        ...patch,
      };
      const row = {
        ...event,
        id: newId(),
        destination_id: of.integrationId,
        partner_id: of.partner.id,
        resource_id: payment.id,
        order_key: `integration:${of.integrationId}:payment:${payment.id}`,
        payload: JSON.stringify({ paymentId: payment.id }),
      };
      return { payment, row, write: () => insertProcessedPaymentAtOnce(db, payment, history, row) };
    };
    const stored = async (id: string) => {
      const payment = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
      const actions = await db
        .selectFrom('payment_actions')
        .select(['action', 'seq', 'created_at', 'snapshot'])
        .where('payment_id', '=', id)
        .orderBy('seq')
        .execute();
      const events = await db.selectFrom('events').selectAll().where('resource_id', '=', id).execute();
      return {
        payment: payment && toPayment(payment),
        actions: actions.map((a) => ({
          seq: a.seq,
          action: a.action,
          timestamp: a.created_at,
          snapshot: JSON.parse(a.snapshot),
        })),
        events: events.map(({ seq: _s, ...e }) => e),
      };
    };
    const whole = (c: ReturnType<typeof copy>) => ({
      payment: c.payment,
      actions: history.map((h, i) => ({ seq: i + 1, ...h })),
      events: [c.row],
    });
    const live = async (of: Merchant) =>
      Number(
        (
          await db
            .selectFrom('payment_counts')
            .select(sql<number>`coalesce(sum(live), 0)`.as('n'))
            .where('company_id', '=', of.companyId)
            .where('integration_id', '=', of.integrationId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Twelve in one turn of the event loop, of two companies: two go out at once (the limit in flight),
    // the ten that waited go out together when the first is done.
    const before = { m: await live(m), other: await live(other) };
    const together = Array.from({ length: 12 }, (_, i) => copy(i % 3 === 2 ? other : m));
    await Promise.all(together.map((c) => c.write()));
    const ids = together.map((c) => c.payment.id);
    const transactions = await sql<{ n: number }>`select count(distinct xmin::text)::int as n from payments
      where id in (${sql.join(ids)})`.execute(db);
    assert.equal(transactions.rows[0]?.n, 3, 'two alone, then ten in one statement');
    for (const c of together) assert.deepEqual(await stored(c.payment.id), whole(c));
    assert.deepEqual(
      { m: await live(m), other: await live(other) },
      { m: before.m + 8, other: before.other + 4 },
    );

    // One of a batch breaks a foreign key: it alone fails, with the database's error; the others are stored.
    const mixed = Array.from({ length: 10 }, (_, i) =>
      i === 6 ? copy(m, { companyId: 'no-such-company' }) : copy(i % 2 ? other : m),
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
        await stored(c.payment.id),
        i === 6 ? { payment: undefined, actions: [], events: [] } : whole(c),
      );
    }
    assert.deepEqual(
      { m: await live(m), other: await live(other) },
      { m: before.m + 8 + 4, other: before.other + 4 + 5 },
    );

    // In a transaction (an idempotent request's), it is written in that transaction, and goes with it.
    const inside = copy(m);
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await insertProcessedPaymentAtOnce(trx, inside.payment, history, inside.row);
        assert.deepEqual(
          (await trx.selectFrom('payments').select('id').where('id', '=', inside.payment.id).execute())
            .length,
          1,
        );
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.deepEqual(await stored(inside.payment.id), { payment: undefined, actions: [], events: [] });
  });
}
