// Operator API: move a bank account's status (verify, disable, manual review); the partner hears of it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BANK_ACCOUNT_STATUSES } from '../../domain/bank-accounts/bank-account.js';
import { changeBankAccountStatus } from '../../domain/bank-accounts/bank-account.service.js';
import { errors, Id, IdParams } from '../schemas.js';
import { BankAccountB, toBankAccountB } from '../terminal/bank-accounts/bank-account-view.js';

export const adminBankAccountStatusRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/bank-accounts/:id/status',
    {
      schema: {
        summary: 'Change bank account status',
        description:
          'Allowed moves: pending -> verified | manual_review_required | disabled; manual_review_required -> verified | disabled; verified -> manual_review_required | disabled; disabled -> pending | verified. Anything else is a 409. Sends `status-update` and `bank_account_status_update` to the owning partner.',
        tags: ['admin'],
        params: IdParams,
        body: Type.Object(
          { status: Type.Union(BANK_ACCOUNT_STATUSES.map((s) => Type.Literal(s))) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            saved: Type.Boolean(),
            result: Type.Composite([BankAccountB, Type.Object({ companyID: Id })]),
          }),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const account = await changeBankAccountStatus(app.deps, request.params.id, request.body.status);
      return { saved: true, result: { ...toBankAccountB(account), companyID: account.companyId } };
    },
  );
};
