import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { createPartnerCompany, queuedEmails } from '../../helpers/partner-companies.js';

test("sendEmail: each officer's link is e-mailed to publicEmail (officer in copy) with the partner's e-mail settings", async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const settings = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: {
      webhookUrl: 'https://partner.example/hooks',
      email: { fromAddress: 'onboarding@partner.example', replyTo: 'support@partner.example' },
    },
  });
  assert.equal(settings.statusCode, 200, settings.body);
  const company = await createPartnerCompany(app, partner, {
    sendEmail: true,
    officers: [
      { name: 'Ada Owner', email: 'owner@acme.example', role: 'director' },
      { name: 'Olu Owner', email: 'olu@acme.example', role: 'owner' },
    ],
  });
  const emails = await queuedEmails(app);
  assert.equal(emails.length, 2);
  const [ada, olu] = emails;
  assert.deepEqual(ada!.to, ['owner@acme.example']);
  assert.deepEqual(ada!.cc, [], 'the officer is the publicEmail already');
  assert.deepEqual(olu!.to, ['owner@acme.example']);
  assert.deepEqual(olu!.cc, ['olu@acme.example']);
  for (const [i, email] of emails.entries()) {
    assert.equal(email.from, 'onboarding@partner.example');
    assert.equal(email.replyTo, 'support@partner.example');
    assert.equal(email.subject, 'Verify your identity for Acme Widgets Ltd');
    assert.ok(email.text.includes(company.officers[i]!.verificationUrl!), 'carries that officer’s own link');
  }
});

test('without sendEmail no e-mail is queued: the partner hands out the links from the answer', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  assert.equal((await queuedEmails(app)).length, 0);
  assert.ok(company.officers[0]!.verificationUrl);
});
