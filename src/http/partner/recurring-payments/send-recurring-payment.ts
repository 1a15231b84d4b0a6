import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { sendRecurring } from '../../../domain/recurring/recurring.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { RecurringPaymentD, toRecurringD } from './recurring-view-d.js';

export const partnerSendRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/recurring-payments/:id/send',
    {
      schema: {
        summary: 'Send recurring payment',
        description:
          'A draft (or an edited overdue one) -> sent: its link is e-mailed to the customer and recurring_payment.status_updated is emitted. 409 when the first payment date is no longer 3 working days away, or in another status.',
        tags: ['partner'],
        params: CompanyIdParams,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: RecurringPaymentD }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      const details = await sendRecurring(app.deps, { companyId: company.id }, request.params.id);
      return { saved: true, result: toRecurringD(details, app.deps.config.publicUrl) };
    },
  );
};
