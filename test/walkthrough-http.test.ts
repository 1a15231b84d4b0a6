// docs/walkthrough.http (issue 15 item 5) stays in step with the OpenAPI document: it is the generator's
// output, each request is an operation of the document with the credentials it asks for, and the whole
// walkthrough runs against a service (the validating helper checks every request and answer on the way).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { STEPS, WALKTHROUGH_FILE, walkthroughHttp } from '../scripts/walkthrough-http.js';
import { ADMIN_TOKEN, buildTestApp } from './helpers/app.js';
import { buildListeningApp } from './helpers/listening-app.js';

type Json = Record<string, any>;

const SCHEME_HEADERS: Record<string, string> = {
  merchantIntegration: 'integration-id',
  merchantSecret: 'secret-key',
  terminalId: 'terminal-id',
  terminalSecret: 'terminal-secret',
  partnerSecret: 'apisecret',
  adminToken: 'authorization',
};

/** The document's path template a walkthrough URL names: `{{...}}` segments are its parameters. */
function operationOf(doc: Json, method: string, url: string): [string, Json] | undefined {
  const segments = url.split('?')[0]?.split('/') ?? [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    const template = path.split('/');
    if (template.length !== segments.length || !item[method.toLowerCase()]) continue;
    const fits = template.every(
      (part, i) => part === segments[i] || (/^\{.+\}$/.test(part) && /\{\{.+\}\}/.test(segments[i] ?? '')),
    );
    if (fits) return [path, item[method.toLowerCase()]];
  }
  return undefined;
}

test('docs/walkthrough.http is the generated collection, and each request is a documented operation', async (t) => {
  assert.equal(
    readFileSync(WALKTHROUGH_FILE, 'utf8'),
    walkthroughHttp(),
    'run node --import tsx scripts/walkthrough-http.ts',
  );
  const app = await buildTestApp(t);
  const doc = (await app.call({ method: 'GET', url: '/openapi.json' })).json() as Json;
  for (const step of STEPS) {
    const [method = '', path = ''] = (step.operation ?? `${step.method} ${step.url}`).split(' ');
    const found = operationOf(doc, method, path);
    assert.ok(found, `${step.name}: ${method} ${path} is in the document`);
    const [, op] = found;
    const headers = Object.keys(step.headers ?? {}).map((h) => h.toLowerCase());
    for (const requirement of op.security ?? []) {
      for (const scheme of Object.keys(requirement)) {
        assert.ok(headers.includes(SCHEME_HEADERS[scheme] ?? scheme), `${step.name}: sends ${scheme}`);
      }
    }
    assert.equal(
      Boolean(step.body),
      Boolean(op.requestBody),
      `${step.name}: a body where the document takes one`,
    );
  }
});

test('the walkthrough runs against a service, each answer a success', async (t) => {
  // Listening: the Open Banking adapter reaches the sandbox bank over HTTP.
  const app = await buildListeningApp(t);
  const answers = new Map<string, unknown>();
  const variables: Record<string, string> = { baseUrl: app.config.publicUrl, adminToken: ADMIN_TOKEN };
  const resolve = (text: string) =>
    text.replace(/\{\{([^}]+)\}\}/g, (_all, name: string) => {
      const reference = /^(\w+)\.response\.body\.\$\.(.+)$/.exec(name);
      if (!reference) return variables[name] ?? assert.fail(`no variable ${name}`);
      let value = answers.get(reference[1] ?? '') as Json | undefined;
      for (const key of (reference[2] ?? '').split('.')) value = value?.[key];
      assert.equal(typeof value, 'string', `{{${name}}} is a string`);
      return value as unknown as string;
    });
  for (const step of STEPS) {
    // The variables a person pastes: the runner takes them from the answers as the note says.
    if (step.variables?.paymentToken) {
      const link = (answers.get('payment') as Json).result.link as string;
      variables.paymentToken = link.split('p?=')[1] ?? '';
    }
    const url = resolve(step.url).replace(app.config.publicUrl, '');
    const body = step.body === undefined ? undefined : JSON.parse(resolve(JSON.stringify(step.body)));
    const headers = Object.fromEntries(Object.entries(step.headers ?? {}).map(([k, v]) => [k, resolve(v)]));
    const res = await app.call({ method: step.method, url, headers, ...(body ? { payload: body } : {}) });
    assert.ok(res.statusCode < 400, `${step.name}: ${res.statusCode} ${res.body}`);
    answers.set(step.name, res.headers['content-type']?.toString().includes('json') ? res.json() : res.body);
  }
  assert.equal((answers.get('paid') as Json).result.status, 'paid');
  assert.equal((answers.get('refund') as Json).result.status, 'refund_started');
});
