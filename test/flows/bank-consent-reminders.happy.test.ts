// Consent reminders with the clock moved 60, 76, 89 and 90 days after consent: one reminder at each
// point, received and verified; reconsent makes the consent up to date again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sendDueConsentReminders } from '../../src/domain/bank-accounts/consent-reminders.js';
import { accountsUrl } from '../helpers/bank-accounts.js';
import { connectViaApp, connectWorld } from '../helpers/bank-connect.js';

test('one reconsent-notification at day-30, day-14, day-1 and expired; reconsent resets it', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId, receiver } = world;
  await connectViaApp(world);
  const docs = (await http('GET', accountsUrl(companyId), partner.terminalHeaders)).json.data.docs;
  const account = docs.find(
    (d: { accountNumber: string }) => d.accountNumber === world.customer.accounts[0]?.accountNumber,
  );
  const reminders = () =>
    receiver.received.filter((r) => r.path === '/partner' && r.body.eventName === 'reconsent-notification');
  const advance = async (days: number) => {
    const res = await http('POST', '/sandbox/v1/clock/advance', {}, { days });
    assert.equal(res.status, 200, JSON.stringify(res.json));
  };

  await advance(59);
  assert.equal(reminders().length, 0, 'nothing before day 60');
  let seen = 0;
  for (const [days, point] of [
    [1, 'day-30'],
    [16, 'day-14'],
    [13, 'day-1'],
    [1, 'expired'],
  ] as const) {
    await advance(days);
    const mine = reminders().filter((r) => r.body.id === account.id);
    assert.equal(mine.length, seen + 1, `exactly one reminder at ${point}`);
    seen += 1;
    const last = mine.at(-1);
    assert.equal(last?.verified, true);
    assert.deepEqual(last?.body, {
      ...account,
      eventScope: 'bank-accounts',
      eventName: 'reconsent-notification',
      bankConsentExpired: point,
      companyID: companyId,
    });
    const got = await http('GET', accountsUrl(companyId, `/${account.id}`), partner.terminalHeaders);
    assert.equal(got.json.data.bankConsentExpired, point);
    assert.equal(await sendDueConsentReminders(world.app.deps), 0, 'never twice for the same point');
    await advance(0);
    assert.equal(reminders().filter((r) => r.body.id === account.id).length, seen);
  }
  // Both accounts of the consent were reminded, each once per point.
  assert.equal(reminders().length, 8);

  const reconsent = await http(
    'POST',
    accountsUrl(companyId, `/${account.id}/reconsent`),
    partner.terminalHeaders,
  );
  assert.equal(reconsent.status, 200, JSON.stringify(reconsent.json));
  assert.equal(reconsent.json.data.id, account.id);
  assert.equal(reconsent.json.data.bankConsentExpired, 'expired');
  const back = await world.approve(reconsent.json.data.reconsentUri);
  const page = await fetch(back);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Access to your account has been renewed/);
  const renewed = (await http('GET', accountsUrl(companyId, `/${account.id}`), partner.terminalHeaders)).json
    .data;
  assert.equal(renewed.bankConsentExpired, 'up-to-date');
  assert.notEqual(renewed.consentID, account.consentID);
  assert.equal(renewed.status, 'verified');

  await advance(60);
  const after = reminders().filter((r) => r.body.id === account.id);
  assert.equal(after.length, 5, 'the new consent is reminded again');
  assert.equal(after.at(-1)?.body.bankConsentExpired, 'day-30');
  assert.equal(after.at(-1)?.body.consentID, renewed.consentID);
});
