// Every periodic job of the service. A module that owns a job adds it here.
import { paymentBankSyncJob } from '../domain/payments/bank-sync-job.js';
import { paymentDataApiCheckJob } from '../domain/payments/data-api-check.js';
import { overduePaymentsJob } from '../domain/payments/overdue-job.js';
import { overdueRecurringJob, recurringItemsJob } from '../domain/recurring/recurring-jobs.js';
import { openBankingGrantsPurgeJob } from '../providers/open-banking/grants-purge.job.js';
import { sandboxBankJob } from '../providers/sandbox-bank/index.js';
import type { Job } from './job.js';
import { consentRemindersJob } from './jobs/consent-reminders.js';
import { idempotencyPurgeJob } from './jobs/idempotency-purge.js';
import { outboxRetentionJob } from './jobs/outbox-retention.js';

export const jobs: Job[] = [
  sandboxBankJob,
  openBankingGrantsPurgeJob,
  outboxRetentionJob,
  idempotencyPurgeJob,
  consentRemindersJob,
  overduePaymentsJob,
  paymentBankSyncJob,
  paymentDataApiCheckJob,
  // After the sandbox bank's job, so that a clock advance sees the standing orders' payments at once.
  recurringItemsJob,
  overdueRecurringJob,
];
