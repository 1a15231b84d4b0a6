// The merchant's brand on the customer's pages (issue 17 item 2): logo, accent colour, legal and trading
// names, support contact and how paying by bank works, every value escaped; in English and Welsh.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';
import { multipart, SAMPLE_FILES } from '../helpers/multipart.js';
import { http, paidPayment, payAtSandbox, tokenOf } from '../helpers/payment-flow.js';
import { createRecurring } from '../helpers/recurring.js';

test('payment, transfer, refund, result and recurring pages carry the brand, escaped', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app, { integration: { servicePaymentPageRedirectEnabled: true } });
  // Hostile values straight into the store: the pages must escape whatever a company holds.
  await app.deps.db
    .updateTable('companies')
    .set({
      name: 'Legal <script>alert(1)</script> "Ltd"',
      trading_name: 'Shop & "Co"',
      support_phone: '020 <b>7946</b> 0000',
      public_email: 'help"><script>@shop.example',
    })
    .where('id', '=', m.companyId)
    .execute();
  const headers = m.partner.partnerHeaders;
  const colour = await http(app, 'PUT', `/partner/v1/companies/${m.companyId}/branding`, {
    headers,
    body: { accentColour: '#FFD700' },
  });
  assert.equal(colour.status, 200, colour.text);
  const form = await multipart({}, { name: 'logo.png', data: SAMPLE_FILES.png });
  const logo = await fetch(`${app.baseUrl}/partner/v1/companies/${m.companyId}/branding/logo`, {
    method: 'PUT',
    headers: { ...headers, ...form.headers },
    body: form.payload,
  });
  const logoBody = await logo.text();
  assert.equal(logo.status, 200, logoBody);
  const logoPath = new URL(JSON.parse(logoBody).result.logoUrl).pathname;

  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody(),
  });
  const link: string = created.json().result.link;
  const check = (html: string, where: string) => {
    assert.ok(html.includes(`<img id="brand-logo" src="${logoPath}"`), `${where}: logo`);
    assert.match(
      html,
      /--brand-accent: #ffd700; --brand-on-accent: #000000;/,
      `${where}: colour and its text`,
    );
    assert.ok(
      html.includes('Legal &lt;script&gt;alert(1)&lt;/script&gt; &quot;Ltd&quot;'),
      `${where}: legal name`,
    );
    assert.ok(html.includes('Shop &amp; &quot;Co&quot;'), `${where}: trading name`);
    assert.doesNotMatch(html, /<script>alert|<b>7946|"><script>/, `${where}: nothing unescaped`);
    assert.match(html, /How paying by bank works/, where);
  };
  const contact = (html: string, where: string) => {
    assert.ok(html.includes('020 &lt;b&gt;7946&lt;/b&gt; 0000'), `${where}: phone`);
    assert.ok(html.includes('href="mailto:help&quot;&gt;&lt;script&gt;@shop.example"'), `${where}: e-mail`);
    assert.match(
      html,
      /Your bank sends the money straight to Shop &amp; &quot;Co&quot;&#39;s account/,
      where,
    );
  };

  const page = await http(app, 'GET', link);
  assert.equal(page.status, 200, page.text);
  check(page.text, 'payment page');
  contact(page.text, 'payment page');
  const transfer = await http(app, 'GET', `/p/transfer?=${tokenOf(link)}`);
  assert.equal(transfer.status, 200, transfer.text);
  check(transfer.text, 'transfer page');

  const welsh = await http(app, 'GET', link, { headers: { 'accept-language': 'cy-GB,cy;q=0.9,en;q=0.5' } });
  assert.match(welsh.text, /<footer class="brand-footer" id="brand-footer" lang="cy">/);
  assert.match(welsh.text, /Sut mae talu drwy&#39;r banc yn gweithio/);
  assert.match(welsh.text, /Ffôn/);

  const back = await payAtSandbox(app, 'payment', link);
  const result = await http(app, 'GET', back.location);
  assert.equal(result.status, 200, result.text);
  check(result.text, 'result page');

  const paid = await paidPayment(app, m, { amount: '10.00' });
  const refund = await http(app, 'POST', `/merchant/v1/payments/${paid.id}/refund`, {
    headers: m.headers,
    body: {
      amount: '5.00',
      payeeAccountInfo: { name: 'Cara', identification: '123456', externalAccountId: '87654321' },
    },
  });
  const refundPage = await http(app, 'GET', refund.json().result.refundLink);
  assert.equal(refundPage.status, 200, refundPage.text);
  check(refundPage.text, 'refund page');
  assert.match(refundPage.text, /paid from your business account straight to the customer/);

  const recurring = await createRecurring(app, m, {}, true);
  const recurringPage = await http(app, 'GET', recurring.qrCodeData);
  assert.equal(recurringPage.status, 200, recurringPage.text);
  check(recurringPage.text, 'recurring page');
  contact(recurringPage.text, 'recurring page');
});

test('a company without branding: its names and contact, the default colour, no logo', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody(),
  });
  const page = await http(app, 'GET', created.json().result.link);
  assert.match(page.text, /<p id="brand-name">Acme Widgets Ltd<\/p>/);
  assert.match(page.text, /--brand-accent: #0b5cad; --brand-on-accent: #ffffff;/);
  assert.doesNotMatch(page.text, /brand-logo/);
  assert.match(page.text, /\+44 20 7946 0000/);
  assert.match(page.text, /href="tel:\+442079460000"/);
});
