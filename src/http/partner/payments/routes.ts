// Group D payment operations (spec 4.D, API.md 6), registered by the partner group.
import { partnerCancelPaymentRoute } from './cancel-payment.js';
import { partnerCreateAndProcessPaymentRoute } from './create-and-process-payment.js';
import { partnerEditPaymentRoute } from './edit-payment.js';
import { partnerGetPaymentRoute } from './get-payment.js';
import { partnerListPaymentsRoute } from './list-payments.js';
import { partnerProcessPaymentRoute } from './process-payment.js';
import { partnerRefundPaymentRoute } from './refund-payment.js';

export const partnerPaymentRoutes = [
  partnerCreateAndProcessPaymentRoute,
  partnerGetPaymentRoute,
  partnerListPaymentsRoute,
  partnerEditPaymentRoute,
  partnerProcessPaymentRoute,
  partnerCancelPaymentRoute,
  partnerRefundPaymentRoute,
];
