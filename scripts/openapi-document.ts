// Writes the OpenAPI document the service serves at /openapi.json to a file (argument, default stdout):
// `npm run lint:openapi` lints that file. Built as the service builds it, on a throwaway SQLite database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/server.js';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paybank-openapi-'));
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    ADMIN_TOKEN: 'openapi-document-token-0123456789',
    SANDBOX: 'true',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:8080',
    DATA_DIR: dataDir,
    WORKERS: 'false',
  });
  const { app } = await buildApp({ config });
  try {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    const text = `${JSON.stringify(res.json(), null, 2)}\n`;
    const out = process.argv[2];
    if (out) writeFileSync(out, text);
    else process.stdout.write(text);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
