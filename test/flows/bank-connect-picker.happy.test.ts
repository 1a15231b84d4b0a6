// Connect via app without a provider: the service's page where the merchant picks the bank, over HTTP.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accountsUrl } from '../helpers/bank-accounts.js';
import { bankFiles } from '../helpers/bank-config.js';
import { connectWorld } from '../helpers/bank-connect.js';

test('without a provider the authUri is the picker page; choosing the bank leads to its authorisation', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId, app } = world;
  const noBody = await fetch(`${app.baseUrl}${accountsUrl(companyId, '/connect')}`, {
    method: 'POST',
    headers: partner.terminalHeaders,
  });
  assert.equal(noBody.status, 200, await noBody.clone().text());
  const started = await http('POST', accountsUrl(companyId, '/connect'), partner.terminalHeaders, {});
  assert.equal(started.status, 200);
  const picker = started.json.data.authUri as string;
  assert.match(picker, new RegExp(`^${app.baseUrl}/public/v1/bank-accounts/connect/[A-Za-z0-9_-]{32}$`));

  const page = await fetch(picker);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('cache-control'), 'no-store');
  const html = await page.text();
  assert.match(html, /Connect a bank account for Acme Widgets Ltd/);
  assert.match(
    html,
    /<button type="submit" name="provider" value="ob-sandbox" data-provider="ob-sandbox">[\s\S]*?<span class="bank-name">Sandbox Bank<\/span>/,
  );
  assert.doesNotMatch(html, /value="other"/, 'a bank without an API cannot be connected');

  const form = (provider: string) =>
    fetch(picker, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ provider }).toString(),
    });
  const wrong = await form('ob-nosuchbank');
  assert.equal(wrong.status, 400);
  assert.match(await wrong.text(), /must be a bank that can be connected/);

  const chosen = await form('ob-sandbox');
  assert.equal(chosen.status, 303);
  const bankUrl = chosen.headers.get('location') ?? '';
  assert.ok(bankUrl.startsWith(`${app.baseUrl}/sandbox-bank/authorize?`), bankUrl);
  const twice = await form('ob-sandbox');
  assert.equal(twice.status, 303, 'a second click goes to the same page at the bank');
  assert.equal(twice.headers.get('location'), bankUrl);
  const other = await form('ob-sandbox-other');
  assert.equal(other.status, 400);

  const back = await world.approve(bankUrl);
  const result = await fetch(back);
  assert.equal(result.status, 200);
  assert.match(await result.text(), /Your bank account is connected/);
  const list = await http('GET', accountsUrl(companyId), partner.terminalHeaders);
  assert.equal(list.json.data.totalDocs, 2);

  const closed = await fetch(picker);
  assert.match(await closed.text(), /A bank has already been chosen with this link/);
  const unknown = await fetch(`${app.baseUrl}/public/v1/bank-accounts/connect/no-such-link`);
  assert.equal(unknown.status, 404);
});

test('the picker page escapes what it shows', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId, app } = world;
  await app.deps.db
    .updateTable('companies')
    .set({ name: '<script>alert("x")</script> & Co' })
    .where('id', '=', companyId)
    .execute();
  const started = await http('POST', accountsUrl(companyId, '/connect'), partner.terminalHeaders, {});
  const html = await (await fetch(started.json.data.authUri)).text();
  assert.doesNotMatch(html, /<script>/);
  assert.match(html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; Co/);
});

test("the picker page lets its form lead on to each configured bank's authorisation page", async (t) => {
  const world = await connectWorld(t, {
    OPEN_BANKING_PROVIDERS: JSON.stringify([
      {
        id: 'ob-examplebank',
        name: 'Example Bank',
        baseUrl: 'https://api.examplebank.example',
        authorizationUrl: 'https://auth.examplebank.example/authorize',
        clientId: 'paybank',
        accountInformation: true,
        ...(await bankFiles()),
      },
    ]),
  });
  const { http, partner, companyId } = world;
  const started = await http('POST', accountsUrl(companyId, '/connect'), partner.terminalHeaders, {});
  const page = await fetch(started.json.data.authUri);
  const policy = page.headers.get('content-security-policy') ?? '';
  const formAction = policy.split(';').find((d) => d.startsWith('form-action')) ?? '';
  assert.equal(formAction, `form-action 'self' ${world.app.baseUrl} https://auth.examplebank.example`);
  assert.match(
    await page.text(),
    /data-provider="ob-examplebank">[\s\S]*?<span class="bank-name">Example Bank</,
  );
});
