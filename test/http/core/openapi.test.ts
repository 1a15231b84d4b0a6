import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { buildTestApp } from '../../helpers/app.js';

test('/openapi.json is a valid OpenAPI 3.1 document listing every route of the app', async (t) => {
  const app = await buildTestApp(t);
  const res = await app.call({ method: 'GET', url: '/openapi.json' });
  assert.equal(res.statusCode, 200);
  const doc = res.json();
  assert.equal(doc.openapi, '3.1.0');
  const result = await validate(structuredClone(doc));
  assert.equal(result.valid, true, JSON.stringify(result, null, 2));

  const routes = app.routes;
  const documented = new Set<string>();
  for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
    for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
  }
  const missing = routes
    .filter((r) => !r.url.startsWith('/docs') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`)
    .filter((key) => !documented.has(key));
  assert.deepEqual(missing, []);
  assert.ok(routes.length > 10);

  const tags = Object.fromEntries(
    doc.tags.map((tag: { name: string; 'x-version'?: string }) => [tag.name, tag['x-version']]),
  );
  assert.deepEqual(
    { a: tags['merchant-payments'], b: tags['bank-accounts'], c: tags.integrations, d: tags.partner },
    { a: '1.1', b: '1.0.2', c: '1.0', d: '1.4' },
  );
});

test('/docs renders the reference', async (t) => {
  const app = await buildTestApp(t);
  const res = await app.call({ method: 'GET', url: '/docs/' });
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /swagger/i);
});
