// Group A: merchant payments, with the integration's credentials (integration-id + secret-key).
import type { FastifyPluginAsync } from 'fastify';
import { useMerchantAuth } from '../auth/merchant-auth.js';
import { API_VERSIONS, setUpGroup } from '../group.js';
import { connectionTypeRoute } from './connection-type.js';
import { createAndProcessPaymentRoute } from './payments/create-and-process-payment.js';
import { createDraftPaymentRoute } from './payments/create-draft-payment.js';
import { deletePaymentRoute } from './payments/delete-payment.js';
import { editPaymentRoute } from './payments/edit-payment.js';
import { getPaymentRoute } from './payments/get-payment.js';
import { listPaymentsRoute } from './payments/list-payments.js';
import { processPaymentRoute } from './payments/process-payment.js';
import { refundPaymentRoute } from './payments/refund-payment.js';
import { cancelRecurringPaymentRoute } from './recurring-payments/cancel-recurring-payment.js';
import { createAndSendRecurringPaymentRoute } from './recurring-payments/create-and-send-recurring-payment.js';
import { createDraftRecurringPaymentRoute } from './recurring-payments/create-draft-recurring-payment.js';
import { deleteRecurringPaymentRoute } from './recurring-payments/delete-recurring-payment.js';
import { editRecurringPaymentRoute } from './recurring-payments/edit-recurring-payment.js';
import { getRecurringPaymentRoute } from './recurring-payments/get-recurring-payment.js';
import { listRecurringPaymentItemsRoute } from './recurring-payments/list-recurring-payment-items.js';
import { listRecurringPaymentsRoute } from './recurring-payments/list-recurring-payments.js';
import { sendRecurringPaymentRoute } from './recurring-payments/send-recurring-payment.js';
import { listWebhookDeliveriesRoute } from './webhook-deliveries/list-webhook-deliveries.js';
import { redeliverWebhookRoute } from './webhook-deliveries/redeliver-webhook.js';

export const merchantRoutes: FastifyPluginAsync = async (app) => {
  await setUpGroup(app, app.deps, { auth: useMerchantAuth, apiVersion: () => API_VERSIONS.merchant });
  // Each operation of spec 4.A is one file in this folder, registered here.
  for (const route of [
    connectionTypeRoute,
    createDraftPaymentRoute,
    createAndProcessPaymentRoute,
    getPaymentRoute,
    listPaymentsRoute,
    editPaymentRoute,
    processPaymentRoute,
    deletePaymentRoute,
    refundPaymentRoute,
    createDraftRecurringPaymentRoute,
    createAndSendRecurringPaymentRoute,
    getRecurringPaymentRoute,
    listRecurringPaymentsRoute,
    editRecurringPaymentRoute,
    sendRecurringPaymentRoute,
    deleteRecurringPaymentRoute,
    cancelRecurringPaymentRoute,
    listRecurringPaymentItemsRoute,
    // Beyond spec 4.A: the integration's webhook delivery log (API.md 8).
    listWebhookDeliveriesRoute,
    redeliverWebhookRoute,
  ]) {
    await app.register(route);
  }
};
