// A company's payment and recurring payment lists in the portal (issue 16, item 5): filtered by status
// and creation date, searched by reference; a recurring payment's page with its schedule, history and
// webhook deliveries.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { createPartnerPayment, draftPayment, partnerMerchant } from '../helpers/partner-payments.js';
import { signedInUser } from '../helpers/portal.js';
import { recurringBody } from '../helpers/recurring.js';

const DAY = 86_400_000;
const rowsOf = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(`${attribute}="([0-9a-f]{24})"`, 'g'))].map((m) => m[1]!);

test('payments and recurring payments filter by status and date and search by reference; bad filters are a 400', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const firstDay = app.clock.now().toISOString().slice(0, 10);
  const draft = await draftPayment(app, m);
  const sentA = await createPartnerPayment(app, m, { invoiceRefNumber: 'inv-alpha-7' });
  app.clock.advance(3 * DAY);
  const laterDay = app.clock.now().toISOString().slice(0, 10);
  const sentB = await createPartnerPayment(app, m, { invoiceRefNumber: 'inv-beta-8' });
  const { client } = await signedInUser(app, { role: 'viewer', partner: m.partner });
  const base = `/portal/companies/${m.companyId}/payments`;
  const ids = async (query: string) => {
    const res = await client.get(`${base}?${query}`);
    assert.equal(res.statusCode, 200, query);
    return rowsOf(res.body, 'data-payment').sort();
  };
  assert.deepEqual(await ids(''), [draft.id, sentA.id, sentB.id].sort());
  assert.deepEqual(await ids('status=sent'), [sentA.id, sentB.id].sort());
  assert.deepEqual(await ids('status=draft'), [draft.id]);
  assert.deepEqual(await ids('q=ALPHA'), [sentA.id], 'reference contains, any case');
  assert.deepEqual(await ids('q=beta-8'), [sentB.id]);
  assert.deepEqual(await ids('q=_'), [], 'LIKE wildcards are searched as text');
  assert.deepEqual(await ids('q=%25'), []);
  assert.deepEqual(await ids(`from=${laterDay}`), [sentB.id]);
  assert.deepEqual(await ids(`to=${firstDay}`), [draft.id, sentA.id].sort());
  assert.deepEqual(await ids(`status=sent&to=${firstDay}&q=inv`), [sentA.id]);
  assert.deepEqual(await ids('status=&from=&to=&q='), [draft.id, sentA.id, sentB.id].sort());
  const filtered = await client.get(`${base}?status=sent&q=Alpha`);
  assert.match(filtered.body, /<option value="sent" selected>/, 'the form keeps the filter');
  assert.match(filtered.body, /id="filter-q" name="q" type="search" value="Alpha"/);

  const recurringOf = async (reference: string, send: boolean) => {
    const res = await app.call({
      method: 'POST',
      url: send ? '/merchant/v1/recurring-payments/send' : '/merchant/v1/recurring-payments',
      headers: m.merchantHeaders,
      payload: recurringBody({ reference }),
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().result.id as string;
  };
  const gym = await recurringOf('gym-2027', true);
  const rent = await recurringOf('rent-flat-2', false);
  const rbase = `/portal/companies/${m.companyId}/recurring-payments`;
  const rids = async (query: string) => {
    const res = await client.get(`${rbase}?${query}`);
    assert.equal(res.statusCode, 200, query);
    return rowsOf(res.body, 'data-recurring').sort();
  };
  assert.deepEqual(await rids(''), [gym, rent].sort());
  assert.deepEqual(await rids('status=sent'), [gym]);
  assert.deepEqual(await rids('q=GYM'), [gym]);
  assert.deepEqual(await rids(`to=${firstDay}`), []);
  assert.deepEqual(await rids(`from=${laterDay}&status=draft`), [rent]);

  for (const bad of ['status=lost', 'from=yesterday', 'to=2026-1-1', 'page=0', `q=${'x'.repeat(201)}`]) {
    assert.equal((await client.get(`${base}?${bad}`)).statusCode, 400, bad);
    assert.equal((await client.get(`${rbase}?${bad}`)).statusCode, 400, bad);
  }
  assert.equal((await client.get(`${rbase}?status=paid`)).statusCode, 400, 'recurring statuses only');
});

test("a recurring payment's page: its schedule, history timeline and webhook deliveries", async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const { client } = await signedInUser(app, { role: 'viewer', partner: m.partner });
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/recurring-payments/send',
    headers: m.merchantHeaders,
    payload: recurringBody({ reference: 'gym-2027', numberOfPayments: 3, initialPaymentAmount: '5.00' }),
  });
  assert.equal(res.statusCode, 201, res.body);
  const id = res.json().result.id as string;
  const page = await client.get(`/portal/companies/${m.companyId}/recurring-payments/${id}`);
  assert.equal(page.statusCode, 200, page.body);
  assert.match(page.body, /<h1>Recurring payment gym-2027<\/h1>/);
  assert.match(page.body, /id="recurring-status">sent</);
  assert.equal(
    (page.body.match(/<tr><td>\d<\/td><td>\d{4}-\d\d-\d\d<\/td><td>£25.00<\/td>/g) ?? []).length,
    3,
  );
  assert.match(page.body, /<ol id="history">[\s\S]*sent[\s\S]*<\/ol>/);
  assert.match(page.body, /Initial payment<\/dt><dd>£5.00/);
  const deliveries = await app.deps.db
    .selectFrom('events')
    .select('id')
    .where('resource_id', '=', id)
    .execute();
  assert.ok(deliveries.length > 0, 'sending queued a webhook');
  for (const d of deliveries) assert.match(page.body, new RegExp(`data-delivery="${d.id}"`));
  assert.match(page.body, /recurring_payment.status_updated/);

  const other = await signedInUser(app, { email: 'them@other.example' });
  assert.equal(
    (await other.client.get(`/portal/companies/${m.companyId}/recurring-payments/${id}`)).statusCode,
    404,
  );
  const unknown = await client.get(`/portal/companies/${m.companyId}/recurring-payments/${'c'.repeat(24)}`);
  assert.equal(unknown.statusCode, 404);
});
