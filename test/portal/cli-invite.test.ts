// `paybank admin user invite` against a running service, as an operator would use it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ADMIN_TOKEN } from '../helpers/app.js';
import { createPartner } from '../helpers/fixtures.js';
import { buildListeningApp } from '../helpers/listening-app.js';

const run = promisify(execFile);
const BIN = new URL('../../bin/paybank.js', import.meta.url).pathname;

test('paybank admin user invite: the invitation with its link, printed as JSON', async (t) => {
  const app = await buildListeningApp(t);
  const partner = await createPartner(app);
  const env = { ...process.env, PAYBANK_URL: app.baseUrl, ADMIN_TOKEN };
  const args = ['admin', 'user', 'invite', '--partner', partner.id, '--email', 'cli@partner.example'];
  const { stdout } = await run(process.execPath, [BIN, ...args, '--role', 'admin'], { env });
  const invited = JSON.parse(stdout);
  assert.equal(invited.email, 'cli@partner.example');
  assert.equal(invited.role, 'admin');
  assert.ok(invited.inviteUrl.startsWith(`${app.baseUrl}/portal/invite/`));
  const page = await fetch(invited.inviteUrl);
  assert.equal(page.status, 200);

  const refused = await run(process.execPath, [BIN, ...args.slice(0, -1), 'x@y.example', '--role', 'king'], {
    env,
  }).catch((err: { code: number; stderr: string }) => err);
  assert.equal((refused as { code: number }).code, 1, 'an unknown role is refused');
});
