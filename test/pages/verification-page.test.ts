import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createPartner } from '../helpers/fixtures.js';
import { createPartnerCompany, partnerEvents } from '../helpers/partner-companies.js';

const pathOf = (url: string) => new URL(url).pathname;

async function form(app: TestApp, url: string, body: string) {
  return app.call({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

test('the link page: start, then pass, moves the officer and the company; every value is escaped', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner, {
    name: 'Evil <script>alert(1)</script> & Co',
    officers: [{ name: '<img src=x onerror=alert(1)>', email: 'x@acme.example', role: 'director' }],
  });
  const page = pathOf(company.officers[0]!.verificationUrl!);

  const first = await app.call({ method: 'GET', url: page });
  assert.equal(first.statusCode, 200);
  assert.match(first.headers['content-type'] as string, /^text\/html/);
  assert.equal(first.headers['cache-control'], 'no-store');
  assert.equal(first.headers['referrer-policy'], 'no-referrer');
  assert.ok(!first.body.includes('<script>alert(1)</script>'), 'company name escaped');
  assert.ok(!first.body.includes('<img src=x'), 'officer name escaped');
  assert.ok(first.body.includes('Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co'));
  assert.match(first.body, /data-status="pending_verification"/);
  assert.ok(first.body.includes(`action="${page}/start"`));

  const started = await form(app, `${page}/start`, '');
  assert.equal(started.statusCode, 303);
  assert.equal(started.headers.location, page);
  const checking = await app.call({ method: 'GET', url: page });
  assert.match(checking.body, /data-status="started_verification"/);
  assert.ok(checking.body.includes('Pass verification'));

  const passed = await form(app, `${page}/outcome`, 'outcome=pass');
  assert.equal(passed.statusCode, 303);
  const done = await app.call({ method: 'GET', url: page });
  assert.match(done.body, /data-status="active"/);
  assert.ok(!done.body.includes('<form'), 'nothing left to do');

  // A second click on a stale page changes nothing and shows the page as it is.
  const again = await form(app, `${page}/outcome`, 'outcome=fail');
  assert.equal(again.statusCode, 303);
  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.status, 'active');
  assert.equal(got.json().data.officers[0].status, 'active');
  assert.deepEqual(
    (await partnerEvents(app, partner.id)).map((e) => [e.event_name, e.status]),
    [
      ['officer_verification_status_update', 'started_verification'],
      ['company_verification_status_update', 'started_verification'],
      ['officer_verification_status_update', 'active'],
      ['company_verification_status_update', 'active'],
    ],
  );
});

test('an unknown link is a 404 page; a bad outcome a 400', async (t) => {
  const app = await buildTestApp(t);
  for (const token of ['A'.repeat(32), 'short', '%3Cscript%3E']) {
    const res = await app.call({ method: 'GET', url: `/public/v1/verification/${token}` });
    assert.equal(res.statusCode, 404, token);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.ok(res.body.includes('not valid'));
    assert.ok(!res.body.includes('<script>'));
  }
  const start = await form(app, `/public/v1/verification/${'A'.repeat(32)}/start`, '');
  assert.equal(start.statusCode, 303, 'an unknown link ends on its 404 page');
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const page = pathOf(company.officers[0]!.verificationUrl!);
  const bad = await form(app, `${page}/outcome`, 'outcome=maybe');
  assert.equal(bad.statusCode, 400);
});

test('outside the sandbox the page explains that no identity provider is connected, and offers no action', async (t) => {
  const app = await buildTestApp(t, { SANDBOX: 'false' });
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const page = pathOf(company.officers[0]!.verificationUrl!);
  const res = await app.call({ method: 'GET', url: page });
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /identity-verification provider/);
  assert.ok(!res.body.includes('<form'));
  assert.equal((await form(app, `${page}/start`, '')).statusCode, 404);
  assert.equal((await form(app, `${page}/outcome`, 'outcome=pass')).statusCode, 404);
});
