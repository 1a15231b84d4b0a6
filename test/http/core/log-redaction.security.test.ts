// The info request log never holds a credential that travels in a URL: link tokens, OAuth returns,
// verification links (issue 12 item 6), nor the credential headers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';
import { tokenOf } from '../../helpers/payment-flow.js';

function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

test('logged URLs hide link tokens, OAuth code/state/id_token and verification tokens', async (t) => {
  const log = capture();
  const app = await buildTestApp(t, { LOG_LEVEL: 'info' }, { logStream: log.stream });
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody(),
  });
  assert.equal(created.statusCode, 200, created.body);
  const token = tokenOf(created.json().result.link);
  const secrets = {
    token,
    code: 'code-5f1e0c7a9b',
    state: 'state-8d2c4b6e1f',
    idToken: 'eyJhbGciOiJQUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
    verification: 'verif-3a9d7e5c2b1f4a6e',
    request: 'eyJhbGciOiJQUzI1NiJ9.cmVxdWVzdA.c2ln',
  };
  const urls = [
    `/p?=${token}`,
    `/rp?=${token}`,
    `/rf?=${token}`,
    `/p/transfer?token=${token}`,
    `/public/v1/qr/${token}.svg`,
    `/public/v1/return?code=${secrets.code}&id_token=${secrets.idToken}&state=${secrets.state}`,
    `/public/v1/result?state=${secrets.state}`,
    `/public/v1/bank-accounts/return?state=${secrets.state}&code=${secrets.code}`,
    `/public/v1/verification/${secrets.verification}`,
    `/public/v1/verification/${secrets.verification}/start`,
    `/public/v1/bank-accounts/connect/${secrets.state}`,
    `/sandbox-bank/authorize?client_id=paybank&request=${secrets.request}`,
  ];
  for (const url of urls) await app.call({ method: 'GET', url });
  await app.call({ method: 'GET', url: '/merchant/v1/payments?page=2&limit=5', headers: m.headers });

  const text = log.lines.join('');
  const logged = log.lines
    .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
    .filter((entry) => entry.msg === 'request completed')
    .map((entry) => entry.req?.url);
  assert.ok(logged.length >= urls.length, 'every request is logged');
  for (const [name, value] of Object.entries(secrets)) {
    assert.equal(text.includes(value), false, `${name} appears in the log`);
  }
  assert.equal(text.includes(m.headers['secret-key'] as string), false, 'secret-key header appears');
  assert.ok(logged.includes('/p?=[redacted]'), JSON.stringify(logged));
  assert.ok(logged.includes('/public/v1/qr/[redacted]'));
  assert.ok(logged.includes('/public/v1/return?code=[redacted]&id_token=[redacted]&state=[redacted]'));
  assert.ok(logged.includes('/public/v1/verification/[redacted]/start'));
  assert.ok(logged.includes('/public/v1/bank-accounts/connect/[redacted]'));
  // What is not a credential stays readable.
  assert.ok(logged.includes('/merchant/v1/payments?page=2&limit=5'));
});
