// GET /accounts, /accounts/{AccountId}, /accounts/{AccountId}/balances, /accounts/{AccountId}/transactions
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import { accessOf, accountView, balancesView, grantedAccount, requirePermission } from './account-access.js';
import { transactionsView } from './transactions.js';

const Params = Type.Object({ AccountId: Type.String({ minLength: 1, maxLength: 40 }) });
const TransactionsQuery = Type.Object({
  fromBookingDateTime: Type.Optional(Type.String()),
  toBookingDateTime: Type.Optional(Type.String()),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

export const accountRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (app, { bank }) => {
  const self = (path: string) => `${bank.options.apiUrl}/open-banking/v3.1/aisp${path}`;

  app.get(
    '/accounts',
    { schema: { summary: 'Sandbox bank: the accounts of the consent', tags: ['sandbox'] } },
    async (request) => {
      const access = await accessOf(bank, request);
      requirePermission(access, 'ReadAccountsBasic', 'ReadAccountsDetail');
      return {
        Data: { Account: access.accounts.map((account) => accountView(access, account)) },
        Links: { Self: self('/accounts') },
        Meta: { TotalPages: 1 },
      };
    },
  );

  app.get(
    '/accounts/:AccountId',
    { schema: { summary: 'Sandbox bank: one account of the consent', tags: ['sandbox'], params: Params } },
    async (request) => {
      const access = await accessOf(bank, request);
      requirePermission(access, 'ReadAccountsBasic', 'ReadAccountsDetail');
      const account = grantedAccount(access, request.params.AccountId);
      return {
        Data: { Account: [accountView(access, account)] },
        Links: { Self: self(`/accounts/${account.id}`) },
        Meta: { TotalPages: 1 },
      };
    },
  );

  app.get(
    '/accounts/:AccountId/balances',
    { schema: { summary: 'Sandbox bank: the balances of an account', tags: ['sandbox'], params: Params } },
    async (request) => {
      const access = await accessOf(bank, request);
      requirePermission(access, 'ReadBalances');
      return balancesView(bank, grantedAccount(access, request.params.AccountId));
    },
  );

  app.get(
    '/accounts/:AccountId/transactions',
    {
      schema: {
        summary: 'Sandbox bank: the booked transactions of an account',
        tags: ['sandbox'],
        params: Params,
        querystring: TransactionsQuery,
      },
    },
    async (request) => {
      const access = await accessOf(bank, request);
      return transactionsView(bank, access, grantedAccount(access, request.params.AccountId), request.query);
    },
  );
};
