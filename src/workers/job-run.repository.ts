import type { Db } from '../store/database.js';

/**
 * Claims one due time of a job for `owner`: the first process to insert the row wins; a run left
 * unfinished by a process that died (or failed and waits for a retry) is taken over once its lease ends.
 */
export async function claimJobRun(
  db: Db,
  jobName: string,
  dueAt: string,
  owner: string,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto('job_runs')
    .values({
      job_name: jobName,
      due_at: dueAt,
      owner,
      attempts: 1,
      lease_until: leaseUntil.toISOString(),
      started_at: at,
      finished_at: null,
      error: null,
    })
    .onConflict((oc) => oc.columns(['job_name', 'due_at']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
  const taken = await db
    .updateTable('job_runs')
    .set((eb) => ({
      owner,
      attempts: eb('attempts', '+', 1),
      lease_until: leaseUntil.toISOString(),
      started_at: at,
    }))
    .where('job_name', '=', jobName)
    .where('due_at', '=', dueAt)
    .where('finished_at', 'is', null)
    .where('lease_until', '<=', at)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

export async function finishJobRun(db: Db, jobName: string, dueAt: string, owner: string, at: Date) {
  await db
    .updateTable('job_runs')
    .set({ finished_at: at.toISOString(), error: null })
    .where('job_name', '=', jobName)
    .where('due_at', '=', dueAt)
    .where('owner', '=', owner)
    .execute();
}

/** A failed run stays unfinished; `retryAt` is when any process may try this due time again. */
export async function failJobRun(
  db: Db,
  jobName: string,
  dueAt: string,
  owner: string,
  error: string,
  retryAt: Date,
) {
  await db
    .updateTable('job_runs')
    .set({ error: error.slice(0, 2000), lease_until: retryAt.toISOString() })
    .where('job_name', '=', jobName)
    .where('due_at', '=', dueAt)
    .where('owner', '=', owner)
    .execute();
}

/** Lets another process take over the runs `owner` still holds (graceful shutdown). */
export async function releaseJobRuns(db: Db, owner: string, at: Date) {
  await db
    .updateTable('job_runs')
    .set({ lease_until: at.toISOString() })
    .where('owner', '=', owner)
    .where('finished_at', 'is', null)
    .where('lease_until', '>', at.toISOString())
    .execute();
}
