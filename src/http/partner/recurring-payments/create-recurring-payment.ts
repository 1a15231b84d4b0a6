import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyCanTakePayments } from '../../../domain/companies/company-status.js';
import { receivingTarget } from '../../../domain/integrations/receiving-integration.js';
import { createRecurring } from '../../../domain/recurring/recurring.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { RecurringCreateD, RecurringPaymentD, toRecurringD } from './recurring-view-d.js';

export const partnerCreateRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/recurring-payments',
    {
      schema: {
        summary: 'Create recurring payment',
        description:
          "A draft: the schedule is written out as items; nothing reaches the customer until it is sent. Received into `bankAccount` (default: the company's default account), for the company's oldest integration attached to it, else its oldest integration.",
        tags: ['partner'],
        params: CompanyParams,
        body: RecurringCreateD,
        response: {
          200: Type.Object({ created: Type.Boolean(), result: RecurringPaymentD }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyCanTakePayments(company);
      const { bankAccount, ...input } = request.body;
      const target = await receivingTarget(app.deps, company.id, bankAccount);
      const details = await createRecurring(app.deps, target, input, { send: false });
      return { created: true, result: toRecurringD(details, app.deps.config.publicUrl) };
    },
  );
};
