// @paybank/client against a real service on a socket: the README's tenant set up through the operator
// and terminal clients, then idempotent retries, typed errors, both paging forms and verified webhooks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import {
  createMerchantClient,
  PaybankError,
  type PaymentStatus,
  retryAfterMs,
  verifyWebhook,
  WebhookVerificationError,
} from '../../packages/client/src/index.js';
import { webhooksDocument } from '../../src/http/webhook-schemas.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { payAtSandbox } from '../helpers/payment-flow.js';
import { startCatcher, startProxy, tenantThroughClient } from './helpers.js';

const order = (n: number) => ({ invoiceRefNumber: `ORD-${n}`, amount: '12.50', type: 'link' as const });

test('@paybank/client against the service', async (t) => {
  const app = await buildListeningApp(t);
  const catcher = await startCatcher(t);
  const tenant = await tenantThroughClient(app.baseUrl, catcher.url);
  const proxy = await startProxy(t, app.baseUrl);
  const viaProxy = (options: { maxRetries?: number; maxDelayMs?: number } = {}) =>
    createMerchantClient({ ...tenant.merchantOptions, baseUrl: proxy.url, baseDelayMs: 10, ...options });

  await t.test(
    'a write whose answer is lost is retried with the same Idempotency-Key and runs once',
    async () => {
      proxy.seen.length = 0;
      proxy.plan(['drop', { status: 503 }, 'forward']);
      const created = await viaProxy().payments.createAndProcess(order(1));
      assert.equal(proxy.seen.length, 3);
      const keys = new Set(proxy.seen.map((s) => s.idempotencyKey));
      assert.equal(keys.size, 1);
      assert.ok([...keys][0]);
      const all = await tenant.merchant.payments.list().toArray();
      assert.deepEqual(
        all.filter((p) => p.invoiceRefNumber === 'ORD-1').map((p) => p.id),
        [created.result.id],
      );
    },
  );

  await t.test('each write gets its own key unless one is given; reads carry none', async () => {
    proxy.seen.length = 0;
    const client = viaProxy();
    const a = await client.payments.create(order(2));
    await client.payments.create(order(3));
    await client.payments.get(a.result.id);
    const again = await client.payments.create(order(2), { idempotencyKey: 'order-2' });
    const replay = await client.payments.create(order(2), { idempotencyKey: 'order-2' });
    assert.equal(replay.result.id, again.result.id);
    const [k1, k2, read, k3, k4] = proxy.seen.map((s) => s.idempotencyKey);
    assert.ok(k1 && k2 && k1 !== k2);
    assert.equal(read, undefined);
    assert.equal(k3, 'order-2');
    assert.equal(k4, 'order-2');
  });

  await t.test(
    '429 is retried after its Retry-After, and answered when that is too long to wait',
    async () => {
      proxy.seen.length = 0;
      proxy.plan([{ status: 429, headers: { 'retry-after': '0' } }, { status: 502 }, 'forward']);
      const listed = await viaProxy().payments.list({ limit: 1 }).page();
      assert.equal(listed.items.length, 1);
      assert.equal(proxy.seen.length, 3);

      proxy.seen.length = 0;
      proxy.plan([{ status: 429, headers: { 'retry-after': '120' } }]);
      const error = await viaProxy({ maxDelayMs: 1000 })
        .payments.create(order(4))
        .catch((e: unknown) => e);
      assert.ok(error instanceof PaybankError);
      assert.equal(error.status, 429);
      assert.equal(error.headers.get('retry-after'), '120');
      assert.equal(proxy.seen.length, 1);

      assert.equal(retryAfterMs('3'), 3000);
      assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4000), 6000);
      assert.equal(retryAfterMs(null), undefined);
    },
  );

  await t.test('retries end: the last failure is answered as a PaybankError', async () => {
    proxy.seen.length = 0;
    proxy.plan([{ status: 503 }, { status: 503 }, { status: 503 }]);
    const error = await viaProxy({ maxRetries: 2 })
      .payments.get('0123456789abcdef01234567')
      .catch((e: unknown) => e);
    assert.ok(error instanceof PaybankError);
    assert.equal(error.status, 503);
    assert.equal(proxy.seen.length, 3);
  });

  await t.test('error answers are PaybankErrors narrowed by code', async () => {
    const m = tenant.merchant;
    const invalid = await m.payments
      .createAndProcess({ ...order(5), amount: '12.5' })
      .catch((e: unknown) => e);
    assert.ok(invalid instanceof PaybankError);
    assert.ok(invalid.is('validation_failed'));
    assert.equal(invalid.status, 400);
    assert.equal(invalid.errors[0]?.field, '/amount');
    assert.ok(invalid.requestId);

    const missing = await m.payments.get('0123456789abcdef01234567').catch((e: unknown) => e);
    assert.ok(missing instanceof PaybankError && missing.is('not_found'));

    const sent = await m.payments.createAndProcess(order(6));
    const early = await m.payments.refund(sent.result.id, { amount: '1.00' }).catch((e: unknown) => e);
    assert.ok(early instanceof PaybankError && early.is('invalid_state'));

    await m.payments.create(order(7), { idempotencyKey: 'reused-key' });
    const reused = await m.payments
      .create(order(8), { idempotencyKey: 'reused-key' })
      .catch((e: unknown) => e);
    assert.ok(reused instanceof PaybankError && reused.is('idempotency_key_reused'));
    assert.equal(reused.status, 422);

    const stranger = createMerchantClient({
      baseUrl: app.baseUrl,
      integrationId: tenant.integrationId,
      secretKey: '00000000-0000-4000-8000-000000000000',
    });
    const denied = await stranger.payments.get(sent.result.id).catch((e: unknown) => e);
    assert.ok(denied instanceof PaybankError && denied.is('unauthorized'));
    assert.equal(denied.problem.type, 'https://paybank.dev/problems/unauthorized');

    // The initiate endpoint's expired link answers text/plain (spec part 7): still one PaybankError.
    const expired = await m.raw
      .POST('/public/v1/payments/initiate', {
        body: { type: 'payment', id: 'no-such-token', externalId: 'ob-sandbox' },
      })
      .then(({ error, response }) => PaybankError.from(response, error));
    assert.ok(expired.is('unauthorized'));
    assert.equal(expired.problem.detail, 'API token is expired');
  });

  await t.test('pagination: group A arrays, group B/C envelopes and group D envelopes', async () => {
    const m = tenant.merchant;
    for (let n = 20; n < 25; n++) await m.payments.create(order(n));
    const total = (await m.payments.list({ limit: 1 }).page()).total;
    assert.ok(total >= 5);
    const pages = [];
    for await (const page of m.payments.list({ limit: 2 }).pages()) pages.push(page);
    assert.equal(pages.length, Math.ceil(total / 2));
    const ids: string[] = [];
    for await (const p of m.payments.list({ limit: 2 })) ids.push(p.id);
    assert.equal(ids.length, total);
    assert.equal(new Set(ids).size, total);

    for (const n of [1, 2]) {
      await tenant.terminal.bankAccounts.create(tenant.companyId, {
        sortCode: '040004',
        accountNumber: `2222000${n}`,
        name: `Account ${n}`,
        provider: 'ob-sandbox',
        bankStatementAttachmentURL: 'https://files.example/statement.pdf',
      });
    }
    const accounts = await tenant.terminal.bankAccounts.list(tenant.companyId, { limit: 1 }).toArray();
    assert.equal(accounts.length, 3);
    assert.equal(new Set(accounts.map((a) => a.id)).size, 3);
    const integrations = await tenant.terminal.integrations.list(tenant.companyId, { limit: 1 }).toArray();
    assert.deepEqual(
      integrations.map((i) => i.id),
      [tenant.integrationId],
    );

    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await tenant.partner.payments.create(tenant.companyId, {
        invoiceRefNumber: `p-${n}`,
        amount: '5.00',
        bankAccount: tenant.bankAccountId,
      });
      made.unshift(created.result.id);
    }
    const partnerPayments = await tenant.partner.payments.list(tenant.companyId, { limit: 2 }).toArray();
    // Newest first, across pages: the three just made lead the list.
    assert.deepEqual(
      partnerPayments.slice(0, 3).map((p) => p.id),
      made,
    );
    const second = await tenant.partner.payments.list(tenant.companyId, { limit: 2, page: 2 }).page();
    assert.equal(second.page, 2);
    const companies = await tenant.partner.companies.list({ limit: 1 }).toArray();
    assert.deepEqual(
      companies.map((c) => c.id),
      [tenant.companyId],
    );
  });

  await t.test('webhooks verify into typed events; tampered, old or wrongly signed ones do not', async () => {
    catcher.caught.length = 0;
    const m = tenant.merchant;
    const payment = await m.payments.createAndProcess(order(30));
    const link = payment.result.link;
    assert.ok(link);
    await payAtSandbox(app, 'payment', link);
    await drainOutbox(app.deps);
    const statuses: PaymentStatus[] = [];
    for (const { headers, raw } of catcher.caught) {
      const event = verifyWebhook(tenant.webhookSecret, headers, raw);
      assert.equal(event.id, headers['webhook-id']);
      if (event.type === 'payment.status_updated' && event.payload.data.id === payment.result.id) {
        statuses.push(event.payload.data.status);
      }
    }
    assert.deepEqual(statuses, ['sent', 'pending', 'paid']);

    const last = catcher.caught.at(-1);
    assert.ok(last);
    const tampered = last.raw.replace('"paid"', '"refunded"');
    assert.notEqual(tampered, last.raw);
    assert.throws(
      () => verifyWebhook(tenant.webhookSecret, last.headers, tampered),
      WebhookVerificationError,
    );
    assert.throws(
      () => verifyWebhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, last.headers, last.raw),
      WebhookVerificationError,
    );
    // Signed right, but ten minutes old: a replay.
    const old = new Date(Date.now() - 10 * 60_000);
    const signer = new Webhook(tenant.webhookSecret);
    const oldHeaders = {
      'webhook-id': 'msg_old',
      'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
      'webhook-signature': signer.sign('msg_old', old, last.raw),
    };
    assert.throws(() => verifyWebhook(tenant.webhookSecret, oldHeaders, last.raw), /too old/);

    // A rotated secret: for 24 hours each webhook carries both signatures; either secret verifies.
    const rotated = await tenant.terminal.integrations.rotateWebhookSecret(
      tenant.companyId,
      tenant.integrationId,
    );
    const newSecret = rotated.data.webhookSecret;
    assert.notEqual(newSecret, tenant.webhookSecret);
    catcher.caught.length = 0;
    await m.payments.refund(payment.result.id, { amount: '1.00' });
    await drainOutbox(app.deps);
    const refundStarted = catcher.caught.at(-1);
    assert.ok(refundStarted);
    assert.equal(refundStarted.headers['webhook-signature']?.split(' ').length, 2);
    for (const secrets of [newSecret, tenant.webhookSecret, [newSecret], [tenant.webhookSecret, newSecret]]) {
      const event = verifyWebhook(secrets, refundStarted.headers, refundStarted.raw);
      assert.equal(event.type, 'payment.status_updated');
      if (event.type === 'payment.status_updated') assert.equal(event.payload.data.status, 'refund_started');
    }
    assert.throws(
      () => verifyWebhook([], refundStarted.headers, refundStarted.raw),
      WebhookVerificationError,
    );
    assert.throws(
      () =>
        verifyWebhook(
          newSecret,
          refundStarted.headers,
          refundStarted.raw.replace('"refund_started"', '"refunded"'),
        ),
      WebhookVerificationError,
    );
  });
});

test("verifyWebhook types every webhook of the service's document, and only those", () => {
  const secret = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
  const signer = new Webhook(secret);
  for (const eventName of [...Object.keys(webhooksDocument()), 'something.new']) {
    const body = JSON.stringify(
      eventName.includes('_') && !eventName.includes('.') ? { event_name: eventName } : { eventName },
    );
    const at = new Date();
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)) };
    const signed = { ...headers, 'webhook-signature': signer.sign('msg_1', at, body) };
    const event = verifyWebhook(secret, signed, body);
    assert.equal(event.type, eventName === 'something.new' ? 'unknown' : eventName, eventName);
  }
});
