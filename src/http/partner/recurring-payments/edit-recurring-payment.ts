import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { editRecurring } from '../../../domain/recurring/recurring.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { RecurringCreateD, RecurringPaymentD, toRecurringD } from './recurring-view-d.js';

export const partnerEditRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/companies/:companyId/recurring-payments/:id',
    {
      schema: {
        summary: 'Edit recurring payment',
        description:
          'Only draft or overdue recurring payments (else 409). The whole body is given again; the schedule is rewritten. `bankAccount`, when given, moves the receiving account to another account of the company that can receive payments.',
        tags: ['partner'],
        params: CompanyIdParams,
        body: RecurringCreateD,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: RecurringPaymentD }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      const scope = { companyId: company.id };
      const { bankAccount, ...input } = request.body;
      const details = await editRecurring(app.deps, scope, request.params.id, input, {
        bankAccountId: bankAccount,
      });
      return { saved: true, result: toRecurringD(details, app.deps.config.publicUrl) };
    },
  );
};
