// API keys page (issue 16, item 2): generate (shown once), list, disable, enable, revoke; old keys keep
// working while a new one is made.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { keyIdOf, signedInUser } from '../helpers/portal.js';

const companies = (t: TestApp, apisecret: string) =>
  t.call({ method: 'GET', url: '/partner/v1/companies', headers: { apisecret } });

function rowOf(html: string, keyId: string): string {
  const match = new RegExp(`<tr data-key="${keyId}">([\\s\\S]*?)</tr>`).exec(html);
  assert.ok(match, `a row for key ${keyId}`);
  return match[1]!;
}

test('a developer generates a key: shown once, listed with its details, usable at once; the old key still works', async (t) => {
  const app = await buildTestApp(t);
  const owner = await signedInUser(app);
  const dev = await signedInUser(app, {
    role: 'developer',
    partner: owner.partner,
    email: 'dev@partner.example',
  });
  const made = await dev.client.submit('/portal/api-keys', '/portal/api-keys', {
    name: 'Back office',
    description: 'nightly <sync>',
  });
  assert.equal(made.statusCode, 200);
  const apisecret = /id="new-api-key" type="text" readonly value="([0-9a-f-]{36})"/.exec(made.body)?.[1];
  assert.ok(apisecret, 'the new key is on the page');
  assert.match(made.body, /<label for="new-api-key">New API key<\/label>/);
  assert.match(made.body, /nightly &lt;sync&gt;/, 'escaped');
  assert.equal(made.headers['cache-control'], 'no-store');

  assert.equal((await companies(app, apisecret)).statusCode, 200);
  assert.equal(
    (await companies(app, owner.partner.apisecret)).statusCode,
    200,
    'the older key keeps working',
  );
  const list = (await dev.client.get('/portal/api-keys')).body;
  assert.ok(!list.includes(apisecret), 'shown once: not on the list');
  const stored = await app.deps.db
    .selectFrom('partner_api_keys')
    .select(['id', 'secret_hash', 'name'])
    .execute();
  assert.ok(
    stored.every((k) => k.secret_hash !== apisecret),
    'stored as a hash',
  );
  const keyId = stored.find((k) => k.name === 'Back office')!.id;
  const row = rowOf(list, keyId);
  assert.match(row, /Back office/);
  assert.match(row, /dev@partner.example/);
  assert.match(row, /class="status">active</);
  assert.doesNotMatch(row, /never/, 'last used: just now');
  assert.match(rowOf(list, await keyIdOf(app, owner.partner.id)), /operator/);
});

test('disable, enable and revoke: each changes what the key answers, and the audit log keeps them', async (t) => {
  const app = await buildTestApp(t);
  const { client, partner, email } = await signedInUser(app);
  const keyId = await keyIdOf(app, partner.id);
  const act = (action: string) => client.submit('/portal/api-keys', `/portal/api-keys/${keyId}/${action}`);

  assert.equal((await act('disable')).location, '/portal/api-keys');
  assert.equal((await companies(app, partner.apisecret)).statusCode, 401);
  assert.match(rowOf((await client.get('/portal/api-keys')).body, keyId), /class="status">disabled</);
  assert.match(rowOf((await client.get('/portal/api-keys')).body, keyId), />Enable</);
  assert.equal((await act('enable')).statusCode, 303);
  assert.equal((await companies(app, partner.apisecret)).statusCode, 200);
  assert.equal((await act('revoke')).statusCode, 303);
  assert.equal((await companies(app, partner.apisecret)).statusCode, 401);
  const row = rowOf((await client.get('/portal/api-keys')).body, keyId);
  assert.match(row, /class="status">revoked</);
  assert.doesNotMatch(row, /<button/, 'a revoked key has no buttons');
  assert.equal((await act('enable')).statusCode, 404, 'a revoked key cannot come back');

  const audit = await app.deps.db
    .selectFrom('portal_audit')
    .select(['action', 'actor', 'target'])
    .where('action', 'like', 'api_key_%')
    .orderBy('created_at')
    .execute();
  assert.deepEqual(
    audit.map((a) => [a.action, a.actor, a.target]),
    [
      ['api_key_disabled', email, keyId],
      ['api_key_enabled', email, keyId],
      ['api_key_revoked', email, keyId],
    ],
  );
});

test('a key needs a name; a bad form changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const { client } = await signedInUser(app);
  const blank = await client.submit('/portal/api-keys', '/portal/api-keys', { name: '   ' });
  assert.equal(blank.statusCode, 400);
  assert.match(blank.body, /name must not be empty/);
  const long = await client.submit('/portal/api-keys', '/portal/api-keys', { name: 'x'.repeat(101) });
  assert.equal(long.statusCode, 400);
  assert.equal((await app.deps.db.selectFrom('partner_api_keys').select('id').execute()).length, 1);
});

test("another partner's key is not found, and stays as it was", async (t) => {
  const app = await buildTestApp(t);
  const mine = await signedInUser(app);
  const theirs = await signedInUser(app, { email: 'them@other.example' });
  const keyId = await keyIdOf(app, mine.partner.id);
  for (const action of ['disable', 'enable', 'revoke']) {
    const res = await theirs.client.submit('/portal/api-keys', `/portal/api-keys/${keyId}/${action}`);
    assert.equal(res.statusCode, 404, action);
  }
  assert.equal((await companies(app, mine.partner.apisecret)).statusCode, 200);
  assert.ok(!(await theirs.client.get('/portal/api-keys')).body.includes(keyId));
});
