// redactUrl: the rules behind the request log's redaction (issue 12 item 6).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactUrl } from '../../../src/log-options.js';

test('query values named as credentials are redacted, others kept', () => {
  assert.equal(redactUrl('/p?=abc'), '/p?=[redacted]');
  assert.equal(redactUrl('/p?abc'), '/p?[redacted]');
  assert.equal(redactUrl('/x?ID_TOKEN=j&page=2&Code=c'), '/x?ID_TOKEN=[redacted]&page=2&Code=[redacted]');
  assert.equal(redactUrl('/x?st%61te=s'), '/x?st%61te=[redacted]', 'an escaped name is still a name');
  assert.equal(redactUrl('/x?%zz=1&limit=5'), '/x?%zz=1&limit=5', 'a malformed escape is kept, not thrown');
});

test('a route parameter named token, state, code or file is redacted in any route', () => {
  assert.equal(redactUrl('/any/new/s3cr3t/page', { token: 's3cr3t' }), '/any/new/[redacted]/page');
  assert.equal(redactUrl('/a/b%2Fc/d', { state: 'b/c' }), '/a/[redacted]/d');
  assert.equal(redactUrl('/companies/abc/items', { companyId: 'abc' }), '/companies/abc/items');
  assert.equal(redactUrl('/public/v1/verification/v-1/start'), '/public/v1/verification/[redacted]/start');
});
