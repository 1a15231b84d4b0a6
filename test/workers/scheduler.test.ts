// Each periodic job runs once per due time, by the injected clock, whoever asks and however often.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Job } from '../../src/workers/job.js';
import { dueTimeOf, runDueJobs } from '../../src/workers/scheduler.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

function countingJob(name: string, intervalMs: number, body: () => Promise<void> = async () => {}) {
  const runs: string[] = [];
  const job: Job & { runs: string[] } = {
    name,
    intervalMs,
    runs,
    async run(deps) {
      runs.push(deps.clock.now().toISOString());
      await body();
    },
  };
  return job;
}

function jobRuns(app: TestApp, name: string) {
  return app.deps.db
    .selectFrom('job_runs')
    .selectAll()
    .where('job_name', '=', name)
    .orderBy('due_at')
    .execute();
}

test('a job runs once per due time, and again when the clock reaches the next one', async (t) => {
  const app = await buildTestApp(t);
  const job = countingJob('every-minute', MINUTE);
  await runDueJobs(app.deps, [job]);
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 1);
  const nextDue = dueTimeOf(job, app.clock.now()).getTime() + MINUTE;
  // The test clock moves with real time too: 5 s short of the due time, not 1 ms (a loaded machine
  // took more than 1 ms to get from here to the job's check, and the job ran).
  app.clock.advance(nextDue - app.clock.now().getTime() - 5_000);
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 1, 'not before its due time');
  app.clock.advance(5_000);
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 2);
  const rows = await jobRuns(app, 'every-minute');
  assert.equal(rows.length, 2);
  assert.ok(rows.every((row) => row.attempts === 1 && row.finished_at !== null && row.error === null));
  assert.equal(rows[1]!.due_at, new Date(nextDue).toISOString());
});

test('a jump over many due times runs the job once, for the latest', async (t) => {
  const app = await buildTestApp(t);
  const job = countingJob('daily', DAY);
  await runDueJobs(app.deps, [job]);
  app.clock.advance(10 * DAY);
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 2);
});

test('many callers at once: each due time runs once', async (t) => {
  const app = await buildTestApp(t);
  const job = countingJob('contended', MINUTE, () => new Promise((resolve) => setTimeout(resolve, 20)));
  await Promise.all(Array.from({ length: 8 }, () => runDueJobs(app.deps, [job])));
  assert.equal(job.runs.length, 1);
});

test('a failed run is retried a minute later within the same due time', async (t) => {
  const app = await buildTestApp(t);
  let fail = true;
  const job = countingJob('flaky', DAY, async () => {
    if (fail) throw new Error('bank API down');
  });
  await runDueJobs(app.deps, [job]);
  const [failed] = await jobRuns(app, 'flaky');
  assert.equal(failed!.finished_at, null);
  assert.match(failed!.error ?? '', /bank API down/);
  fail = false;
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 1, 'not before the retry time');
  app.clock.advance(MINUTE + 1);
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 2);
  const [done] = await jobRuns(app, 'flaky');
  assert.equal(done!.attempts, 2);
  assert.notEqual(done!.finished_at, null);
  assert.equal(done!.error, null);
});

test('a run left unfinished by a crashed process is taken over once its lease ends, not before', async (t) => {
  const app = await buildTestApp(t);
  const job = countingJob('orphaned', DAY);
  const dueAt = dueTimeOf(job, app.clock.now()).toISOString();
  const now = app.clock.now();
  await app.deps.db
    .insertInto('job_runs')
    .values({
      job_name: 'orphaned',
      due_at: dueAt,
      owner: 'dead-host:1:deadbeef',
      attempts: 1,
      lease_until: new Date(now.getTime() + 5 * MINUTE).toISOString(),
      started_at: now.toISOString(),
      finished_at: null,
      error: null,
    })
    .execute();
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 0, 'the lease is still live');
  app.clock.advance(5 * MINUTE);
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 1);
  const [row] = await jobRuns(app, 'orphaned');
  assert.equal(row!.attempts, 2);
  assert.notEqual(row!.owner, 'dead-host:1:deadbeef');
});

test('a loop asks the database nothing more about a due time it finished, and runs the next', async (t) => {
  const app = await buildTestApp(t);
  const job = countingJob('remembered', MINUTE);
  const finished = new Map<string, string>();
  await runDueJobs(app.deps, [job], finished);
  assert.equal(job.runs.length, 1);
  // With the record gone, only the loop's memory keeps the job from running again for this due time.
  await app.deps.db.deleteFrom('job_runs').where('job_name', '=', 'remembered').execute();
  await runDueJobs(app.deps, [job], finished);
  assert.equal(job.runs.length, 1, 'the loop remembered the due time it finished');
  await runDueJobs(app.deps, [job]);
  assert.equal(job.runs.length, 2, 'a caller without that memory asks the database');
  app.clock.advance(MINUTE);
  await runDueJobs(app.deps, [job], finished);
  assert.equal(job.runs.length, 3, 'the next due time runs');
});

test('a failed run is not remembered: the loop runs it again once its retry time comes', async (t) => {
  const app = await buildTestApp(t);
  let fail = true;
  const job = countingJob('flaky', DAY, async () => {
    if (fail) throw new Error('not yet');
  });
  const finished = new Map<string, string>();
  await runDueJobs(app.deps, [job], finished);
  assert.deepEqual([...finished], [], 'nothing finished');
  fail = false;
  // A failed run may be tried again after a minute (scheduler.ts), within the same due time.
  app.clock.advance(MINUTE);
  await runDueJobs(app.deps, [job], finished);
  assert.equal(job.runs.length, 2);
  assert.deepEqual([...finished.keys()], ['flaky']);
});
