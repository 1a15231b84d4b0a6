// Connect via app end to end over HTTP with the sandbox bank; the webhooks received and verified.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { accountsUrl } from '../helpers/bank-accounts.js';
import { connectViaApp, connectWorld } from '../helpers/bank-connect.js';

test('each account the merchant grants becomes a verified data_api account, with both webhooks', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId, customer } = world;
  const html = await connectViaApp(world);
  assert.match(html, /Your bank account is connected/);
  assert.match(html, /Acme current/);
  for (const granted of customer.accounts) {
    const paired = granted.sortCode.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3');
    assert.ok(html.includes(`<td>${paired}</td>`), `sort code ${granted.sortCode} shown in pairs`);
  }

  const list = await http('GET', accountsUrl(companyId), partner.terminalHeaders);
  assert.equal(list.status, 200);
  const docs = list.json.data.docs as Array<Record<string, unknown>>;
  assert.equal(docs.length, 2);
  for (const granted of customer.accounts) {
    const account = docs.find((d) => d.accountNumber === granted.accountNumber);
    assert.ok(account, `account ${granted.accountNumber} connected`);
    assert.equal(account.sortCode, granted.sortCode);
    assert.equal(account.name, granted.name);
    assert.equal(account.provider, 'ob-sandbox');
    assert.equal(account.status, 'verified');
    assert.equal(account.creationType, 'data_api');
    assert.equal(account.bankConsentExpired, 'up-to-date');
    assert.match(String(account.consentID), /^[0-9a-f]{24}$/);
    assert.equal(account.bankStatementAttachmentURL, null);
  }
  assert.equal(docs.filter((d) => d.isDefault).length, 1, 'the first connected account is the default');

  await drainOutbox(world.app.deps);
  await world.receiver.waitForAcknowledged(4);
  const hooks = world.receiver.received.filter((r) => r.path === '/partner');
  assert.equal(hooks.length, 4);
  assert.ok(
    hooks.every((h) => h.verified),
    'every webhook signature verifies',
  );
  const statusUpdates = hooks.filter((h) => h.body.eventName === 'status-update').map((h) => h.body);
  assert.equal(statusUpdates.length, 2);
  for (const body of statusUpdates) {
    const doc = docs.find((d) => d.id === body.id);
    assert.deepEqual(body, {
      eventScope: 'bank-accounts',
      eventName: 'status-update',
      ...doc,
      companyID: companyId,
    });
  }
  const groupD = hooks.filter((h) => h.body.event_name === 'bank_account_status_update').map((h) => h.body);
  assert.deepEqual(
    groupD.map((b) => [b.merchantId, b.status, b.connection_type]),
    [
      [companyId, 'verified', 'data_api'],
      [companyId, 'verified', 'data_api'],
    ],
  );

  const type = await world.app.call({
    method: 'POST',
    url: `/terminal/v1/companies/${companyId}/integrations`,
    headers: partner.terminalHeaders,
    payload: {
      name: 'Shop',
      webhookUrl: 'https://shop.example/hook',
      redirectUrl: 'https://shop.example/paid',
      servicePaymentPageRedirectEnabled: true,
    },
  });
  const merchant = { 'integration-id': type.json().result.id, 'secret-key': type.json().result.secretKey };
  const connection = await http('GET', '/merchant/v1/bank-account/connection-type', merchant);
  assert.deepEqual(connection.json, { data: { connectionType: 'data_api' } });
});

test('connecting again updates the same accounts (no duplicates); a manual account with the same number becomes data_api', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId, customer } = world;
  const [current] = customer.accounts;
  const manual = await http('POST', accountsUrl(companyId), partner.terminalHeaders, {
    sortCode: current?.sortCode,
    accountNumber: current?.accountNumber,
    name: 'Typed in by hand',
    provider: 'other',
    bankStatementAttachmentURL: 'https://files.example/s.pdf',
  });
  assert.equal(manual.status, 201);
  await connectViaApp(world);
  const first = (await http('GET', accountsUrl(companyId), partner.terminalHeaders)).json.data.docs;
  assert.equal(first.length, 2);
  const updated = first.find((d: { id: string }) => d.id === manual.json.result.id);
  assert.equal(updated.creationType, 'data_api');
  assert.equal(updated.status, 'verified');
  assert.equal(updated.name, 'Typed in by hand', 'the merchant keeps its own name');
  assert.equal(updated.provider, 'ob-sandbox');
  assert.equal(updated.isDefault, true);

  await connectViaApp(world);
  const second = (await http('GET', accountsUrl(companyId), partner.terminalHeaders)).json.data.docs;
  assert.deepEqual(
    second.map((d: { id: string }) => d.id).sort(),
    first.map((d: { id: string }) => d.id).sort(),
  );
  assert.notEqual(
    second.find((d: { id: string }) => d.id === updated.id).consentID,
    updated.consentID,
    'the newest consent is kept',
  );
  const bank = world.app.deps.banks.get('ob-sandbox');
  assert.equal(
    (await bank.getAccountAccessConsent(updated.consentID)).status,
    'revoked',
    'the replaced consent is ended',
  );
  assert.equal((await bank.getAccountAccessConsent(second[0].consentID)).status, 'authorised');
});

test('a merchant who rejects at the bank connects nothing; the return URL refuses replays and junk', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId } = world;
  const started = await http('POST', accountsUrl(companyId, '/connect'), partner.terminalHeaders, {
    provider: 'ob-sandbox',
  });
  const res = await http(
    'POST',
    '/sandbox/v1/authorizations/reject',
    {},
    { authorizationUrl: started.json.data.authUri },
  );
  const page = await fetch(res.json.redirectUrl);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /nothing was connected/);
  assert.equal((await http('GET', accountsUrl(companyId), partner.terminalHeaders)).json.data.totalDocs, 0);

  const again = await connectWorld(t);
  const ok = await again.http(
    'POST',
    accountsUrl(again.companyId, '/connect'),
    again.partner.terminalHeaders,
    {
      provider: 'ob-sandbox',
    },
  );
  const back = await again.approve(ok.json.data.authUri);
  assert.equal((await fetch(back)).status, 200);
  const replay = await fetch(back);
  assert.equal(replay.status, 409, 'the code is used once');
  assert.match(await replay.text(), /already been used/);
  assert.equal(
    (await fetch(`${again.app.baseUrl}/public/v1/bank-accounts/return?state=nope&code=x`)).status,
    404,
  );
  const answerPage = await fetch(`${again.app.baseUrl}/public/v1/bank-accounts/return`);
  assert.equal(answerPage.status, 200, 'without a query: the page that posts the fragment');
  assert.match(await answerPage.text(), /action="\/public\/v1\/bank-accounts\/return"/);
  const junk = await fetch(`${again.app.baseUrl}/public/v1/bank-accounts/return`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'nothing=here',
  });
  assert.equal(junk.status, 400);
});

test('group D: the authorization URL connects the accounts, shown in form 2.8 with their webhook', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId } = world;
  const base = `/partner/v1/companies/${companyId}/bank-accounts`;
  const other = await http('GET', `${base}/authorization-url?provider=other`, partner.partnerHeaders);
  assert.equal(other.status, 400);
  const picker = await http('GET', `${base}/authorization-url`, partner.partnerHeaders);
  assert.equal(picker.status, 200);
  assert.match(picker.json.data.authUri, /\/public\/v1\/bank-accounts\/connect\//);

  const started = await http('GET', `${base}/authorization-url?provider=ob-sandbox`, partner.partnerHeaders);
  assert.equal(started.status, 200, JSON.stringify(started.json));
  assert.equal(started.json.data.authUri.startsWith(`${world.app.baseUrl}/sandbox-bank/authorize?`), true);
  const page = await fetch(await world.approve(started.json.data.authUri));
  assert.equal(page.status, 200);

  const list = await http('GET', base, partner.partnerHeaders);
  assert.deepEqual(
    list.json.data.map((d: Record<string, unknown>) => [d.status, d.connectionType, d.file]).sort(),
    [
      ['verified', 'data_api', null],
      ['verified', 'data_api', null],
    ],
  );
  await drainOutbox(world.app.deps);
  await world.receiver.waitForAcknowledged(4);
  const groupD = world.receiver.received.filter((r) => r.body.event_name === 'bank_account_status_update');
  assert.deepEqual(
    groupD.map((r) => r.body.bankAccountId).sort(),
    list.json.data.map((d: { id: string }) => d.id).sort(),
  );
  assert.ok(groupD.every((r) => r.verified && r.body.connection_type === 'data_api'));
});
