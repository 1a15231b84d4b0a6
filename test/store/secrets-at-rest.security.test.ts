// Webhook signing secrets are stored sealed (issue 12 item 5): never in clear in the database, clear rows
// of an older version sealed at start, a rotated key taken over; the key file and the SQLite files are
// private to the service's user.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { SecretBox } from '../../src/domain/secret-box.js';
import { loadSecretBox } from '../../src/secrets-key.js';
import { buildApp } from '../../src/server.js';
import { openStore } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../helpers/app.js';
import { adminHeaders, createIntegration, tenant } from '../helpers/fixtures.js';

const keyText = () => randomBytes(32).toString('base64');
const modeOf = (file: string) => statSync(file).mode & 0o777;

async function stored(app: TestApp, integrationId: string, partnerId: string) {
  const integration = await app.deps.db
    .selectFrom('integrations')
    .select('webhook_secret')
    .where('id', '=', integrationId)
    .executeTakeFirstOrThrow();
  const partner = await app.deps.db
    .selectFrom('partners')
    .select('webhook_secret')
    .where('id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return { integration: integration.webhook_secret as string, partner: partner.webhook_secret as string };
}

/** The same database opened again by a newly started service with other settings. */
async function restart(app: TestApp, env: Record<string, string>) {
  const keys = loadConfig({ ...env, DATA_DIR: app.config.dataDir });
  const again = await buildApp({
    config: { ...app.config, secretsKey: keys.secretsKey, secretsKeyPrevious: keys.secretsKeyPrevious },
    store: app.deps.store,
    clock: app.clock,
  });
  await again.app.close();
  return again.deps.secrets;
}

async function world(app: TestApp) {
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const made = await app.call({
    method: 'POST',
    url: '/admin/v1/partners',
    headers: adminHeaders,
    payload: { name: 'Hooked partner', webhookUrl: 'https://partner.example/hooks' },
  });
  assert.equal(made.statusCode, 201, made.body);
  return {
    integration: { id: integration.id, secret: integration.webhookSecret },
    partner: { id: made.json().id as string, secret: made.json().webhookSecret as string },
  };
}

test('webhook secrets are stored sealed, never in clear, and open to what was answered', async (t) => {
  const app = await buildTestApp(t, { SECRETS_KEY: keyText() });
  const w = await world(app);
  const rows = await stored(app, w.integration.id, w.partner.id);
  for (const [name, value, secret] of [
    ['integration', rows.integration, w.integration.secret],
    ['partner', rows.partner, w.partner.secret],
  ] as const) {
    assert.match(value, /^pbenc:v1:[0-9a-f]{8}:/, `${name} secret is sealed`);
    assert.equal(value.includes(secret.slice('whsec_'.length)), false, `${name} secret in clear`);
    assert.equal(app.deps.secrets.open(value), secret);
  }
});

test('clear secrets of an older version are sealed at start; a rotated key is taken over', async (t) => {
  const first = keyText();
  const app = await buildTestApp(t, { SECRETS_KEY: first });
  const w = await world(app);
  // As an older version stored them.
  await app.deps.db
    .updateTable('integrations')
    .set({ webhook_secret: w.integration.secret as never })
    .where('id', '=', w.integration.id)
    .execute();
  await app.deps.db
    .updateTable('partners')
    .set({ webhook_secret: w.partner.secret as never })
    .where('id', '=', w.partner.id)
    .execute();

  await restart(app, { SECRETS_KEY: first });
  const sealed = await stored(app, w.integration.id, w.partner.id);
  assert.match(sealed.integration, /^pbenc:v1:/);
  assert.match(sealed.partner, /^pbenc:v1:/);

  // Rotation: the new key seals, the previous one only opens what it sealed until everything is resealed.
  const second = keyText();
  const box = await restart(app, { SECRETS_KEY: second, SECRETS_KEY_PREVIOUS: first });
  const resealed = await stored(app, w.integration.id, w.partner.id);
  assert.equal(resealed.integration.startsWith(`pbenc:v1:${box.currentKeyId}:`), true);
  assert.equal(resealed.partner.startsWith(`pbenc:v1:${box.currentKeyId}:`), true);
  const secondOnly = new SecretBox(Buffer.from(second, 'base64'));
  assert.equal(secondOnly.open(resealed.integration), w.integration.secret);
  assert.equal(secondOnly.open(resealed.partner), w.partner.secret);
});

function scratch(t: TestContext, prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return join(root, 'data');
}

test('without SECRETS_KEY the key is generated once in DATA_DIR, 0600 in a 0700 directory', (t) => {
  const dataDir = scratch(t, 'paybank-key-');
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN });
  const box = loadSecretBox(config);
  assert.equal(modeOf(join(dataDir, 'secrets.key')), 0o600);
  assert.equal(modeOf(dataDir), 0o700);
  const sealed = box.seal('whsec_abc');
  assert.equal(loadSecretBox(config).open(sealed), 'whsec_abc', 'the same key on the next start');
  assert.throws(() => loadConfig({ SECRETS_KEY: 'not-a-key' }), /SECRETS_KEY/);

  const keyed = scratch(t, 'paybank-keyed-');
  loadSecretBox(loadConfig({ DATA_DIR: keyed, ADMIN_TOKEN, SECRETS_KEY: keyText() }));
  assert.equal(modeOf(keyed), 0o700, 'DATA_DIR is private with SECRETS_KEY too');
  assert.equal(existsSync(join(keyed, 'secrets.key')), false, 'no key file beside SECRETS_KEY');
});

test('the SQLite database and its WAL are created 0600 in a 0700 directory', async (t) => {
  const dir = scratch(t, 'paybank-db-');
  const file = join(dir, 'paybank.db');
  const store = openStore(`sqlite:${file}`);
  await migrateToLatest(store.db);
  for (const name of [file, `${file}-wal`, `${file}-shm`]) assert.equal(modeOf(name), 0o600, name);
  assert.equal(modeOf(dir), 0o700);
  await store.close();
});

test('a first response kept for Idempotency-Key replays is sealed, and the secrets it showed are not kept even under the seal', async (t) => {
  const app = await buildTestApp(t, { SECRETS_KEY: keyText() });
  const request = {
    method: 'POST' as const,
    url: '/admin/v1/partners',
    headers: { ...adminHeaders, 'idempotency-key': 'partner-once' },
    payload: { name: 'Hooked partner', webhookUrl: 'https://partner.example/hooks' },
  };
  const first = await app.call(request);
  assert.equal(first.statusCode, 201, first.body);
  const { apisecret, webhookSecret } = first.json();
  const row = await app.deps.db
    .selectFrom('idempotency_keys')
    .select('response_body')
    .where('key', '=', 'partner-once')
    .executeTakeFirstOrThrow();
  const stored = row.response_body as string;
  assert.match(stored, /^pbenc:v1:/);
  assert.equal(stored.includes(apisecret), false, 'apisecret stored in clear');
  assert.equal(stored.includes(webhookSecret.slice('whsec_'.length)), false, 'webhook secret in clear');

  const replay = await app.call(request);
  assert.equal(replay.statusCode, 201);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  // The replay is the first answer with the issued secrets masked (API.md 1.2): sealing hides the
  // rest of the answer at rest, and the secrets themselves are never kept at all.
  assert.deepEqual(replay.json(), { ...first.json(), apisecret: '********', webhookSecret: '********' });
  assert.equal(app.deps.secrets.open(stored).includes(apisecret), false, 'apisecret kept under the seal');
});
