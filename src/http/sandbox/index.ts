// Simulation controls (API.md 9.1): mounted only when SANDBOX=true, never in production.
import type { FastifyPluginAsync } from 'fastify';
import { advanceClockControl } from './advance-clock.js';
import { approveAuthorizationControl } from './authorization-approve.js';
import { rejectAuthorizationControl } from './authorization-reject.js';
import { createCustomerControl } from './create-customer.js';
import { emailPreviewControl } from './email-preview.js';
import { expireConsentControl } from './expire-consent.js';
import { getClockControl } from './get-clock.js';
import { listAccountsControl } from './list-accounts.js';
import { officerVerificationControl } from './officer-verification.js';
import { rejectPaymentControl } from './reject-payment.js';
import { settlePaymentControl } from './settle-payment.js';
import { failNextStandingOrderControl } from './standing-order-fail-next.js';

export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  // Each control is one file in this folder, registered here.
  await app.register(getClockControl);
  await app.register(advanceClockControl);
  await app.register(approveAuthorizationControl);
  await app.register(rejectAuthorizationControl);
  await app.register(expireConsentControl);
  await app.register(listAccountsControl);
  await app.register(createCustomerControl);
  await app.register(officerVerificationControl);
  await app.register(settlePaymentControl);
  await app.register(rejectPaymentControl);
  await app.register(failNextStandingOrderControl);
  await app.register(emailPreviewControl);
};
