// Every periodic job of the service. A module that owns a job adds it here.
import { paymentBankSyncJob } from '../domain/payments/bank-sync-job.js';
import { overdueRecurringJob, recurringItemsJob } from '../domain/recurring/recurring-jobs.js';
import { sandboxBankJob } from '../providers/sandbox-bank/index.js';
import type { Job } from './job.js';
import { consentRemindersJob } from './jobs/consent-reminders.js';
import { idempotencyPurgeJob } from './jobs/idempotency-purge.js';
import { outboxRetentionJob } from './jobs/outbox-retention.js';

export const jobs: Job[] = [sandboxBankJob, outboxRetentionJob, idempotencyPurgeJob, consentRemindersJob, paymentBankSyncJob, recurringItemsJob, overdueRecurringJob];
