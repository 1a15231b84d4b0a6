// Every periodic job of the service. A module that owns a job adds it here.
import type { Job } from './job.js';
import { consentRemindersJob } from './jobs/consent-reminders.js';
import { idempotencyPurgeJob } from './jobs/idempotency-purge.js';
import { outboxRetentionJob } from './jobs/outbox-retention.js';

export const jobs: Job[] = [outboxRetentionJob, idempotencyPurgeJob, consentRemindersJob];
