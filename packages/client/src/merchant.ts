// Group A with an integration's credential (`integration-id` + `secret-key`, API.md 2).
import { answered, type RawClient, rawClient, unwrap, type WriteOptions, writeInit } from './call.js';
import { arrayPage, type PageRequest, Paginated } from './pagination.js';
import type { TransportOptions } from './transport.js';
import type { Body, PaymentCreate, PaymentUpdate, RecurringPaymentCreate, RefundCreate } from './types.js';

export interface MerchantOptions extends TransportOptions {
  integrationId: string;
  secretKey: string;
}

/** Group A lists: 100 a page unless asked (at most 1000). */
const LIMIT = 100;

export function createMerchantClient(options: MerchantOptions) {
  const raw: RawClient = rawClient(
    { 'integration-id': options.integrationId, 'secret-key': options.secretKey },
    options,
  );
  const id = (value: string) => ({ params: { path: { id: value } } });
  return {
    raw,
    payments: {
      /** A draft: no link until processed. */
      create: (body: PaymentCreate, o?: WriteOptions) =>
        unwrap(raw.POST('/merchant/v1/payments', { body, ...writeInit(o) })),
      /** Created and sent at once: the answer carries the link and QR code data. */
      createAndProcess: (body: Body<'/merchant/v1/payments/process', 'post'>, o?: WriteOptions) =>
        unwrap(raw.POST('/merchant/v1/payments/process', { body, ...writeInit(o) })),
      get: (paymentId: string) => unwrap(raw.GET('/merchant/v1/payments/{id}', id(paymentId))),
      list: (request: PageRequest = {}) => {
        const limit = request.limit ?? LIMIT;
        return new Paginated(async (page) => {
          const { data, response } = await answered(
            raw.GET('/merchant/v1/payments', { params: { query: { page, limit } } }),
          );
          return arrayPage(data, response, page, limit);
        }, request.page);
      },
      update: (paymentId: string, body: PaymentUpdate, o?: WriteOptions) =>
        unwrap(raw.PUT('/merchant/v1/payments/{id}', { ...id(paymentId), body, ...writeInit(o) })),
      process: (paymentId: string, o?: WriteOptions) =>
        unwrap(raw.POST('/merchant/v1/payments/{id}/process', { ...id(paymentId), ...writeInit(o) })),
      delete: (paymentId: string, o?: WriteOptions) =>
        unwrap(raw.DELETE('/merchant/v1/payments/{id}', { ...id(paymentId), ...writeInit(o) })),
      refund: (paymentId: string, body: RefundCreate, o?: WriteOptions) =>
        unwrap(raw.POST('/merchant/v1/payments/{id}/refund', { ...id(paymentId), body, ...writeInit(o) })),
    },
    recurringPayments: {
      create: (body: RecurringPaymentCreate, o?: WriteOptions) =>
        unwrap(raw.POST('/merchant/v1/recurring-payments', { body, ...writeInit(o) })),
      createAndSend: (body: Body<'/merchant/v1/recurring-payments/send', 'post'>, o?: WriteOptions) =>
        unwrap(raw.POST('/merchant/v1/recurring-payments/send', { body, ...writeInit(o) })),
      get: (recurringId: string) => unwrap(raw.GET('/merchant/v1/recurring-payments/{id}', id(recurringId))),
      list: (request: PageRequest = {}) => {
        const limit = request.limit ?? LIMIT;
        return new Paginated(async (page) => {
          const { data, response } = await answered(
            raw.GET('/merchant/v1/recurring-payments', { params: { query: { page, limit } } }),
          );
          return arrayPage(data, response, page, limit);
        }, request.page);
      },
      update: (
        recurringId: string,
        body: Body<'/merchant/v1/recurring-payments/{id}', 'put'>,
        o?: WriteOptions,
      ) =>
        unwrap(
          raw.PUT('/merchant/v1/recurring-payments/{id}', { ...id(recurringId), body, ...writeInit(o) }),
        ),
      send: (recurringId: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/merchant/v1/recurring-payments/{id}/send', { ...id(recurringId), ...writeInit(o) }),
        ),
      cancel: (recurringId: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/merchant/v1/recurring-payments/{id}/cancel', { ...id(recurringId), ...writeInit(o) }),
        ),
      delete: (recurringId: string, o?: WriteOptions) =>
        unwrap(raw.DELETE('/merchant/v1/recurring-payments/{id}', { ...id(recurringId), ...writeInit(o) })),
      /** The scheduled payments of one recurring payment (one array: the route does not page). */
      payments: (recurringId: string) =>
        unwrap(raw.GET('/merchant/v1/recurring-payments/{id}/payments', id(recurringId))),
    },
    webhookDeliveries: {
      list: (request: PageRequest = {}) => {
        const limit = request.limit ?? LIMIT;
        return new Paginated(async (page) => {
          const { data, response } = await answered(
            raw.GET('/merchant/v1/webhook-deliveries', { params: { query: { page, limit } } }),
          );
          return arrayPage(data, response, page, limit);
        }, request.page);
      },
      redeliver: (deliveryId: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/merchant/v1/webhook-deliveries/{id}/redeliver', { ...id(deliveryId), ...writeInit(o) }),
        ),
    },
    bankAccountConnectionType: () => unwrap(raw.GET('/merchant/v1/bank-account/connection-type')),
  };
}

export type MerchantClient = ReturnType<typeof createMerchantClient>;
