// `paybank admin terminal rotate|revoke` (issue 12 item 7) against a running service.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ADMIN_TOKEN } from './helpers/app.js';
import { tenant } from './helpers/fixtures.js';
import { buildListeningApp } from './helpers/listening-app.js';

const run = promisify(execFile);
const BIN = new URL('../bin/paybank.js', import.meta.url).pathname;

async function paybank(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test('paybank admin terminal rotate prints the new secret; revoke ends the terminal', async (t) => {
  const app = await buildListeningApp(t);
  const env = { PAYBANK_URL: app.baseUrl, ADMIN_TOKEN };
  const { partner, company } = await tenant(app);
  const terminalId = partner.terminalHeaders['terminal-id'] as string;
  const list = (secret: string) =>
    fetch(`${app.baseUrl}/terminal/v1/companies/${company.id}/integrations`, {
      headers: { 'terminal-id': terminalId, 'terminal-secret': secret },
    });
  const ids = ['--partner', partner.id, '--terminal', terminalId];

  const rotated = await paybank(['admin', 'terminal', 'rotate', ...ids], env);
  assert.equal(rotated.code, 0, rotated.stderr);
  const { terminalSecret } = JSON.parse(rotated.stdout);
  assert.equal((await list(partner.terminalHeaders['terminal-secret'] as string)).status, 401);
  assert.equal((await list(terminalSecret)).status, 200);

  const revoked = await paybank(['admin', 'terminal', 'revoke', ...ids], env);
  assert.equal(revoked.code, 0, revoked.stderr);
  assert.deepEqual(JSON.parse(revoked.stdout), { deleted: true });
  assert.equal((await list(terminalSecret)).status, 401);

  const again = await paybank(['admin', 'terminal', 'revoke', ...ids], env);
  assert.equal(again.code, 1);
  assert.equal(JSON.parse(again.stderr).status, 404);
  const usage = await paybank(['admin', 'terminal', 'rotate', '--partner', partner.id], env);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--terminal is required/);
});
