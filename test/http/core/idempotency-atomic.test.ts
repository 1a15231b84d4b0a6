// Issue 12 item 2: the stored answer of an Idempotency-Key commits with the write it protects, or
// neither does; the fingerprint of a request does not depend on the order of its fields.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { inRequestTransaction } from '../../../src/store/transaction.js';
import { buildTestApp, ENGINE, type TestApp } from '../../helpers/app.js';
import { accountsUrl } from '../../helpers/bank-accounts.js';
import { connectWorld } from '../../helpers/bank-connect.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';

/** Makes every attempt to store a finished answer fail, as a crash right after the write would. */
async function refuseAnswers(app: TestApp): Promise<() => Promise<void>> {
  const db = app.deps.db;
  if (ENGINE === 'sqlite') {
    for (const event of ['INSERT', 'UPDATE']) {
      await sql
        .raw(`create trigger refuse_answer_${event} before ${event} on idempotency_keys when new.state = 'done'
              begin select raise(abort, 'injected fault'); end`)
        .execute(db);
    }
    return async () => {
      for (const event of ['INSERT', 'UPDATE'])
        await sql.raw(`drop trigger refuse_answer_${event}`).execute(db);
    };
  }
  await sql
    .raw(`create function refuse_answer() returns trigger language plpgsql as $$
          begin if new.state = 'done' then raise exception 'injected fault'; end if; return new; end $$`)
    .execute(db);
  await sql
    .raw(
      'create trigger refuse_answer before insert or update on idempotency_keys for each row execute function refuse_answer()',
    )
    .execute(db);
  return async () => {
    await sql.raw('drop trigger refuse_answer on idempotency_keys').execute(db);
  };
}

async function paymentCount(app: TestApp): Promise<number> {
  const row = await app.deps.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

test('a payment whose answer could not be stored is not created; the retry creates it once', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const call = () =>
    app.call({
      method: 'POST',
      url: '/merchant/v1/payments/process',
      headers: { ...m.headers, 'idempotency-key': 'pay-1' },
      payload: paymentBody(),
    });
  const allow = await refuseAnswers(app);
  const failed = await call();
  assert.equal(failed.statusCode, 500, failed.body);
  assert.equal(await paymentCount(app), 0, 'the write rolled back with its answer');
  await allow();

  const retried = await call();
  assert.equal(retried.statusCode, 200, retried.body);
  assert.equal(retried.headers['idempotent-replayed'], undefined);
  const replayed = await call();
  assert.equal(replayed.headers['idempotent-replayed'], 'true');
  assert.deepEqual(replayed.json(), retried.json());
  assert.equal(await paymentCount(app), 1);
});

test('a refund whose answer could not be stored changes nothing; its retry refunds once', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody(),
  });
  const id = created.json().result.id as string;
  // Paid, as the bank would have settled it (the refund rules are not what this test is about).
  await app.deps.db.updateTable('payments').set({ status: 'paid' }).where('id', '=', id).execute();
  const refund = () =>
    app.call({
      method: 'POST',
      url: `/merchant/v1/payments/${id}/refund`,
      headers: { ...m.headers, 'idempotency-key': 'refund-1' },
      payload: {
        amount: '10.00',
        payeeAccountInfo: { name: 'Cara', externalAccountId: '12345678', identification: '123456' },
      },
    });
  const allow = await refuseAnswers(app);
  assert.equal((await refund()).statusCode, 500);
  const untouched = await app.deps.db
    .selectFrom('payments')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  assert.equal(untouched?.status, 'paid');
  await allow();
  const first = await refund();
  assert.equal(first.statusCode, 200, first.body);
  const again = await refund();
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.json(), first.json());
  const refunds = await app.deps.db.selectFrom('refunds').select('id').where('payment_id', '=', id).execute();
  assert.equal(refunds.length, 1);
});

test('the same fields in another order are the same request', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const body = paymentBody();
  const reversed = Object.fromEntries(Object.entries(body).reverse());
  const headers = { ...m.headers, 'idempotency-key': 'order' };
  const url = '/merchant/v1/payments';
  const first = await app.call({ method: 'POST', url, headers, payload: body });
  const again = await app.call({ method: 'POST', url, headers, payload: reversed });
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.json().result.id, first.json().result.id);
  assert.equal(await paymentCount(app), 1);
});

test('connect via app asks the bank outside any transaction; its key replays the link', async (t) => {
  const world = await connectWorld(t);
  const headers = { ...world.partner.terminalHeaders, 'idempotency-key': 'connect-1' };
  const url = accountsUrl(world.companyId, '/connect');
  const first = await world.http('POST', url, headers, { provider: 'ob-sandbox' });
  assert.equal(first.status, 200, JSON.stringify(first.json));
  const again = await world.http('POST', url, headers, { provider: 'ob-sandbox' });
  assert.deepEqual(again.json, first.json);
  // A bank asked inside a request's transaction would hold the database meanwhile: refused outright.
  await assert.rejects(
    inRequestTransaction(world.app.deps.store.db, async () => world.app.deps.banks.get('ob-sandbox')),
    /inside a request transaction/,
  );
});
