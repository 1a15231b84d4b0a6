// Migration 0014 masks the credentials that answers stored before it kept in clear (issue 12 item 4).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Sealed } from '../../src/domain/secret-box.js';
import { up } from '../../src/store/migrations/0014_idempotency_secrets.js';
import { buildTestApp } from '../helpers/app.js';

test('stored answers lose the secrets they carried; the rest of them is kept', async (t) => {
  const app = await buildTestApp(t);
  const row = (key: string, body: unknown) => ({
    credential: 'admin',
    key,
    request_hash: 'h',
    state: 'done' as const,
    response_status: 201,
    response_type: 'application/json; charset=utf-8',
    // Stored before sealing existed: clear text.
    response_body: (typeof body === 'string' ? body : JSON.stringify(body)) as Sealed,
    created_at: '2026-11-23T00:00:00.000Z',
    expires_at: '2026-11-24T00:00:00.000Z',
  });
  await app.deps.db
    .insertInto('idempotency_keys')
    .values([
      row('partner', { id: 'p1', name: 'P', apisecret: 'a-secret', webhookSecret: 'whsec_x' }),
      row('integration', { created: true, result: { id: 'i1', secretKey: 's-secret' } }),
      row('payment', { created: true, result: { id: 'pay1', amount: '1.00' } }),
      row('broken', '{"terminalSecret": "t-secret"'),
    ])
    .execute();
  await up(app.deps.db);
  const kept = new Map(
    (await app.deps.db.selectFrom('idempotency_keys').select(['key', 'response_body']).execute()).map((r) => [
      r.key,
      JSON.parse(r.response_body ?? 'null'),
    ]),
  );
  assert.deepEqual(kept.get('partner'), {
    id: 'p1',
    name: 'P',
    apisecret: '********',
    webhookSecret: '********',
  });
  assert.deepEqual(kept.get('integration'), { created: true, result: { id: 'i1', secretKey: '********' } });
  assert.deepEqual(kept.get('payment'), { created: true, result: { id: 'pay1', amount: '1.00' } });
  assert.equal(kept.has('broken'), false, 'an answer that cannot be read is dropped');
});
