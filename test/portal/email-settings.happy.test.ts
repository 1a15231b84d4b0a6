// E-mail settings page (issue 16, item 4): sender and reply-to through the partner settings (the API
// sees the same), and a test e-mail sent with them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { queuedEmails } from '../helpers/partner-companies.js';
import { signedInUser } from '../helpers/portal.js';

test('an admin saves the sender and reply-to; the API reads them; a test e-mail goes out with them', async (t) => {
  const app = await buildTestApp(t);
  const { client, partner, email } = await signedInUser(app, { role: 'admin' });
  const saved = await client.submit('/portal/settings/email', '/portal/settings/email', {
    fromAddress: 'Acme Payments <payments@acme.example>',
    replyTo: ' support@acme.example ',
  });
  assert.equal(saved.statusCode, 200);
  assert.match(saved.body, /E-mail settings saved/);
  assert.match(saved.body, /value="Acme Payments &lt;payments@acme.example&gt;"/);
  const api = await app.call({ method: 'GET', url: '/partner/v1/settings', headers: partner.partnerHeaders });
  assert.deepEqual(api.json().data.email, {
    fromAddress: 'Acme Payments <payments@acme.example>',
    replyTo: 'support@acme.example',
  });

  const sent = await client.submit('/portal/settings/email', '/portal/settings/email/test');
  assert.match(sent.body, new RegExp(`Test e-mail sent to ${email}`));
  const mail = (await queuedEmails(app)).at(-1)!;
  assert.deepEqual(
    [mail.to, mail.from, mail.replyTo],
    [[email], 'Acme Payments <payments@acme.example>', 'support@acme.example'],
  );

  const cleared = await client.submit('/portal/settings/email', '/portal/settings/email', {
    fromAddress: '',
    replyTo: '',
  });
  assert.equal(cleared.statusCode, 200);
  const after = await app.call({
    method: 'GET',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
  });
  assert.deepEqual(after.json().data.email, { fromAddress: null, replyTo: null });
  const actions = await app.deps.db.selectFrom('portal_audit').select('action').execute();
  assert.equal(actions.filter((a) => a.action === 'email_settings_saved').length, 2);
  assert.equal(actions.filter((a) => a.action === 'test_email_sent').length, 1);
});

test('a bad address is refused with a clear message and nothing is saved; a developer cannot save', async (t) => {
  const app = await buildTestApp(t);
  const owner = await signedInUser(app);
  for (const [fromAddress, replyTo] of [
    ['not an address', ''],
    ['ok@acme.example', 'two@x.example, three@x.example'],
    ['Evil\r\nBcc: x@y.example <a@b.example>', ''],
  ]) {
    const res = await owner.client.submit('/portal/settings/email', '/portal/settings/email', {
      fromAddress: fromAddress!,
      replyTo: replyTo!,
    });
    assert.equal(res.statusCode, 400, fromAddress);
    assert.match(res.body, /must be an e-mail address/);
  }
  const dev = await signedInUser(app, {
    role: 'developer',
    partner: owner.partner,
    email: 'dev@partner.example',
  });
  const page = await dev.client.get('/portal/settings/email');
  assert.equal(page.statusCode, 200);
  assert.doesNotMatch(page.body, /Save e-mail settings/, 'read-only for a developer');
  const res = await dev.client.submit('/portal/settings/email', '/portal/settings/email', {
    fromAddress: 'a@b.example',
    replyTo: '',
  });
  assert.equal(res.statusCode, 403);
  const row = await app.deps.db
    .selectFrom('partners')
    .select(['email_from', 'email_reply_to'])
    .executeTakeFirstOrThrow();
  assert.deepEqual(row, { email_from: null, email_reply_to: null });
});
