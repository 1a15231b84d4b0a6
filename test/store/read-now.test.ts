// Reusable reads on SQLite run at once when no transaction holds the connection (group-commit.ts
// readNow), and queue as before when one does: they never see a transaction's rows before it ends, nor
// a rolled-back one's at all; inside a transaction they take the transaction's own way.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openStore } from '../../src/store/database.js';
import { GroupCommitDriver } from '../../src/store/group-commit.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { reusableQuery } from '../../src/store/reusable-query.js';

const settingValue = reusableQuery((db, name: string) =>
  db.selectFrom('settings').select('value').where('name', '=', name),
);

async function sqliteStore(t: { after(fn: () => unknown): void }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybank-read-now-'));
  const store = openStore(`sqlite:${path.join(dir, 'r.db')}`);
  await migrateToLatest(store.db);
  t.after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // Counts the connection's acquisitions: a read run at once takes none.
  let acquired = 0;
  const acquire = GroupCommitDriver.prototype.acquireConnection;
  GroupCommitDriver.prototype.acquireConnection = function (this: GroupCommitDriver) {
    acquired += 1;
    return acquire.call(this);
  };
  t.after(() => {
    GroupCommitDriver.prototype.acquireConnection = acquire;
  });
  return { store, acquired: () => acquired };
}

test('a reusable read with the connection free runs at once, without queueing for it', async (t) => {
  const { store, acquired } = await sqliteStore(t);
  await store.db.insertInto('settings').values({ name: 'a', value: '1' }).execute();
  const before = acquired();
  assert.deepEqual(await settingValue(store.db, 'a'), [{ value: '1' }]);
  assert.deepEqual(await settingValue(store.db, 'missing'), []);
  assert.equal(acquired(), before, 'no connection was acquired');
});

test('a reusable read while a transaction holds the connection waits for it, and sees only what it committed', async (t) => {
  const { store, acquired } = await sqliteStore(t);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted!: () => void;
  const insertedYet = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const rolledBack = store.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('settings').values({ name: 'b', value: 'never' }).execute();
      inserted();
      await gate;
      throw new Error('rolled back');
    })
    .catch((err: Error) => err.message);
  await insertedYet;
  const before = acquired();
  let answered: unknown;
  const read = settingValue(store.db, 'b').then((rows) => {
    answered = rows;
    return rows;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(answered, undefined, 'the read waited for the transaction');
  release();
  assert.equal(await rolledBack, 'rolled back');
  assert.deepEqual(await read, [], 'the rolled-back row was never seen');
  assert.ok(acquired() > before, 'the waiting read queued for the connection');

  // Inside a transaction, a reusable read on it sees the transaction's own rows.
  const seen = await store.db.transaction().execute(async (trx) => {
    await trx.insertInto('settings').values({ name: 'c', value: 'mine' }).execute();
    return settingValue(trx, 'c');
  });
  assert.deepEqual(seen, [{ value: 'mine' }]);
});

test('a reusable statement that writes is never run at once', async (t) => {
  const { store, acquired } = await sqliteStore(t);
  const insert = reusableQuery((db, name: string, value: string) =>
    db.insertInto('settings').values({ name, value }),
  );
  const before = acquired();
  await insert(store.db, 'd', '4');
  assert.ok(acquired() > before);
  assert.deepEqual(await settingValue(store.db, 'd'), [{ value: '4' }]);
});
