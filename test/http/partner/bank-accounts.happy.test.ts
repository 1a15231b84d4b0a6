import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { setStatus } from '../../helpers/bank-accounts.js';
import { tenant } from '../../helpers/fixtures.js';
import { multipart, SAMPLE_FILES } from '../../helpers/multipart.js';

const url = (companyId: string, rest = '') => `/partner/v1/companies/${companyId}/bank-accounts${rest}`;
const fields = (overrides: Record<string, string> = {}) => ({
  providerExternalId: 'other',
  externalAccountId: '31926819',
  identification: '601613',
  name: 'Shop takings',
  ...overrides,
});

test('create with a statement (multipart): form 2.8, the file kept and served back', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const form = await multipart(fields(), { name: 'October statement.pdf', data: SAMPLE_FILES.pdf });
  const res = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...form.headers },
    payload: form.payload,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['api-version'], '1.4');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.deepEqual(
    { ...result, id: undefined, createdAt: undefined },
    {
      id: undefined,
      createdAt: undefined,
      providerExternalId: 'other',
      externalAccountId: '31926819',
      identification: '601613',
      name: 'Shop takings',
      file: {
        name: 'October statement.pdf',
        contentType: 'application/pdf',
        size: SAMPLE_FILES.pdf.length,
        url: `http://localhost:8080/partner/v1/companies/${company.id}/bank-accounts/${result.id}/file`,
      },
      status: 'pending',
      connectionType: 'manual',
      isDefault: true,
    },
  );
  const file = await app.call({
    method: 'GET',
    url: url(company.id, `/${result.id}/file`),
    headers: partner.partnerHeaders,
  });
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'application/pdf');
  assert.match(String(file.headers['content-disposition']), /^attachment; filename="October statement.pdf"/);
  assert.deepEqual(file.rawPayload, SAMPLE_FILES.pdf);

  const b = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/bank-accounts/${result.id}`,
    headers: partner.terminalHeaders,
  });
  assert.equal(b.json().data.creationType, 'manual', 'the same account in group B');
});

test('create without a file, of each listed format by content; list, get, rename with a JSON string', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const plain = await multipart(fields({ externalAccountId: '00000001' }));
  const res = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...plain.headers },
    payload: plain.payload,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().result.file, null);
  const id = res.json().result.id;
  for (const [i, [ext, data]] of Object.entries(SAMPLE_FILES).entries()) {
    const form = await multipart(fields({ externalAccountId: `1000000${i}`, name: ext }), {
      name: `statement.${ext.toUpperCase()}`,
      data,
    });
    const r = await app.call({
      method: 'POST',
      url: url(company.id),
      headers: { ...partner.partnerHeaders, ...form.headers },
      payload: form.payload,
    });
    assert.equal(r.statusCode, 200, `${ext}: ${r.body}`);
  }
  const list = await app.call({ method: 'GET', url: url(company.id), headers: partner.partnerHeaders });
  assert.equal(list.statusCode, 200);
  assert.equal(list.json().data.length, 4);

  const renamed = await app.call({
    method: 'PATCH',
    url: url(company.id, `/${id}`),
    headers: { ...partner.partnerHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify('Savings'),
  });
  assert.equal(renamed.statusCode, 200, renamed.body);
  assert.equal(renamed.json().created, true);
  assert.equal(renamed.json().result.name, 'Savings');
  const got = await app.call({
    method: 'GET',
    url: url(company.id, `/${id}`),
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.name, 'Savings');
});

test('statuses show with spaces; each change sends bank_account_status_update with connection_type', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const form = await multipart(fields());
  const res = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...form.headers },
    payload: form.payload,
  });
  const id = res.json().result.id;
  await setStatus(app, id, 'manual_review_required');
  const got = await app.call({
    method: 'GET',
    url: url(company.id, `/${id}`),
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.status, 'manual review required');
  const events = await app.deps.db
    .selectFrom('events')
    .select(['event_name', 'payload', 'destination_id'])
    .where('resource_id', '=', id)
    .where('event_name', '=', 'bank_account_status_update')
    .execute();
  assert.equal(events.length, 1);
  assert.equal(events[0]?.destination_id, partner.id);
  assert.deepEqual(JSON.parse(events[0]?.payload ?? '{}'), {
    event_name: 'bank_account_status_update',
    merchantId: company.id,
    bankAccountId: id,
    status: 'manual review required',
    connection_type: 'manual',
  });
});
