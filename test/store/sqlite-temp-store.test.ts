// SQLite keeps a transaction's sub-journal (the originals of the pages it changes, which group commit's
// savepoints need) in memory, not in a temp file: why, in src/store/database.ts at temp_store.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/store/database.js';

/** The files this process holds open that SQLite made as temp files (named etilqs_*). */
function sqliteTempFiles(): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ''; // closed meanwhile (the directory's own descriptor)
      }
    })
    .filter((target) => target.includes('etilqs_'));
}

test('a transaction that changes 100 existing pages (390 KiB) opens no temp file', {
  skip: process.platform !== 'linux' && 'reads /proc/self/fd',
}, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybank-temp-store-'));
  const store = openStore(`sqlite:${path.join(dir, 't.db')}`);
  t.after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  await sql`create table filler (id integer primary key, bytes blob)`.execute(store.db);
  await store.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 100; i++)
      await sql`insert into filler (bytes) values (${randomBytes(4000)})`.execute(trx);
  });

  let during: string[] = [];
  await store.db.transaction().execute(async (trx) => {
    // About a page a row: 100 pages that existed before the transaction's savepoint.
    await sql`update filler set bytes = ${randomBytes(4000)}`.execute(trx);
    during = sqliteTempFiles();
  });
  assert.deepEqual(during, [], 'the sub-journal stayed in memory');
  const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(store.db);
  assert.equal(rows.rows[0]?.n, 100);
});
