import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { startReconsent } from '../../../domain/bank-accounts/bank-connection.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { BankAccountB, toBankAccountB } from './bank-account-view.js';

export const reconsentBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/bank-accounts/:id/reconsent',
    {
      // It asks the bank for a consent between its own transactions (API.md 1.2).
      config: { idempotency: 'after-bank-call' },
      schema: {
        summary: 'Reconsent',
        description:
          "Only for accounts connected via the app (409 for a manual account). Open `reconsentUri` in the merchant's browser; once the merchant re-authorises at the bank, `bankConsentExpired` is `up-to-date` again.",
        tags: ['bank-accounts'],
        params: CompanyIdParams,
        response: {
          200: Type.Object({
            data: Type.Composite([BankAccountB, Type.Object({ reconsentUri: Type.String() })]),
          }),
          ...errors(401, 403, 404, 409, 502),
        },
      },
    },
    async (request) => {
      const { account, reconsentUri } = await startReconsent(
        app.deps,
        companyOf(request).id,
        request.params.id,
      );
      return { data: { ...toBankAccountB(account), reconsentUri } };
    },
  );
};
