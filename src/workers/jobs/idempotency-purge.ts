// Stored Idempotency-Key answers live 24 hours (API.md 1.2); this removes the expired ones.
import { purgeExpiredKeys } from '../../store/idempotency.js';
import type { Job } from '../job.js';

export const idempotencyPurgeJob: Job = {
  name: 'idempotency-purge',
  intervalMs: 3_600_000,
  async run(deps) {
    await purgeExpiredKeys(deps.db, deps.clock.now());
  },
};
