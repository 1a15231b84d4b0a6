// End to end: the partner's webhook URL (its settings) receives the verification events, signed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drainOutbox } from '../../../src/workers/dispatcher.js';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { createPartnerCompany, decideOfficer } from '../../helpers/partner-companies.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

test("the partner's webhook URL receives officer and company verification events, signed and in order", async (t) => {
  const receiver = await startWebhookReceiver(t);
  const app = await buildTestApp(t, { ALLOW_PRIVATE_WEBHOOKS: 'true' });
  const partner = await createPartner(app);
  const settings = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: { webhookUrl: receiver.urlFor('/partner'), email: { fromAddress: 'hello@partner.example' } },
  });
  assert.equal(settings.statusCode, 200, settings.body);
  receiver.setSecret('/partner', settings.json().data.webhookSecret);

  const company = await createPartnerCompany(app, partner);
  const officer = company.officers[0]!;
  await decideOfficer(app, company.id, officer.id, 'pass');
  await drainOutbox(app.deps);

  const bodies = receiver.received.map((r) => r.body);
  assert.ok(receiver.received.every((r) => r.verified && r.path === '/partner'));
  assert.deepEqual(bodies, [
    {
      event_name: 'officer_verification_status_update',
      merchantId: company.id,
      officerId: officer.id,
      status: 'started_verification',
    },
    {
      event_name: 'company_verification_status_update',
      merchantId: company.id,
      verifiedBy: officer.id,
      status: 'started_verification',
    },
    {
      event_name: 'officer_verification_status_update',
      merchantId: company.id,
      officerId: officer.id,
      status: 'active',
    },
    {
      event_name: 'company_verification_status_update',
      merchantId: company.id,
      verifiedBy: officer.id,
      status: 'active',
    },
  ]);
});
