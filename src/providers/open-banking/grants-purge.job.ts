// The Open Banking adapter keeps each consent's tokens; this forgets those no bank will accept again.
import type { Job } from '../../workers/job.js';
import { purgeDeadGrants } from './grant.repository.js';

// A refreshable grant untouched this long belongs to a consent that has ended (banks cap them at 90 days).
const STALE_DAYS = 400;

export const openBankingGrantsPurgeJob: Job = {
  name: 'open-banking-grants-purge',
  intervalMs: 3_600_000,
  async run(deps) {
    await purgeDeadGrants(deps.db, deps.clock.now(), STALE_DAYS);
  },
};
