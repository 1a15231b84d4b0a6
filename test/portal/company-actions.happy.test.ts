// The company page's forms (issue 16, item 5): an officer's verification link copied (a new one, shown
// once) or e-mailed again with the API's verification e-mail, and integrations created with their
// secrets shown once and rotated, all through the API's own functions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import {
  addBankAccount,
  createPartnerCompany,
  decideOfficer,
  queuedEmails,
} from '../helpers/partner-companies.js';
import { signedInUser } from '../helpers/portal.js';

const LINK = /readonly value="(http:\/\/localhost:8080\/public\/v1\/verification\/[^"]+)"/;
const pathOf = (url: string) => url.replace('http://localhost:8080', '');

test("an officer's link: a new one shown once replaces the old, and one e-mailed again; none for a verified officer", async (t) => {
  const app = await buildTestApp(t);
  const { client, partner } = await signedInUser(app, { role: 'admin' });
  const company = await createPartnerCompany(app, partner, {
    officers: [
      { name: 'Ann Officer', email: 'ann@shop.example', role: 'director' },
      { name: 'Bob Officer', email: 'bob@shop.example', role: 'owner' },
    ],
  });
  const [ann, bob] = company.officers;
  const page = `/portal/companies/${company.id}`;
  assert.match((await client.get(page)).body, /aria-label="New link for Ann Officer"/);
  assert.equal((await app.call({ method: 'GET', url: pathOf(ann!.verificationUrl!) })).statusCode, 200);

  const copied = await client.submit(page, `${page}/officers/${ann!.id}/link`);
  assert.equal(copied.statusCode, 200, copied.body);
  const link = LINK.exec(copied.body)?.[1];
  assert.ok(link && link !== ann!.verificationUrl);
  assert.equal((await app.call({ method: 'GET', url: pathOf(link) })).statusCode, 200, 'the new link works');
  assert.equal(
    (await app.call({ method: 'GET', url: pathOf(ann!.verificationUrl!) })).statusCode,
    404,
    'the old link no longer does',
  );
  assert.doesNotMatch((await client.get(page)).body, LINK, 'shown once');

  const unsent = await client.submit(page, `${page}/officers/${bob!.id}/resend`);
  assert.equal(unsent.statusCode, 409, 'no sender set: no e-mail, as at company creation');
  assert.match(unsent.body, /e-mail settings/);
  assert.equal((await app.call({ method: 'GET', url: pathOf(bob!.verificationUrl!) })).statusCode, 200);
  await client.submit('/portal/settings/email', '/portal/settings/email', {
    fromAddress: 'Acme <pay@acme.example>',
    replyTo: '',
  });
  const sent = await client.submit(page, `${page}/officers/${bob!.id}/resend`);
  assert.equal(sent.statusCode, 200, sent.body);
  assert.match(sent.body, /e-mailed to/);
  assert.doesNotMatch(sent.body, LINK, 'an e-mailed link is not shown');
  const mails = (await queuedEmails(app)).filter((m) => m.subject.startsWith('Verify'));
  assert.equal(mails.length, 1, 'one verification e-mail (the invitation is the other)');
  assert.deepEqual(mails[0]!.cc, ['bob@shop.example']);
  assert.match(mails[0]!.subject, /Verify your identity/);
  const mailed = /http:\/\/localhost:8080\/public\/v1\/verification\/\S+/.exec(mails[0]!.text)?.[0];
  assert.ok(mailed);
  assert.equal((await app.call({ method: 'GET', url: pathOf(mailed) })).statusCode, 200);
  assert.equal((await app.call({ method: 'GET', url: pathOf(bob!.verificationUrl!) })).statusCode, 404);

  await decideOfficer(app, company.id, ann!.id, 'pass');
  assert.doesNotMatch((await client.get(page)).body, /New link for Ann Officer/);
  const verified = await client.submit(page, `${page}/officers/${ann!.id}/link`);
  assert.equal(verified.statusCode, 409, 'a verified officer needs no link');
  const actions = await app.deps.db
    .selectFrom('portal_audit')
    .select('action')
    .orderBy('created_at')
    .execute();
  assert.deepEqual(
    actions.map((a) => a.action).filter((a) => a.startsWith('verification')),
    ['verification_link_copied', 'verification_link_sent'],
  );
  const audit = (await client.get('/portal/audit')).body;
  assert.doesNotMatch(audit, /public\/v1\/verification/, 'links are not recorded');
});

test('an integration created from the page (the API rules), its secrets shown once, then rotated', async (t) => {
  const app = await buildTestApp(t);
  const { client, partner } = await signedInUser(app, { role: 'developer' });
  const company = await createPartnerCompany(app, partner);
  for (const officer of company.officers) await decideOfficer(app, company.id, officer.id, 'pass');
  const page = `/portal/companies/${company.id}`;
  assert.match((await client.get(page)).body, /add one first/, 'an integration needs a bank account');
  const account = await addBankAccount(app, partner, company.id);
  const form = {
    name: 'Till',
    webhookUrl: 'https://shop.example/hooks',
    bankAccount: account.id,
    redirectUrl: '',
    servicePaymentPageRedirectEnabled: 'on',
  };
  const bad = await client.submit(page, `${page}/integrations`, { ...form, webhookUrl: 'not a url' });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /webhookUrl must match format/);
  assert.match(bad.body, /value="Till"/, 'the form keeps what was typed');
  const unknownAccount = await client.submit(page, `${page}/integrations`, {
    ...form,
    bankAccount: 'cccccccccccccccccccccccc',
  });
  assert.equal(unknownAccount.statusCode, 400);
  assert.equal((await app.deps.db.selectFrom('integrations').select('id').execute()).length, 0);

  const created = await client.submit(page, `${page}/integrations`, form);
  assert.equal(created.statusCode, 200, created.body);
  const secretKey = /id="integration-secret-key" type="text" readonly value="([^"]+)"/.exec(
    created.body,
  )?.[1];
  const webhookSecret = /id="integration-webhook-secret" type="text" readonly value="(whsec_[^"]+)"/.exec(
    created.body,
  )?.[1];
  assert.ok(secretKey && webhookSecret);
  const { id } = await app.deps.db.selectFrom('integrations').select('id').executeTakeFirstOrThrow();
  const asMerchant = (key: string) =>
    app.call({
      method: 'GET',
      url: '/merchant/v1/payments',
      headers: { 'integration-id': id, 'secret-key': key },
    });
  assert.equal((await asMerchant(secretKey)).statusCode, 200, 'the credential works');
  const shown = (await client.get(page)).body;
  assert.ok(!shown.includes(secretKey), 'shown once');
  assert.match(shown, new RegExp(`data-integration="${id}"`));

  const rotated = await client.submit(page, `${page}/integrations/${id}/secret-key`);
  assert.equal(rotated.statusCode, 200, rotated.body);
  const newKey = /id="integration-secret-key" type="text" readonly value="([^"]+)"/.exec(rotated.body)?.[1];
  assert.ok(newKey && newKey !== secretKey);
  assert.equal((await asMerchant(secretKey)).statusCode, 401, 'the old secret-key stops');
  assert.equal((await asMerchant(newKey)).statusCode, 200);

  const hook = await client.submit(page, `${page}/integrations/${id}/webhook-secret`);
  const newHook = /id="integration-webhook-secret" type="text" readonly value="(whsec_[^"]+)"/.exec(
    hook.body,
  )?.[1];
  assert.ok(newHook && newHook !== webhookSecret);
  assert.doesNotMatch(hook.body, /id="integration-secret-key"/);
  const stored = await app.deps.db
    .selectFrom('integrations')
    .select(['webhook_secret', 'secret_hash'])
    .executeTakeFirstOrThrow();
  // Secrets are base64: '+' and '/' would be read as a pattern, so plain substring checks.
  const storedText = JSON.stringify(stored);
  assert.ok(!storedText.includes(newHook.slice(6)) && !storedText.includes(newKey), 'not in clear');
  const unknown = await client.submit(page, `${page}/integrations/cccccccccccccccccccccccc/secret-key`);
  assert.equal(unknown.statusCode, 404);
  const audit = (await client.get('/portal/audit')).body;
  assert.match(audit, /integration created/);
  assert.match(audit, /integration secret key rotated/);
  assert.match(audit, /integration webhook secret rotated/);
  assert.ok(!audit.includes(newKey));
});
