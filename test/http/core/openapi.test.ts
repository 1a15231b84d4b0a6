import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { AMOUNT_PATTERN } from '../../../src/domain/money.js';
import { PAYMENT_STATUSES } from '../../../src/domain/payments/payment.js';
import { OPERATION_IDS } from '../../../src/http/openapi-document.js';
import { PROBLEM_CODES } from '../../../src/http/problem.js';
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

type Json = Record<string, any>;

/** Every schema node under `node`, with the property name it sits under (if any). */
function* schemaNodes(node: unknown, name = ''): Generator<[string, Json]> {
  if (Array.isArray(node)) {
    for (const item of node) yield* schemaNodes(item, name);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  yield [name, node as Json];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [property, schema] of Object.entries(value)) yield* schemaNodes(schema, property);
    } else {
      yield* schemaNodes(value, key === 'items' ? name : '');
    }
  }
}

test('every operation is named, tagged, secured or public, and answers its errors as problem+json', async (t) => {
  const app = await buildTestApp(t);
  const doc = (await app.call({ method: 'GET', url: '/openapi.json' })).json() as Json;
  assert.deepEqual(doc.servers, [{ url: 'http://localhost:8080', description: 'this service (PUBLIC_URL)' }]);
  const ids = new Set<string>();
  const tags = new Set(doc.tags.map((tag: Json) => tag.name));
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.match(op.operationId, /^[a-z]+[A-Z][A-Za-z0-9]*$/, `${where}: operationId verb + noun`);
      assert.ok(!ids.has(op.operationId), `${where}: operationId ${op.operationId} is unique`);
      ids.add(op.operationId);
      assert.equal(op.tags?.length, 1, `${where}: one tag`);
      assert.ok(tags.has(op.tags[0]), `${where}: tag ${op.tags[0]} is declared`);
      assert.ok(Array.isArray(op.security), `${where}: security stated ([] when public)`);
      for (const parameter of op.parameters ?? []) {
        if (parameter.schema && 'default' in parameter.schema) {
          assert.equal(parameter.required, false, `${where}: ${parameter.name} has a default: optional`);
        }
      }
      const page = Object.values<Json>(op.responses).some((r) => r.content?.['text/html']);
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (!/^[45]/.test(status) || (path === '/public/v1/payments/initiate' && status === '401')) continue;
        assert.deepEqual(
          response.content?.['application/problem+json']?.schema,
          { $ref: '#/components/schemas/Problem' },
          `${where} ${status}: problem+json`,
        );
        if (!page)
          assert.deepEqual(Object.keys(response.content), ['application/problem+json'], `${where} ${status}`);
      }
      if (op.responses['429'])
        assert.ok(op.responses['429'].headers?.['Retry-After'], `${where}: Retry-After`);
      const body = op.requestBody?.content;
      for (const [type, media] of Object.entries<Json>(body ?? {})) {
        assert.match(media.schema.$ref ?? '', /^#\/components\/schemas\//, `${where} ${type}: named body`);
      }
      if (/^\/(merchant|terminal|partner|admin)\//.test(path) && method !== 'get') {
        assert.ok(
          op.parameters?.some((p: Json) => p.name === 'Idempotency-Key' && p.in === 'header'),
          `${where}: Idempotency-Key`,
        );
        for (const status of ['400', '401', '413', '415', '422', '500']) {
          assert.ok(op.responses[status], `${where}: ${status} documented`);
        }
      }
    }
  }
  assert.equal(doc.paths['/public/v1/payments/initiate'].post.security.length, 0);
  for (const [key, id] of Object.entries(OPERATION_IDS)) {
    const [method = '', path = ''] = key.split(' ');
    assert.equal(doc.paths[path]?.[method.toLowerCase()]?.operationId, id, `${key}: a route of the app`);
  }
  assert.ok(doc.paths['/merchant/v1/payments'].get.responses['200'].headers['X-Total-Count']);

  const schemas = doc.components.schemas;
  for (const name of [
    'Payment',
    'PaymentStatus',
    'RecurringPayment',
    'BankAccount',
    'Problem',
    'ProblemCode',
  ]) {
    assert.ok(schemas[name], `components.schemas.${name}`);
  }
  assert.deepEqual([...schemas.ProblemCode.enum].sort(), [...PROBLEM_CODES].sort());
  assert.deepEqual(schemas.PaymentStatus.enum, [...PAYMENT_STATUSES]);
  // Every status an enumeration, every amount with its pattern, wherever they are.
  const amounts = new Set(['amount', 'recurringAmount', 'initialPaymentAmount', 'refundAmount']);
  // The portal's forms are pages' forms (an empty refund amount there means all of it), not the API.
  const api = Object.fromEntries(Object.entries(schemas).filter(([name]) => !name.includes('Portal')));
  for (const [name, node] of schemaNodes({ paths: doc.paths, api, webhooks: doc.webhooks })) {
    if (name === 'status' && node.type === 'string')
      assert.ok(node.enum || node.const, 'status: an enumeration');
    if (amounts.has(name) && node.type === 'string')
      assert.equal(node.pattern, AMOUNT_PATTERN, `${name}: pattern`);
  }

  const webhooks = Object.keys(doc.webhooks).sort();
  assert.deepEqual(webhooks, [
    'bank_account_status_update',
    'company_verification_status_update',
    'officer_verification_status_update',
    'payment.bank_mismatch',
    'payment.status_updated',
    'reconsent-notification',
    'recurring_payment.bank_mismatch',
    'recurring_payment.item_updated',
    'recurring_payment.status_updated',
    'status-update',
    'webhook.test',
  ]);
  for (const name of webhooks) {
    const post = doc.webhooks[name].post;
    assert.deepEqual(
      post.parameters.map((p: Json) => p.name),
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
    );
    assert.match(post.requestBody.content['application/json'].schema.$ref, /^#\/components\/schemas\//);
  }
});

test('/docs renders the reference', async (t) => {
  const app = await buildTestApp(t);
  const res = await app.call({ method: 'GET', url: '/docs/' });
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /swagger/i);
});
