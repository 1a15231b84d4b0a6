import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { renameBankAccount } from '../../../domain/bank-accounts/bank-account.service.js';
import { statementFilesOf } from '../../../domain/bank-accounts/bank-statement.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { BankAccountD, toBankAccountD } from './bank-account-view.js';

export const partnerRenameBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/companies/:companyId/bank-accounts/:id',
    {
      schema: {
        summary: 'Edit bank account name',
        description: 'The body is a JSON string holding the new name, e.g. `"Main account"`.',
        tags: ['partner'],
        params: CompanyIdParams,
        body: Type.String({ minLength: 1, maxLength: 200 }),
        response: {
          200: Type.Object({ created: Type.Boolean(), result: BankAccountD }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const account = await renameBankAccount(
        app.deps,
        companyOf(request).id,
        request.params.id,
        request.body,
      );
      const files = await statementFilesOf(app.deps, [account]);
      return { created: true, result: toBankAccountD(account, files, app.deps.config.publicUrl) };
    },
  );
};
