// Data-API consent reminders at 30, 14 and 1 days before expiry and on expiry (spec 6.1).
import { sendDueConsentReminders } from '../../domain/bank-accounts/consent-reminders.js';
import type { Job } from '../job.js';

export const consentRemindersJob: Job = {
  name: 'bank-consent-reminders',
  // The points are days apart: a reminder goes out at most ten minutes late.
  intervalMs: 10 * 60_000,
  async run(deps) {
    await sendDueConsentReminders(deps);
  },
};
