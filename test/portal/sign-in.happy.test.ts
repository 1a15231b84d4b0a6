// People and sign-in (issue 16, item 1): invitation, password, sign-in, two-factor, reset, sign-out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { totpCode } from '../../src/domain/portal/totp.js';
import { buildTestApp } from '../helpers/app.js';
import { createPartner } from '../helpers/fixtures.js';
import { queuedEmails } from '../helpers/partner-companies.js';
import { invite, PASSWORD, PortalClient, signedInUser } from '../helpers/portal.js';

test('the operator invites; the invitee chooses a password once and signs in; the invitation was e-mailed', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const invited = await invite(app, partner.id, 'Ada@Partner.example', 'owner');
  assert.deepEqual(
    { email: invited.email, role: invited.role },
    { email: 'ada@partner.example', role: 'owner' },
  );
  assert.match(invited.inviteUrl, /^http:\/\/localhost:8080\/portal\/invite\/[A-Za-z0-9_-]{40,}$/);
  const mail = (await queuedEmails(app)).find((m) => m.to.includes('ada@partner.example'));
  assert.ok(mail?.text.includes(invited.inviteUrl), 'the link is in the e-mail');

  const client = new PortalClient(app);
  const page = `/portal/invite/${invited.token}`;
  const short = await client.submit(page, page, { password: 'too short' });
  assert.equal(short.statusCode, 400);
  assert.match(short.body, /at least 12 characters/);
  const set = await client.submit(page, page, { password: PASSWORD });
  assert.equal(set.statusCode, 303);
  assert.equal(set.location, '/portal/login?welcome=1');
  assert.equal((await client.get(page)).statusCode, 404, 'the link works once');

  const stored = await app.deps.db
    .selectFrom('portal_users')
    .select('password_hash')
    .where('id', '=', invited.id)
    .executeTakeFirstOrThrow();
  assert.match(stored.password_hash ?? '', /^scrypt\$/);
  assert.ok(!stored.password_hash?.includes(PASSWORD));

  const wrong = await client.submit('/portal/login', '/portal/login', {
    email: 'ada@partner.example',
    password: 'nope nope nope',
  });
  assert.equal(wrong.statusCode, 400);
  assert.match(wrong.body, /Wrong e-mail or password/);
  const ok = await client.submit('/portal/login', '/portal/login', {
    email: 'ADA@partner.example',
    password: PASSWORD,
  });
  assert.equal(ok.statusCode, 303);
  assert.equal(ok.location, '/portal');
  const home = await client.get('/portal');
  assert.equal(home.statusCode, 200);
  assert.match(home.body, /Partner One/);
});

test('every sign-in gets a new session id; a planted or signed-out id is worth nothing', async (t) => {
  const app = await buildTestApp(t);
  const { client, email } = await signedInUser(app);
  const first = client.session;
  assert.ok(first);
  // A cookie planted before sign-in (fixation) is replaced, not adopted.
  const other = new PortalClient(app);
  other.cookies.set('pb_portal', 'planted-by-an-attacker');
  const signed = await other.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
  assert.equal(signed.statusCode, 303);
  assert.ok(other.session && other.session !== 'planted-by-an-attacker' && other.session !== first);
  // Signing in again while signed in (the portal's own CSRF token) also gets a new id.
  const again = await client.submit('/portal', '/portal/login', { email, password: PASSWORD });
  assert.equal(again.statusCode, 303);
  assert.notEqual(client.session, first);
  const second = client.session;

  const out = await client.submit('/portal', '/portal/logout');
  assert.equal(out.statusCode, 303);
  assert.equal(out.location, '/portal/login');
  assert.equal(client.session, undefined, 'the cookie is cleared');
  const replay = new PortalClient(app);
  replay.cookies.set('pb_portal', first);
  assert.equal(
    (await replay.get('/portal')).location,
    '/portal/login',
    'signing in again ended the first id',
  );
  replay.cookies.set('pb_portal', second!);
  assert.equal((await replay.get('/portal')).location, '/portal/login', 'a signed-out id no longer signs in');
  assert.equal((await other.get('/portal')).statusCode, 200, 'another sign-in of the same person stays');
});

test('a sign-in ends after 30 idle minutes, and is kept alive by use', async (t) => {
  const app = await buildTestApp(t);
  const { client } = await signedInUser(app);
  app.clock.advance(20 * 60_000);
  assert.equal((await client.get('/portal')).statusCode, 200);
  app.clock.advance(20 * 60_000);
  assert.equal((await client.get('/portal')).statusCode, 200, 'used 20 minutes ago: still signed in');
  app.clock.advance(31 * 60_000);
  const idle = await client.get('/portal');
  assert.equal(idle.statusCode, 303);
  assert.equal(idle.location, '/portal/login');
});

test('two-factor: QR set-up, a code at the next sign-in, recovery codes that work once', async (t) => {
  const app = await buildTestApp(t);
  const { client, email, userId } = await signedInUser(app);
  const setUp = await client.submit('/portal/account', '/portal/account/two-factor');
  assert.equal(setUp.statusCode, 200);
  assert.match(setUp.body, /<svg/);
  const secret = /id="totp-secret">([A-Z2-7]+)</.exec(setUp.body)?.[1];
  assert.ok(secret);
  const bad = await client.request('POST', '/portal/account/two-factor/confirm', {
    _csrf: /name="_csrf" value="([^"]+)"/.exec(setUp.body)![1]!,
    code: '000000',
  });
  assert.equal(bad.statusCode, 400);
  const confirmed = await client.request('POST', '/portal/account/two-factor/confirm', {
    _csrf: /name="_csrf" value="([^"]+)"/.exec(bad.body)![1]!,
    code: totpCode(secret, app.clock.now()),
  });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  // The secret can be read back to check codes, but is stored sealed, never in clear.
  const stored = await app.deps.db
    .selectFrom('portal_users')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  assert.match(String(stored.totp_secret), /^pbenc:v1:/);
  assert.equal(String(stored.totp_secret).includes(secret), false);
  assert.equal(app.deps.secrets.open(String(stored.totp_secret)), secret);
  assert.equal(stored.totp_pending_secret, null);
  const codes = [...confirmed.body.matchAll(/<span class="secret">([a-z0-9-]+)<\/span>/g)].map((m) => m[1]!);
  assert.equal(codes.length, 10);
  const row = await app.deps.db
    .selectFrom('portal_recovery_codes')
    .select('code_hash')
    .where('user_id', '=', userId)
    .execute();
  assert.equal(row.length, 10);
  assert.ok(
    row.every((r) => !codes.includes(r.code_hash)),
    'only hashes are stored',
  );

  // The next period's code: the confirming one is used (see the replay test).
  app.clock.advance(30_000);
  const fresh = new PortalClient(app);
  const step1 = await fresh.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
  assert.equal(step1.location, '/portal/login/code');
  const halfway = fresh.session;
  assert.equal((await fresh.get('/portal')).location, '/portal/login', 'a password alone does not sign in');
  const wrongCode = await fresh.submit('/portal/login/code', '/portal/login/code', { code: '123456' });
  assert.equal(wrongCode.statusCode, 400);
  const step2 = await fresh.submit('/portal/login/code', '/portal/login/code', {
    code: totpCode(secret, app.clock.now()),
  });
  assert.equal(step2.location, '/portal');
  assert.notEqual(fresh.session, halfway, 'the second step gets a new id too');
  assert.equal((await fresh.get('/portal')).statusCode, 200);

  const byRecovery = new PortalClient(app);
  await byRecovery.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
  const used = await byRecovery.submit('/portal/login/code', '/portal/login/code', {
    code: codes[0]!.toUpperCase(),
  });
  assert.equal(used.location, '/portal');
  const reuse = new PortalClient(app);
  await reuse.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
  assert.equal(
    (await reuse.submit('/portal/login/code', '/portal/login/code', { code: codes[0]! })).statusCode,
    400,
  );
});

test('password reset by e-mail: a one-hour link, every sign-in ended, the new password works', async (t) => {
  const app = await buildTestApp(t);
  const { client, email } = await signedInUser(app);
  const stranger = new PortalClient(app);
  const unknown = await stranger.submit('/portal/password/forgot', '/portal/password/forgot', {
    email: 'nobody@x.example',
  });
  const known = await stranger.submit('/portal/password/forgot', '/portal/password/forgot', { email });
  assert.equal(unknown.statusCode, 200);
  assert.equal(known.statusCode, 200);
  assert.equal(
    unknown.body.replace(/value="[^"]+"/g, ''),
    known.body.replace(/value="[^"]+"/g, ''),
    'the answer does not say whether the account exists',
  );
  const mail = (await queuedEmails(app)).filter((m) => m.to.includes(email)).at(-1);
  const link = /http:\/\/localhost:8080(\/portal\/reset\/[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  assert.ok(link, 'the reset link is e-mailed');
  assert.equal((await stranger.submit(link, link, { password: 'short' })).statusCode, 400);
  const reset = await stranger.submit(link, link, { password: 'a brand new passphrase' });
  assert.equal(reset.location, '/portal/login?reset=1');
  assert.equal((await client.get('/portal')).location, '/portal/login', 'old sign-ins are ended');
  assert.equal((await stranger.get(link)).statusCode, 404, 'the link works once');
  const old = await stranger.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
  assert.equal(old.statusCode, 400);
  const fresh = await stranger.submit('/portal/login', '/portal/login', {
    email,
    password: 'a brand new passphrase',
  });
  assert.equal(fresh.location, '/portal');

  const expired = new PortalClient(app);
  await expired.submit('/portal/password/forgot', '/portal/password/forgot', { email });
  const later = (await queuedEmails(app)).filter((m) => m.to.includes(email)).at(-1);
  const link2 = /http:\/\/localhost:8080(\/portal\/reset\/[A-Za-z0-9_-]+)/.exec(later?.text ?? '')![1]!;
  app.clock.advance(61 * 60_000);
  assert.equal((await expired.get(link2)).statusCode, 404, 'an hour later the link is dead');
});

test('owners and admins invite and remove people; the list shows everyone of the partner', async (t) => {
  const app = await buildTestApp(t);
  const { client, partner } = await signedInUser(app);
  const invited = await client.submit('/portal/people', '/portal/people', {
    email: 'dev@partner.example',
    role: 'developer',
  });
  assert.equal(invited.statusCode, 200, invited.body);
  assert.match(invited.body, /Invitation sent to dev@partner.example/);
  const mail = (await queuedEmails(app)).find((m) => m.to.includes('dev@partner.example'));
  assert.ok(mail?.text.includes('/portal/invite/'));
  const dupe = await client.submit('/portal/people', '/portal/people', { email: 'nope', role: 'developer' });
  assert.equal(dupe.statusCode, 400);

  const user = await app.deps.db
    .selectFrom('portal_users')
    .select(['id', 'partner_id', 'invited_by'])
    .where('email', '=', 'dev@partner.example')
    .executeTakeFirstOrThrow();
  assert.equal(user.partner_id, partner.id);
  assert.match(user.invited_by, /^owner-/);
  const removed = await client.submit('/portal/people', `/portal/people/${user.id}/remove`);
  assert.equal(removed.statusCode, 303);
  assert.doesNotMatch((await client.get('/portal/people')).body, /dev@partner.example/);
  const audit = await app.deps.db
    .selectFrom('portal_audit')
    .select('action')
    .where('partner_id', '=', partner.id)
    .execute();
  assert.deepEqual(
    ['user_invited', 'invitation_accepted', 'sign_in', 'user_removed'].filter((a) =>
      audit.some((r) => r.action === a),
    ),
    ['user_invited', 'invitation_accepted', 'sign_in', 'user_removed'],
  );
});
