// The overview (issue 16, item 6): money received per day as SVG, payments by status, companies
// awaiting verification, failing webhooks; the partner's own numbers only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { createPartnerCompany } from '../helpers/partner-companies.js';
import { paidPayment } from '../helpers/payment-flow.js';
import { partnerDelivery, signedInUser } from '../helpers/portal.js';

test("the overview shows the partner's money received, payments, companies to verify and failed webhooks", async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  await paidPayment(app, m);
  await paidPayment(app, m, { amount: '4.50' });
  await createPartnerCompany(app, m.partner);
  await partnerDelivery(app, m.partner.id);
  const { client } = await signedInUser(app, { role: 'viewer', partner: m.partner });
  const page = await client.get('/portal');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /id="received-total">£30.00</);
  const today = app.clock.now().toISOString().slice(0, 10);
  assert.match(page.body, new RegExp(`<title>${today}: £30.00</title>`));
  assert.equal((page.body.match(/<rect /g) ?? []).length, 30);
  assert.match(page.body, /<td>paid<\/td><td>2<\/td>/);
  assert.match(page.body, /id="awaiting-verification"><a href="\/portal\/companies">1</);
  assert.match(page.body, /id="failed-webhooks"><a href="\/portal\/webhooks\?status=failed">1</);

  app.clock.advance(31 * 86_400_000);
  const later = await signedInUser(app, {
    role: 'viewer',
    partner: m.partner,
    email: 'later@partner.example',
  });
  assert.match((await later.client.get('/portal')).body, /id="received-total">£0.00</, 'older than 30 days');

  const other = await signedInUser(app, { email: 'them@other.example' });
  const theirs = (await other.client.get('/portal')).body;
  assert.match(theirs, /id="received-total">£0.00</);
  assert.match(theirs, /No payments yet/);
  assert.match(theirs, /id="failed-webhooks"><a href="\/portal\/webhooks\?status=failed">0</);
});
