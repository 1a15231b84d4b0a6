// A commit checkpoints the SQLite database only once the WAL holds 4,000 pages (database.ts
// WAL_CHECKPOINT_PAGES), not SQLite's default 1,000: until then the WAL file grows; at that mark it is
// copied back and starts over, so it stays near that size.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/store/database.js';

test('a SQLite database file checkpoints at 4,000 WAL pages, and its WAL starts over after', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybank-wal-'));
  const file = path.join(dir, 'w.db');
  const store = openStore(`sqlite:${file}`);
  t.after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  await sql`create table filler (bytes blob)`.execute(store.db);
  const pageSize = (await sql<{ page_size: number }>`pragma page_size`.execute(store.db)).rows[0]?.page_size;
  assert.equal(pageSize, 4096, 'the rows below fill about a page each');
  // A WAL frame: its 24-byte header and a page.
  const walPages = () => Math.floor(statSync(`${file}-wal`).size / (24 + pageSize));
  // Commits of 100 rows of 4,000 bytes: about a page each.
  const commit = () =>
    store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 100; i++) {
        await sql`insert into filler (bytes) values (${randomBytes(4000)})`.execute(trx);
      }
    });

  for (let i = 0; i < 25; i++) await commit();
  const before = walPages();
  assert.ok(before > 2_000 && before < 4_000, `about 2,500 pages in the WAL, not checkpointed: ${before}`);

  // At 4,000 pages: one checkpoint, then the next commits write the WAL from its start again.
  for (let i = 0; i < 25; i++) await commit();
  const after = walPages();
  assert.ok(after >= 4_000 && after < 4_000 + 2 * 110, `the WAL started over near 4,000 pages: ${after}`);
  const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(store.db);
  assert.equal(rows.rows[0]?.n, 5_000);
});
