// Keeps the outbox small: finished events (and their attempts) are kept 30 days for the delivery log,
// job-run bookkeeping 7 days.
import { sql } from 'kysely';
import type { Deps } from '../../context.js';
import type { Db } from '../../store/database.js';
import type { Job } from '../job.js';

const DAY = 86_400_000;
const EVENT_DAYS = 30;
const JOB_RUN_DAYS = 7;
const CHUNK = 5000;

/** Up to `limit` finished events older than `before`, read on their own index (migration 0027). */
export function finishedEventsBefore(db: Db, before: string, limit: number) {
  return db
    .selectFrom('events')
    .select('seq')
    .where('state', '<>', sql.lit('pending'))
    .where('finished_at', '<', before)
    .limit(limit);
}

async function purgeEvents(deps: Deps, before: string): Promise<void> {
  for (;;) {
    const seqs = (await finishedEventsBefore(deps.db, before, CHUNK).execute()).map((row) => row.seq);
    if (seqs.length === 0) return;
    const ids = deps.db.selectFrom('events').select('id').where('seq', 'in', seqs);
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('event_attempts').where('event_id', 'in', ids).execute();
      await trx.deleteFrom('events').where('seq', 'in', seqs).execute();
    });
    if (seqs.length < CHUNK) return;
  }
}

export const outboxRetentionJob: Job = {
  name: 'outbox-retention',
  intervalMs: DAY,
  async run(deps) {
    const now = deps.clock.now().getTime();
    await purgeEvents(deps, new Date(now - EVENT_DAYS * DAY).toISOString());
    await deps.db
      .deleteFrom('job_runs')
      .where('started_at', '<', new Date(now - JOB_RUN_DAYS * DAY).toISOString())
      .execute();
  },
};
