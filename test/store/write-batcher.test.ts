// The write batcher (src/store/write-batcher.ts) on its own: a lone write goes out at once, writes made
// while the limit is running go out together, and a failed batch answers each member by its own outcome.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statementFailed, WriteBatcher } from '../../src/store/write-batcher.js';

/** A `run` whose statements finish only when the test says so. */
function heldRuns(fail: (items: number[]) => unknown = () => undefined) {
  const runs: Array<{ items: number[]; finish: () => void }> = [];
  const run = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      runs.push({
        items,
        finish: () => {
          const err = fail(items);
          if (err) reject(err);
          else resolve();
        },
      });
    });
  return { runs, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('a lone write goes out at once; writes made while the limit runs wait and go out together', async () => {
  const { runs, run } = heldRuns();
  const batcher = new WriteBatcher({ run, maxInFlight: 2, maxBatch: 3, retryAlone: () => true });
  const answered: number[] = [];
  const write = (n: number) => batcher.write(n).then(() => answered.push(n));

  const first = [write(1), write(2)];
  assert.deepEqual(
    runs.map((r) => r.items),
    [[1], [2]],
    'under the limit, each goes out at once',
  );
  const waiting = [3, 4, 5, 6, 7].map(write);
  assert.equal(runs.length, 2, 'at the limit, the others wait');

  runs[0]?.finish();
  await Promise.all(first.slice(0, 1));
  await turn();
  assert.deepEqual(runs[2]?.items, [3, 4, 5], 'the next batch: those that waited, up to maxBatch');
  runs[1]?.finish();
  await turn();
  assert.deepEqual(runs[3]?.items, [6, 7]);
  for (const r of runs.slice(2)) r.finish();
  await Promise.all([...first, ...waiting]);
  assert.deepEqual(
    answered.sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6, 7],
  );
  assert.equal(runs.length, 4);
});

test("a failed batch whose error may be one member's: each tried alone, answered by its own outcome", async () => {
  const bad = Object.assign(new Error('violates foreign key'), { code: '23503' });
  const { runs, run } = heldRuns((items) => (items.includes(13) ? bad : undefined));
  const batcher = new WriteBatcher({ run, maxInFlight: 1, maxBatch: 16, retryAlone: statementFailed });
  const lone = batcher.write(1);
  const outcomes = [12, 13, 14].map((n) =>
    batcher.write(n).then(
      () => 'written',
      (err: Error) => err.message,
    ),
  );
  runs[0]?.finish();
  await lone;
  await turn();
  assert.deepEqual(runs[1]?.items, [12, 13, 14]);
  runs[1]?.finish();
  await turn();
  assert.deepEqual(
    runs.slice(2).map((r) => r.items),
    [[12], [13], [14]],
    'each alone',
  );
  for (const r of runs.slice(2)) r.finish();
  assert.deepEqual(await Promise.all(outcomes), ['written', 'violates foreign key', 'written']);
});

test('a batch lost with its connection is not tried again: every member gets the error', async () => {
  const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
  const { runs, run } = heldRuns((items) => (items.length > 1 ? lost : undefined));
  const batcher = new WriteBatcher({ run, maxInFlight: 1, maxBatch: 16, retryAlone: statementFailed });
  const lone = batcher.write(1);
  const outcomes = [2, 3].map((n) =>
    batcher.write(n).then(
      () => 'written',
      (err: Error) => err.message,
    ),
  );
  runs[0]?.finish();
  await lone;
  await turn();
  runs[1]?.finish();
  assert.deepEqual(await Promise.all(outcomes), [lost.message, lost.message]);
  assert.equal(runs.length, 2, 'nothing run again');
});

test("statementFailed: the statement's own errors (data, constraint, deadlock) only", () => {
  for (const code of ['22P02', '23505', '23503', '40P01', '40001']) {
    assert.equal(statementFailed(Object.assign(new Error(code), { code })), true, code);
  }
  for (const err of [
    new Error('Connection terminated'),
    Object.assign(new Error('admin shutdown'), { code: '57P01' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    Object.assign(new Error('not a server error'), { code: 'ECONNRESET' }),
    null,
    'text',
  ]) {
    assert.equal(statementFailed(err), false, String(err));
  }
});
