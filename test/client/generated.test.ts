// The client's generated types are those of the service's document as it is now: a change to a route's
// schema without `npm run client:generate` fails here.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { GENERATED_FILE, generatedClientTypes } from '../../scripts/client-generate.js';

test('packages/client/src/generated/openapi.ts is a fresh generation of the document', async () => {
  const committed = await readFile(GENERATED_FILE, 'utf8');
  const fresh = await generatedClientTypes();
  assert.ok(fresh.includes('"/merchant/v1/payments"'));
  assert.ok(
    committed === fresh,
    'the document changed since the client was generated: run `npm run client:generate` and commit the result',
  );
});
