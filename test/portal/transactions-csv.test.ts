// The CSV export of a company's transactions holds what the partner API lists for it, row for row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../src/domain/ids.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, paidPayment } from '../helpers/payment-flow.js';
import { signedInUser } from '../helpers/portal.js';
import { apiRows, parseCsv } from '../helpers/transactions-csv.js';

test('the CSV export and the transactions page equal the API transactions; another partner gets a 404', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  await paidPayment(app, m, { invoiceRefNumber: 'INV-1' });
  await paidPayment(app, m, { invoiceRefNumber: '-2' });
  const { client } = await signedInUser(app, { role: 'viewer', partner: m.partner });
  const res = await client.get(`/portal/companies/${m.companyId}/transactions.csv`);
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/csv/);
  assert.match(String(res.headers['content-disposition']), /attachment/);
  const [header, ...rows] = parseCsv(res.body);
  assert.equal(header![0], 'id');
  const api = await http(app, 'GET', `/partner/v1/companies/${m.companyId}/transactions?limit=100`, {
    headers: m.partner.partnerHeaders,
  });
  const expected = apiRows(api.json().data.docs).map((r) => r.map((c) => (/^[=+\-@]/.test(c) ? `'${c}` : c)));
  assert.equal(rows.length, 2);
  assert.deepEqual(rows, expected);
  assert.ok(
    rows.every((r) => r.every((c) => !/^[=+\-@]/.test(c))),
    'no cell starts as a spreadsheet formula',
  );

  // The same transactions as a page, newest first, with the export linked.
  const html = await client.get(`/portal/companies/${m.companyId}/transactions`);
  assert.equal(html.statusCode, 200);
  assert.match(
    html.body,
    /href="\/portal\/companies\/[0-9a-f]{24}\/transactions.csv" download>Download all as CSV/,
  );
  assert.match(html.body, /2 transactions/);
  const listed = [...html.body.matchAll(/data-transaction="([0-9a-f]{24})"/g)].map((x) => x[1]);
  assert.deepEqual(
    listed,
    rows.map((r) => r[0]),
  );
  for (const doc of api.json().data.docs) {
    assert.match(
      html.body,
      new RegExp(
        `data-transaction="${doc.id}"[\\s\\S]*?£${doc.amount}[\\s\\S]*?class="status">${doc.status}<`,
      ),
    );
  }

  const other = await signedInUser(app, { email: 'them@other.example' });
  assert.equal((await other.client.get(`/portal/companies/${m.companyId}/transactions.csv`)).statusCode, 404);
  assert.equal((await other.client.get(`/portal/companies/${m.companyId}/transactions`)).statusCode, 404);
});

test('the CSV export streams every page: 230 transactions, each once, newest first', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  await paidPayment(app, m, { invoiceRefNumber: 'INV-1' });
  const model = await app.deps.db.selectFrom('transactions').selectAll().executeTakeFirstOrThrow();
  // Copies of the one real transaction, a second apart: three pages of the 100 the export reads at a time.
  const base = Date.parse(model.created_at);
  const copies = Array.from({ length: 229 }, (_, i) => ({
    ...model,
    id: newId(),
    // Each bank reference is the bank's own, unique.
    external_ref: model.external_ref && `${model.external_ref}-${i}`,
    created_at: new Date(base - (i + 1) * 1000).toISOString(),
  }));
  await app.deps.db.insertInto('transactions').values(copies).execute();
  const { client } = await signedInUser(app, { role: 'viewer', partner: m.partner });
  const res = await client.get(`/portal/companies/${m.companyId}/transactions.csv`);
  assert.equal(res.statusCode, 200);
  const [, ...rows] = parseCsv(res.body);
  const ids = rows.map((r) => r[0]);
  assert.equal(ids.length, 230);
  assert.equal(new Set(ids).size, 230);
  assert.deepEqual(ids, [model.id, ...copies.map((c) => c.id)]);
});
