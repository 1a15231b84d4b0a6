// The audit log page (issue 16, item 7): sign-ins, keys, webhooks, settings and people, newest first,
// each partner's own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { csrfOf, PortalClient, signedInUser } from '../helpers/portal.js';

test("the audit log shows who did what, newest first, and only the partner's own", async (t) => {
  const app = await buildTestApp(t);
  const { client, email } = await signedInUser(app);
  await client.submit('/portal/api-keys', '/portal/api-keys', { name: 'Back office' });
  await client.submit('/portal/webhooks', '/portal/webhooks/url', { webhookUrl: 'http://127.0.0.1:9/hook' });
  await client.submit('/portal/settings/email', '/portal/settings/email', {
    fromAddress: 'a@acme.example',
    replyTo: '',
  });
  await client.submit('/portal/people', '/portal/people', { email: 'new@partner.example', role: 'viewer' });
  const stranger = new PortalClient(app);
  const csrf = csrfOf((await stranger.get('/portal/login')).body);
  await stranger.request('POST', '/portal/login', { _csrf: csrf, email, password: 'wrong password!' });

  const page = await client.get('/portal/audit');
  assert.equal(page.statusCode, 200);
  const actions = [...page.body.matchAll(/class="action">([^<]+)</g)].map((m) => m[1]);
  assert.deepEqual(actions, [
    'sign in failed',
    'user invited',
    'email settings saved',
    'webhook url set',
    'api key created',
    'sign in',
    'invitation accepted',
    'user invited',
  ]);
  assert.match(page.body, /Back office/);
  assert.match(page.body, new RegExp(`<td>${email}</td>`));

  const other = await signedInUser(app, { email: 'them@other.example' });
  const theirs = (await other.client.get('/portal/audit')).body;
  assert.doesNotMatch(theirs, /Back office|new@partner.example/);
  assert.equal((await client.get('/portal/audit?page=0')).statusCode, 400);
});
