// The portal's guards (issue 16 checks): signed-out visitors go to the sign-in page, another partner's
// user finds nothing (404), a viewer cannot write (403), a form without its CSRF token is refused (403),
// failed sign-ins are limited per address and per account (429), and the cookie is locked down.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { totpCode } from '../../src/domain/portal/totp.js';
import { buildTestApp } from '../helpers/app.js';
import { adminHeaders, createPartner } from '../helpers/fixtures.js';
import { csrfOf, idsOf, invite, PASSWORD, PortalClient, signedInUser } from '../helpers/portal.js';
import { NO_PAYMENT, PORTAL_ROUTES } from './portal-routes.js';

test('the route list of these tests names every /portal route', async (t) => {
  const app = await buildTestApp(t);
  const registered = app.routes
    .filter((r) => r.url.startsWith('/portal') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url.replace(/\/$/, '') || '/'}`)
    .sort();
  const listed = PORTAL_ROUTES.map((r) => `${r.method} ${r.pattern}`).sort();
  assert.deepEqual([...new Set(registered)], listed);
});

test('a signed-out visitor is sent to the sign-in page from every page and form', async (t) => {
  const app = await buildTestApp(t);
  const { userId, partner } = await signedInUser(app);
  const ids = await idsOf(app, partner, userId);
  const visitor = new PortalClient(app);
  const csrf = csrfOf((await visitor.get('/portal/login')).body);
  for (const route of PORTAL_ROUTES.filter((r) => r.permission)) {
    const url = route.url(ids);
    const res = await visitor.request(
      route.method,
      url,
      route.form ? { ...route.form, _csrf: csrf } : undefined,
    );
    assert.equal(res.statusCode, 303, `${route.method} ${url}`);
    assert.equal(res.location, '/portal/login', `${route.method} ${url}`);
  }
});

test('every form refuses a post without its CSRF token, or with a forged one', async (t) => {
  const app = await buildTestApp(t);
  const owner = await signedInUser(app);
  const other = await invite(app, owner.partner.id, 'second@partner.example', 'viewer');
  const ids = await idsOf(app, owner.partner, other.id);
  const before = await snapshotOf(app);
  for (const route of PORTAL_ROUTES.filter((r) => r.method === 'POST')) {
    const url = route.url(ids);
    const without = await owner.client.request('POST', url, route.form ?? {});
    assert.equal(without.statusCode, 403, `${url} without a token`);
    const forged = await owner.client.request('POST', url, { ...(route.form ?? {}), _csrf: 'forged-token' });
    assert.equal(forged.statusCode, 403, `${url} with a forged token`);
  }
  assert.deepEqual(await snapshotOf(app), before, 'no key, officer link, integration or event changed');
  // Nothing was changed: the other person is still there, the key still works, no key was added.
  assert.match((await owner.client.get('/portal/people')).body, /second@partner.example/);
  const api = await app.call({
    method: 'GET',
    url: '/partner/v1/companies',
    headers: owner.partner.partnerHeaders,
  });
  assert.equal(api.statusCode, 200);
  assert.equal((await app.deps.db.selectFrom('partner_api_keys').select('id').execute()).length, 1);
  const partnerRow = await app.deps.db
    .selectFrom('partners')
    .select(['webhook_url', 'email_from'])
    .executeTakeFirstOrThrow();
  assert.deepEqual(partnerRow, { webhook_url: null, email_from: null }, 'no settings were saved');
  const events = await app.deps.db
    .selectFrom('events')
    .select(['state'])
    .where('channel', '=', 'webhook')
    .execute();
  assert.deepEqual(events, [{ state: 'failed' }], 'no test event, no redelivery');
  const companies = await app.deps.db.selectFrom('companies').select('name').execute();
  assert.deepEqual(companies, [{ name: 'Acme Widgets Ltd' }], 'no company was created');
});

test('a viewer reads but every write it tries is a 403 that changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const owner = await signedInUser(app);
  const viewer = await signedInUser(app, {
    role: 'viewer',
    partner: owner.partner,
    email: 'viewer@partner.example',
  });
  const ids = await idsOf(app, owner.partner, owner.userId);
  const before = await snapshotOf(app);
  for (const route of PORTAL_ROUTES.filter((r) => r.permission)) {
    const url = route.url(ids);
    if (route.method === 'GET') {
      // A viewer may read; the payment page is called with an id that names nothing (404 past the guard).
      const expected = route.permission !== 'read' ? 403 : url.includes(NO_PAYMENT) ? 404 : 200;
      assert.equal((await viewer.client.get(url)).statusCode, expected, url);
      continue;
    }
    if (route.permission === 'read') continue;
    const res = await viewer.client.submit('/portal/people', url, route.form);
    assert.equal(res.statusCode, 403, url);
  }
  assert.deepEqual(await snapshotOf(app), before, "a viewer's writes changed nothing");
  const api = await app.call({
    method: 'GET',
    url: '/partner/v1/companies',
    headers: owner.partner.partnerHeaders,
  });
  assert.equal(api.statusCode, 200, 'the key was neither disabled nor revoked');
  assert.doesNotMatch((await owner.client.get('/portal/api-keys')).body, /Back office/);
  const people = (await owner.client.get('/portal/people')).body;
  assert.doesNotMatch(people, /new@partner.example/);
  assert.match(people, new RegExp(owner.email));
  // An admin cannot invite or remove an owner.
  const admin = await signedInUser(app, {
    role: 'admin',
    partner: owner.partner,
    email: 'admin@partner.example',
  });
  const up = await admin.client.submit('/portal/people', '/portal/people', {
    email: 'boss@x.example',
    role: 'owner',
  });
  assert.equal(up.statusCode, 403);
  const removeOwner = await admin.client.submit('/portal/people', `/portal/people/${owner.userId}/remove`);
  assert.equal(removeOwner.statusCode, 403);
});

test("another partner's user finds nothing of this partner on any page or form (404), and changes nothing", async (t) => {
  const app = await buildTestApp(t);
  const mine = await signedInUser(app);
  const theirs = await signedInUser(app, { email: 'them@other.example' });
  const ids = await idsOf(app, mine.partner, mine.userId, { withPayments: true });
  const before = await snapshotOf(app);
  const named = (url: string) => Object.values(ids).some((id) => url.includes(id));
  const routes = PORTAL_ROUTES.filter((r) => r.permission && named(r.url(ids)));
  assert.ok(routes.length >= 15, 'every page and form that names a resource of the partner');
  for (const route of routes) {
    const url = route.url(ids);
    const res =
      route.method === 'GET'
        ? await theirs.client.get(url)
        : await theirs.client.submit('/portal/people', url, route.form);
    assert.equal(res.statusCode, 404, `${route.method} ${url}`);
    for (const id of Object.values(ids)) assert.doesNotMatch(res.body, new RegExp(id), url);
  }
  assert.deepEqual(await snapshotOf(app), before, 'nothing of the partner changed');
  // The partner's own user sees them: the ids were real.
  for (const route of routes.filter((r) => r.method === 'GET')) {
    assert.equal((await mine.client.get(route.url(ids))).statusCode, 200, route.url(ids));
  }
});

/** What a write of the other partner's could have changed. */
async function snapshotOf(app: Awaited<ReturnType<typeof buildTestApp>>) {
  const db = app.deps.db;
  return {
    users: await db.selectFrom('portal_users').select(['id', 'role']).orderBy('id').execute(),
    partners: await db
      .selectFrom('partners')
      .select(['id', 'webhook_url', 'webhook_secret', 'email_from', 'email_reply_to'])
      .orderBy('id')
      .execute(),
    companies: await db.selectFrom('companies').select(['id', 'status']).orderBy('id').execute(),
    keys: await db
      .selectFrom('partner_api_keys')
      .select(['id', 'revoked_at', 'disabled_at'])
      .orderBy('id')
      .execute(),
    officers: await db.selectFrom('officers').select(['id', 'token_hash', 'status']).orderBy('id').execute(),
    integrations: await db
      .selectFrom('integrations')
      .select(['id', 'secret_hash', 'webhook_secret'])
      .orderBy('id')
      .execute(),
    payments: await db.selectFrom('payments').select(['id', 'status']).orderBy('id').execute(),
    events: await db.selectFrom('events').select(['id', 'state']).orderBy('id').execute(),
  };
}

test('20 wrong passwords for one account: 429, and the right password is refused too until the window passes', async (t) => {
  const app = await buildTestApp(t);
  const { email } = await signedInUser(app);
  const attacker = new PortalClient(app);
  const csrf = csrfOf((await attacker.get('/portal/login')).body);
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await attacker.request('POST', '/portal/login', {
      _csrf: csrf,
      email,
      password: `guess ${i}`,
    });
    statuses.push(res.statusCode);
  }
  assert.deepEqual(statuses.slice(0, 10), Array(10).fill(400));
  assert.deepEqual(statuses.slice(10), Array(10).fill(429));
  const right = await attacker.request('POST', '/portal/login', { _csrf: csrf, email, password: PASSWORD });
  assert.equal(right.statusCode, 429);
  assert.equal(right.headers['retry-after'], '900');
  app.clock.advance(16 * 60_000);
  const later = await attacker.request('POST', '/portal/login', { _csrf: csrf, email, password: PASSWORD });
  assert.equal(later.statusCode, 303);
});

test('failed sign-ins from one address are limited across accounts', async (t) => {
  const app = await buildTestApp(t);
  const { email } = await signedInUser(app);
  const attacker = new PortalClient(app);
  const csrf = csrfOf((await attacker.get('/portal/login')).body);
  for (let i = 0; i < 20; i++) {
    const res = await attacker.request('POST', '/portal/login', {
      _csrf: csrf,
      email: `user${i}@x.example`,
      password: 'guess',
    });
    assert.equal(res.statusCode, 400);
  }
  const res = await attacker.request('POST', '/portal/login', { _csrf: csrf, email, password: PASSWORD });
  assert.equal(res.statusCode, 429, 'the address is limited, whatever account it tries');
});

test('the sign-in cookie is HttpOnly and SameSite=Lax, and Secure with __Host- when PUBLIC_URL is https', async (t) => {
  for (const publicUrl of ['http://localhost:8080', 'https://pay.example.com']) {
    const app = await buildTestApp(t, { PUBLIC_URL: publicUrl });
    const partner = await createPartner(app);
    const invited = await invite(app, partner.id, 'cookie@partner.example');
    const client = new PortalClient(app);
    const page = await client.get(`/portal/invite/${invited.token}`);
    const csrfCookie = String([page.headers['set-cookie']].flat()[0]);
    assert.match(csrfCookie, /HttpOnly/);
    assert.match(csrfCookie, /SameSite=Lax/);
    await client.request('POST', `/portal/invite/${invited.token}`, {
      _csrf: csrfOf(page.body),
      password: PASSWORD,
    });
    const login = await client.get('/portal/login');
    const res = await client.request('POST', '/portal/login', {
      _csrf: csrfOf(login.body),
      email: invited.email,
      password: PASSWORD,
    });
    assert.equal(res.statusCode, 303);
    const cookie = [res.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.includes('pb_portal='));
    assert.ok(cookie);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\//);
    if (publicUrl.startsWith('https')) assert.match(cookie, /^__Host-pb_portal=.*; Secure/);
    else assert.doesNotMatch(cookie, /Secure|__Host-/);
  }
});

test('the operator invite refuses bad input and changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const { partner, email } = await signedInUser(app);
  const post = (payload: unknown, partnerId = partner.id, headers = adminHeaders) =>
    app.call({
      method: 'POST',
      url: `/admin/v1/partners/${partnerId}/users`,
      headers,
      payload: payload as object,
    });
  assert.equal((await post({ email: 'a@b.example', role: 'root' })).statusCode, 400);
  assert.equal((await post({ email: 'not an address', role: 'viewer' })).statusCode, 400);
  assert.equal((await post({ role: 'viewer' })).statusCode, 400);
  assert.equal(
    (await post({ email: 'a@b.example', role: 'viewer' }, 'bbbbbbbbbbbbbbbbbbbbbbbb')).statusCode,
    404,
  );
  assert.equal(
    (await post({ email: 'a@b.example', role: 'viewer' }, partner.id, {} as never)).statusCode,
    401,
  );
  const taken = await post({ email, role: 'viewer' });
  assert.equal(taken.statusCode, 409);
  assert.equal(taken.headers['content-type'], 'application/problem+json; charset=utf-8');
  const users = await app.deps.db.selectFrom('portal_users').select('email').execute();
  assert.deepEqual(
    users.map((u) => u.email),
    [email],
  );
});

test('a TOTP code works once: used again within its window (or an older one) it is refused', async (t) => {
  const app = await buildTestApp(t);
  const { client, email } = await signedInUser(app);
  const setUp = await client.submit('/portal/account', '/portal/account/two-factor');
  const secret = /id="totp-secret">([A-Z2-7]+)</.exec(setUp.body)![1]!;
  const confirmCode = totpCode(secret, app.clock.now());
  const confirmed = await client.request('POST', '/portal/account/two-factor/confirm', {
    _csrf: csrfOf(setUp.body),
    code: confirmCode,
  });
  assert.equal(confirmed.statusCode, 200);
  const signIn = async (code: string) => {
    const visitor = new PortalClient(app);
    const first = await visitor.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
    assert.equal(first.location, '/portal/login/code');
    return visitor.submit('/portal/login/code', '/portal/login/code', { code });
  };
  assert.equal((await signIn(confirmCode)).statusCode, 400, 'the confirming code cannot sign in too');
  app.clock.advance(30_000);
  const next = totpCode(secret, app.clock.now());
  assert.equal((await signIn(next)).location, '/portal');
  assert.equal((await signIn(next)).statusCode, 400, 'replayed in its own period');
  app.clock.advance(30_000);
  assert.equal((await signIn(next)).statusCode, 400, 'replayed in the next period, still inside the window');
  assert.equal((await signIn(totpCode(secret, app.clock.now()))).location, '/portal');
});
