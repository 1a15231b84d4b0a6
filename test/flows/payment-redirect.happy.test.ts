// Where the customer lands after the bank (API.md 9): through the service's result page or straight to
// the merchant, and customRedirectUrl wins over the integration's redirectUrl.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, payAtSandbox } from '../helpers/payment-flow.js';

test('servicePaymentPageRedirectEnabled: the result page first, linking on to customRedirectUrl', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app, {
    integration: { servicePaymentPageRedirectEnabled: true, redirectUrl: 'https://shop.example/integration' },
  });
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'R-1', amount: '3.00', customRedirectUrl: 'https://shop.example/order/7' },
  });
  const payment = created.json().result;
  const back = await payAtSandbox(app, 'payment', payment.link);
  assert.equal(back.status, 303);
  assert.match(back.location, /^\/public\/v1\/result\?state=/);
  const page = await http(app, 'GET', back.location);
  assert.equal(page.status, 200);
  assert.match(page.text, /data-status="settled"/);
  const href = /id="continue" href="([^"]+)"/.exec(page.text)?.[1]?.replaceAll('&amp;', '&');
  assert.equal(href, `https://shop.example/order/7?paymentId=${payment.id}&status=paid`);
});

test('without the service page: straight to customRedirectUrl, else to the integration redirectUrl', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app, {
    integration: {
      servicePaymentPageRedirectEnabled: false,
      redirectUrl: 'https://shop.example/integration',
    },
  });
  const create = (body: Record<string, unknown>) =>
    http(app, 'POST', '/merchant/v1/payments/process', {
      headers: m.headers,
      body: { invoiceRefNumber: 'R-2', amount: '4.00', ...body },
    });
  const own = (await create({ customRedirectUrl: 'https://shop.example/order/8' })).json().result;
  const ownBack = await payAtSandbox(app, 'payment', own.link);
  assert.equal(ownBack.location, `https://shop.example/order/8?paymentId=${own.id}&status=paid`);

  const plain = (await create({})).json().result;
  const plainBack = await payAtSandbox(app, 'payment', plain.link, 'reject');
  assert.equal(plainBack.location, `https://shop.example/integration?paymentId=${plain.id}&status=rejected`);
});
