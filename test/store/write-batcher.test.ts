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
  /** Finishes run `i`, which must have started (a missing one would leave the test waiting forever). */
  const finish = (i: number) => {
    const started = i < 0 ? runs.at(i) : runs[i];
    assert.ok(started, `run ${i} has started`);
    started.finish();
  };
  return { runs, run, finish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** What the write of `n` is answered: 'written', or its error's message. */
const outcomeOf = (batcher: WriteBatcher<number>, n: number) =>
  batcher.write(n).then(
    () => 'written',
    (err: Error) => err.message,
  );

test('a lone write goes out at once; writes made while the limit runs wait and go out together', async () => {
  const { runs, run, finish } = heldRuns();
  const batcher = new WriteBatcher({ run, maxInFlight: 2, maxBatch: 3, retryAlone: () => true });
  const answered: number[] = [];
  const write = (n: number) => batcher.write(n).then(() => answered.push(n));

  const first = [write(1), write(2)];
  await turn();
  assert.deepEqual(
    runs.map((r) => r.items),
    [[1], [2]],
    'under the limit, each goes out at once',
  );
  const waiting = [3, 4, 5, 6, 7].map(write);
  await turn();
  assert.equal(runs.length, 2, 'at the limit, the others wait');

  finish(0);
  await Promise.all(first.slice(0, 1));
  await turn();
  assert.deepEqual(runs[2]?.items, [3, 4, 5], 'the next batch: those that waited, up to maxBatch');
  finish(1);
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
  const { runs, run, finish } = heldRuns((items) => (items.includes(13) ? bad : undefined));
  const batcher = new WriteBatcher({ run, maxInFlight: 1, maxBatch: 16, retryAlone: statementFailed });
  const lone = batcher.write(1);
  const outcomes = [12, 13, 14].map((n) => outcomeOf(batcher, n));
  await turn();
  finish(0);
  await lone;
  await turn();
  assert.deepEqual(runs[1]?.items, [12, 13, 14]);
  finish(1);
  // One after another, in the batch's place: the next alone starts when the one before has finished.
  for (const n of [12, 13, 14]) {
    await turn();
    assert.deepEqual(runs.at(-1)?.items, [n], 'each alone');
    finish(-1);
  }
  assert.deepEqual(await Promise.all(outcomes), ['written', 'violates foreign key', 'written']);
  assert.equal(runs.length, 5);
});

test('a run or a retryAlone that throws still answers every member, and the batcher goes on', async () => {
  const calls: number[][] = [];
  let retryThrows = false;
  const batcher = new WriteBatcher<number>({
    run: (items) => {
      calls.push(items);
      if (items.includes(9)) throw Object.assign(new Error('thrown at once'), { code: '23505' });
      return new Promise((resolve) => setImmediate(resolve));
    },
    maxInFlight: 1,
    maxBatch: 16,
    retryAlone: (err) => {
      if (retryThrows) throw new Error('undecided');
      return statementFailed(err);
    },
  });
  const outcome = (n: number) => outcomeOf(batcher, n);
  assert.equal(await outcome(9), 'thrown at once', 'a lone write whose run throws');
  const first = outcome(1);
  const retried = [8, 9, 10].map(outcome);
  assert.deepEqual(await Promise.all([first, ...retried]), [
    'written',
    'written',
    'thrown at once',
    'written',
  ]);
  retryThrows = true;
  const head = outcome(2);
  const undecided = [3, 9].map(outcome);
  assert.deepEqual(await Promise.all([head, ...undecided]), ['written', 'thrown at once', 'thrown at once']);
  assert.equal(await outcome(4), 'written', 'and the next write still goes out');
  assert.deepEqual(calls, [[9], [1], [8, 9, 10], [8], [9], [10], [2], [3, 9], [4]]);
});

test('a batch lost with its connection is not tried again: every member gets the error', async () => {
  const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
  const { runs, run, finish } = heldRuns((items) => (items.length > 1 ? lost : undefined));
  const batcher = new WriteBatcher({ run, maxInFlight: 1, maxBatch: 16, retryAlone: statementFailed });
  const lone = batcher.write(1);
  const outcomes = [2, 3].map((n) => outcomeOf(batcher, n));
  await turn();
  finish(0);
  await lone;
  await turn();
  finish(1);
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
    Object.assign(new Error('statement completion unknown'), { code: '40003' }),
    Object.assign(new Error('not a server error'), { code: 'ECONNRESET' }),
    null,
    'text',
  ]) {
    assert.equal(statementFailed(err), false, String(err));
  }
});
