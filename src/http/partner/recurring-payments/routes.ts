// Group D recurring payment operations (spec 4.D, API.md 6), registered by the partner group.
import { partnerCreateRecurringPaymentRoute } from './create-recurring-payment.js';
import { partnerDeleteRecurringPaymentRoute } from './delete-recurring-payment.js';
import { partnerEditRecurringPaymentRoute } from './edit-recurring-payment.js';
import { partnerGetRecurringPaymentRoute } from './get-recurring-payment.js';
import { partnerListRecurringPaymentItemsRoute } from './list-recurring-payment-items.js';
import { partnerListRecurringPaymentsRoute } from './list-recurring-payments.js';
import { partnerSaveAndSendRecurringPaymentRoute } from './save-and-send-recurring-payment.js';
import { partnerSendRecurringPaymentRoute } from './send-recurring-payment.js';

export const partnerRecurringPaymentRoutes = [
  partnerCreateRecurringPaymentRoute,
  partnerSaveAndSendRecurringPaymentRoute,
  partnerGetRecurringPaymentRoute,
  partnerListRecurringPaymentsRoute,
  partnerEditRecurringPaymentRoute,
  partnerSendRecurringPaymentRoute,
  partnerDeleteRecurringPaymentRoute,
  partnerListRecurringPaymentItemsRoute,
];
