// Group D with a partner's `apisecret` (API.md 2): its companies, their payments and transactions.
import { answered, rawClient, unwrap, type WriteOptions, writeInit } from './call.js';
import { arrayPage, envelopePage, type PageRequest, Paginated } from './pagination.js';
import type { TransportOptions } from './transport.js';
import type { Body, CompanyCreate, PartnerPaymentCreate, Query } from './types.js';

export interface PartnerOptions extends TransportOptions {
  apiSecret: string;
}

/** Group D lists: 25 a page unless asked (at most 100). */
const LIMIT = 25;

/** The transaction list's filters (API.md 6), and paging. */
export type TransactionQuery = Omit<
  NonNullable<Query<'/partner/v1/companies/{companyId}/transactions', 'get'>>,
  'page' | 'limit'
> &
  PageRequest;

export function createPartnerClient(options: PartnerOptions) {
  const raw = rawClient({ apisecret: options.apiSecret }, options);
  const at = (companyId: string, id: string) => ({ params: { path: { companyId, id } } });
  const of = (companyId: string) => ({ params: { path: { companyId } } });
  return {
    raw,
    companies: {
      create: (body: CompanyCreate, o?: WriteOptions) =>
        unwrap(raw.POST('/partner/v1/companies', { body, ...writeInit(o) })),
      get: (companyId: string) => unwrap(raw.GET('/partner/v1/companies/{companyId}', of(companyId))),
      /** `{data: [...]}` with `X-Total-Count` (spec 4.D), 100 a page unless asked. */
      list: (request: PageRequest = {}) => {
        const limit = request.limit ?? 100;
        return new Paginated(async (page) => {
          const { data, response } = await answered(
            raw.GET('/partner/v1/companies', { params: { query: { page, limit } } }),
          );
          return arrayPage(data.data, response, page, limit);
        }, request.page);
      },
      update: (
        companyId: string,
        body: Body<'/partner/v1/companies/{companyId}', 'patch'>,
        o?: WriteOptions,
      ) =>
        unwrap(raw.PATCH('/partner/v1/companies/{companyId}', { ...of(companyId), body, ...writeInit(o) })),
      /** Bans the company: its credentials answer 403. */
      disable: (companyId: string, o?: WriteOptions) =>
        unwrap(raw.POST('/partner/v1/companies/{companyId}/disable', { ...of(companyId), ...writeInit(o) })),
    },
    payments: {
      /** Created and processed: the answer carries the link. */
      create: (companyId: string, body: PartnerPaymentCreate, o?: WriteOptions) =>
        unwrap(
          raw.POST('/partner/v1/companies/{companyId}/payments', { ...of(companyId), body, ...writeInit(o) }),
        ),
      get: (companyId: string, id: string) =>
        unwrap(raw.GET('/partner/v1/companies/{companyId}/payments/{id}', at(companyId, id))),
      list: (companyId: string, request: PageRequest = {}) => {
        const limit = request.limit ?? LIMIT;
        return new Paginated(async (page) => {
          const { data } = await unwrap(
            raw.GET('/partner/v1/companies/{companyId}/payments', {
              params: { path: { companyId }, query: { page, limit } },
            }),
          );
          return envelopePage(data);
        }, request.page);
      },
      cancel: (companyId: string, id: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/partner/v1/companies/{companyId}/payments/{id}/cancel', {
            ...at(companyId, id),
            ...writeInit(o),
          }),
        ),
      refund: (
        companyId: string,
        id: string,
        body: Body<'/partner/v1/companies/{companyId}/payments/{id}/refund', 'post'>,
        o?: WriteOptions,
      ) =>
        unwrap(
          raw.POST('/partner/v1/companies/{companyId}/payments/{id}/refund', {
            ...at(companyId, id),
            body,
            ...writeInit(o),
          }),
        ),
    },
    transactions: {
      get: (companyId: string, id: string) =>
        unwrap(raw.GET('/partner/v1/companies/{companyId}/transactions/{id}', at(companyId, id))),
      list: (companyId: string, request: TransactionQuery = {}) => {
        const { page: first, limit = LIMIT, ...filters } = request;
        return new Paginated(async (page) => {
          const { data } = await unwrap(
            raw.GET('/partner/v1/companies/{companyId}/transactions', {
              params: { path: { companyId }, query: { ...filters, page, limit } },
            }),
          );
          return envelopePage(data);
        }, first);
      },
      statistics: (
        companyId: string,
        query: NonNullable<Query<'/partner/v1/companies/{companyId}/transactions/statistics', 'get'>>,
      ) =>
        unwrap(
          raw.GET('/partner/v1/companies/{companyId}/transactions/statistics', {
            params: { path: { companyId }, query },
          }),
        ),
    },
    settings: {
      get: () => unwrap(raw.GET('/partner/v1/settings')),
      update: (body: Body<'/partner/v1/settings', 'put'>, o?: WriteOptions) =>
        unwrap(raw.PUT('/partner/v1/settings', { body, ...writeInit(o) })),
      /** The old secret keeps signing too for 24 hours (API.md 8). */
      rotateWebhookSecret: (o?: WriteOptions) =>
        unwrap(raw.POST('/partner/v1/settings/webhook-secret', { ...writeInit(o) })),
    },
  };
}

export type PartnerClient = ReturnType<typeof createPartnerClient>;
