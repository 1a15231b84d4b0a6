// Groups B and C with a partner's terminal (`terminal-id` + `terminal-secret`, API.md 2): bank
// accounts and integrations of every company of the partner.
import { rawClient, unwrap, type WriteOptions, writeInit } from './call.js';
import { envelopePage, type PageRequest, Paginated } from './pagination.js';
import type { TransportOptions } from './transport.js';
import type { BankAccountCreate, Body, IntegrationCreate } from './types.js';

export interface TerminalOptions extends TransportOptions {
  terminalId: string;
  terminalSecret: string;
}

/** Groups B and C lists: 25 a page unless asked (at most 100). */
const LIMIT = 25;

export function createTerminalClient(options: TerminalOptions) {
  const raw = rawClient(
    { 'terminal-id': options.terminalId, 'terminal-secret': options.terminalSecret },
    options,
  );
  const at = (companyId: string, id: string) => ({ params: { path: { companyId, id } } });
  const of = (companyId: string) => ({ params: { path: { companyId } } });
  return {
    raw,
    bankAccounts: {
      /** Manual: `pending` until checked. */
      create: (companyId: string, body: BankAccountCreate, o?: WriteOptions) =>
        unwrap(
          raw.POST('/terminal/v1/companies/{companyId}/bank-accounts', {
            ...of(companyId),
            body,
            ...writeInit(o),
          }),
        ),
      /** Through the bank's app: answers the `authUri` to open. */
      connect: (
        companyId: string,
        body: Body<'/terminal/v1/companies/{companyId}/bank-accounts/connect', 'post'>,
        o?: WriteOptions,
      ) =>
        unwrap(
          raw.POST('/terminal/v1/companies/{companyId}/bank-accounts/connect', {
            ...of(companyId),
            body,
            ...writeInit(o),
          }),
        ),
      get: (companyId: string, id: string) =>
        unwrap(raw.GET('/terminal/v1/companies/{companyId}/bank-accounts/{id}', at(companyId, id))),
      list: (companyId: string, request: PageRequest = {}) => {
        const limit = request.limit ?? LIMIT;
        return new Paginated(async (page) => {
          const { data } = await unwrap(
            raw.GET('/terminal/v1/companies/{companyId}/bank-accounts', {
              params: { path: { companyId }, query: { page, limit } },
            }),
          );
          return envelopePage(data);
        }, request.page);
      },
      rename: (companyId: string, id: string, name: string, o?: WriteOptions) =>
        unwrap(
          raw.PATCH('/terminal/v1/companies/{companyId}/bank-accounts/{id}', {
            ...at(companyId, id),
            body: { name },
            ...writeInit(o),
          }),
        ),
      setDefault: (companyId: string, id: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/terminal/v1/companies/{companyId}/bank-accounts/{id}/default', {
            ...at(companyId, id),
            ...writeInit(o),
          }),
        ),
    },
    integrations: {
      /** Answers `secretKey` and `webhookSecret` once. */
      create: (companyId: string, body: IntegrationCreate, o?: WriteOptions) =>
        unwrap(
          raw.POST('/terminal/v1/companies/{companyId}/integrations', {
            ...of(companyId),
            body,
            ...writeInit(o),
          }),
        ),
      get: (companyId: string, id: string) =>
        unwrap(raw.GET('/terminal/v1/companies/{companyId}/integrations/{id}', at(companyId, id))),
      list: (companyId: string, request: PageRequest = {}) => {
        const limit = request.limit ?? LIMIT;
        return new Paginated(async (page) => {
          const { data } = await unwrap(
            raw.GET('/terminal/v1/companies/{companyId}/integrations', {
              params: { path: { companyId }, query: { page, limit } },
            }),
          );
          return envelopePage(data);
        }, request.page);
      },
      update: (
        companyId: string,
        id: string,
        body: Body<'/terminal/v1/companies/{companyId}/integrations/{id}', 'put'>,
        o?: WriteOptions,
      ) =>
        unwrap(
          raw.PUT('/terminal/v1/companies/{companyId}/integrations/{id}', {
            ...at(companyId, id),
            body,
            ...writeInit(o),
          }),
        ),
      delete: (companyId: string, id: string, o?: WriteOptions) =>
        unwrap(
          raw.DELETE('/terminal/v1/companies/{companyId}/integrations/{id}', {
            ...at(companyId, id),
            ...writeInit(o),
          }),
        ),
      attachBankAccount: (companyId: string, id: string, bankAccount: string, o?: WriteOptions) =>
        unwrap(
          raw.PUT('/terminal/v1/companies/{companyId}/integrations/{id}/bank-account', {
            ...at(companyId, id),
            body: { bankAccount },
            ...writeInit(o),
          }),
        ),
      rotateSecretKey: (companyId: string, id: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/terminal/v1/companies/{companyId}/integrations/{id}/secret-key', {
            ...at(companyId, id),
            ...writeInit(o),
          }),
        ),
      /** The old secret keeps signing too for 24 hours (API.md 8). */
      rotateWebhookSecret: (companyId: string, id: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/terminal/v1/companies/{companyId}/integrations/{id}/webhook-secret', {
            ...at(companyId, id),
            ...writeInit(o),
          }),
        ),
    },
  };
}

export type TerminalClient = ReturnType<typeof createTerminalClient>;
