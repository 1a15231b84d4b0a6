import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
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

async function filesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

async function nothingStored(app: Awaited<ReturnType<typeof buildTestApp>>, companyId: string) {
  assert.deepEqual(await filesIn(app.config.filesDir), [], 'no file on disk');
  const rows = await app.deps.db
    .selectFrom('files')
    .select('key')
    .where('company_id', '=', companyId)
    .execute();
  assert.equal(rows.length, 0, 'no file row');
  const accounts = await app.deps.db
    .selectFrom('bank_accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .execute();
  assert.equal(accounts.length, 0, 'no bank account');
}

/** A files directory of the test's own (what it stores is looked for there), removed when it ends. */
function filesDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'paybank-files-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

test('a file that claims .pdf but is not one, or has an unlisted extension, is a 400 and stores nothing', async (t) => {
  const app = await buildTestApp(t, { FILES_DIR: filesDir(t) });
  const { partner, company } = await tenant(app);
  const cases: Array<[string, Buffer | string, RegExp]> = [
    ['statement.pdf', '<html><script>alert(1)</script></html>', /not a \.pdf file/],
    ['statement.pdf', SAMPLE_FILES.png, /not a \.pdf file/],
    ['statement.png', SAMPLE_FILES.pdf, /not a \.png file/],
    ['statement.docx', Buffer.from('PK\u0003\u0004 not an office file'), /not a \.docx file/],
    ['statement.txt', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), /not a \.txt file/],
    ['statement.exe', SAMPLE_FILES.pdf, /must be one of/],
    ['statement', SAMPLE_FILES.pdf, /must be one of/],
    ['statement.pdf', Buffer.alloc(0), /is empty/],
  ];
  for (const [name, data, detail] of cases) {
    const form = await multipart(fields(), { name, data });
    const res = await app.call({
      method: 'POST',
      url: url(company.id),
      headers: { ...partner.partnerHeaders, ...form.headers },
      payload: form.payload,
    });
    assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
    assert.equal(res.json().errors[0].field, '/file');
    assert.match(res.json().detail, detail);
  }
  await nothingStored(app, company.id);
});

test('a file over MAX_UPLOAD_BYTES is a 413 and stores nothing', async (t) => {
  const app = await buildTestApp(t, {
    MAX_UPLOAD_BYTES: '2048',
    FILES_DIR: filesDir(t),
  });
  const { partner, company } = await tenant(app);
  const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(4096, 0x20)]);
  const form = await multipart(fields(), { name: 'statement.pdf', data: big });
  const res = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...form.headers },
    payload: form.payload,
  });
  assert.equal(res.statusCode, 413, res.body);
  assert.equal(res.json().code, 'payload_too_large');
  await nothingStored(app, company.id);

  const fits = await multipart(fields(), { name: 'statement.pdf', data: SAMPLE_FILES.pdf });
  const ok = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...fits.headers },
    payload: fits.payload,
  });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal((await filesIn(app.config.filesDir)).length, 1);
});

test('400 for each field pattern, 409 for a duplicate (its file removed again), 415 for JSON', async (t) => {
  const app = await buildTestApp(t, { FILES_DIR: filesDir(t) });
  const { partner, company } = await tenant(app);
  const cases: Array<[Record<string, string>, string]> = [
    [{ externalAccountId: '1234567' }, '/externalAccountId'],
    [{ externalAccountId: '123456789' }, '/externalAccountId'],
    [{ externalAccountId: '1234567x' }, '/externalAccountId'],
    [{ identification: '12345' }, '/identification'],
    [{ identification: '1234567' }, '/identification'],
    [{ identification: 'abcdef' }, '/identification'],
    [{ providerExternalId: 'ob-nosuchbank' }, '/providerExternalId'],
    [{ name: '' }, '/name'],
  ];
  for (const [override, field] of cases) {
    const form = await multipart(fields(override), { name: 's.pdf', data: SAMPLE_FILES.pdf });
    const res = await app.call({
      method: 'POST',
      url: url(company.id),
      headers: { ...partner.partnerHeaders, ...form.headers },
      payload: form.payload,
    });
    assert.equal(res.statusCode, 400, `${JSON.stringify(override)}: ${res.body}`);
    assert.ok(
      res.json().errors.some((e: { field: string }) => e.field === field),
      res.body,
    );
  }
  const { identification: _, ...missing } = fields();
  const form = await multipart(missing);
  const res = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...form.headers },
    payload: form.payload,
  });
  assert.equal(res.statusCode, 400);
  await nothingStored(app, company.id);

  const first = await multipart(fields(), { name: 's.pdf', data: SAMPLE_FILES.pdf });
  const created = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...first.headers },
    payload: first.payload,
  });
  assert.equal(created.statusCode, 200);
  const again = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...first.headers },
    payload: first.payload,
  });
  assert.equal(again.statusCode, 409, again.body);
  assert.equal((await filesIn(app.config.filesDir)).length, 1, 'the refused duplicate left no file');

  const json = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: partner.partnerHeaders,
    payload: fields(),
  });
  assert.equal(json.statusCode, 415, json.body);
});

test('rename needs a JSON string; unknown accounts are 404; another partner is 403', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const intruder = await tenant(app, 'Intruder');
  const form = await multipart(fields());
  const created = await app.call({
    method: 'POST',
    url: url(company.id),
    headers: { ...partner.partnerHeaders, ...form.headers },
    payload: form.payload,
  });
  const id = created.json().result.id;
  for (const payload of [JSON.stringify({ name: 'x' }), JSON.stringify(''), '42']) {
    const res = await app.call({
      method: 'PATCH',
      url: url(company.id, `/${id}`),
      headers: { ...partner.partnerHeaders, 'content-type': 'application/json' },
      payload,
    });
    assert.equal(res.statusCode, 400, payload);
  }
  for (const path of ['/0123456789abcdef01234567', '/0123456789abcdef01234567/file', `/${id}/file`]) {
    const res = await app.call({
      method: 'GET',
      url: url(company.id, path),
      headers: partner.partnerHeaders,
    });
    assert.equal(res.statusCode, 404, path);
  }
  for (const call of [
    { method: 'GET' as const, url: url(company.id) },
    { method: 'GET' as const, url: url(company.id, `/${id}`) },
    { method: 'GET' as const, url: url(company.id, '/authorization-url') },
    { method: 'POST' as const, url: url(company.id), ...form },
  ]) {
    const res = await app.call({
      ...call,
      headers: { ...intruder.partner.partnerHeaders, ...(call as { headers?: object }).headers },
    });
    assert.equal(res.statusCode, 403, `${call.method} ${call.url}`);
    const anonymous = await app.call({
      ...call,
      headers: { ...(call as { headers?: Record<string, string> }).headers },
    });
    assert.equal(anonymous.statusCode, 401, `${call.method} ${call.url}`);
  }
});

test('the same Idempotency-Key with another file is a 422; with the same file the first answer is replayed', async (t) => {
  const app = await buildTestApp(t, { FILES_DIR: filesDir(t) });
  const { partner, company } = await tenant(app);
  const send = async (data: Buffer) => {
    const form = await multipart(fields(), { name: 'statement.pdf', data });
    return app.call({
      method: 'POST',
      url: url(company.id),
      headers: { ...partner.partnerHeaders, ...form.headers, 'idempotency-key': 'statement-upload-1' },
      payload: form.payload,
    });
  };
  const first = await send(SAMPLE_FILES.pdf);
  assert.equal(first.statusCode, 200, first.body);
  const replay = await send(SAMPLE_FILES.pdf);
  assert.equal(replay.statusCode, 200);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.equal(replay.json().result.id, first.json().result.id);
  const other = await send(Buffer.concat([SAMPLE_FILES.pdf, Buffer.from('% another statement\n')]));
  assert.equal(other.statusCode, 422, other.body);
  assert.equal((await filesIn(app.config.filesDir)).length, 1);
});
