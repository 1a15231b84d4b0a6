import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyCanTakePayments } from '../../../domain/companies/company-status.js';
import { receivingTarget } from '../../../domain/integrations/receiving-integration.js';
import { createRecurring } from '../../../domain/recurring/recurring.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { RecurringCreateD, RecurringPaymentD, toRecurringD } from './recurring-view-d.js';

export const partnerSaveAndSendRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/recurring-payments/send',
    {
      schema: {
        summary: 'Save and send recurring payment',
        description:
          'Creates the recurring payment and sends it at once: its link (`link`, `qrCodeData`) is e-mailed to the customer and recurring_payment.status_updated is emitted. The receiving account and integration are chosen as for create.',
        tags: ['partner'],
        params: CompanyParams,
        body: RecurringCreateD,
        response: {
          200: Type.Object({ result: RecurringPaymentD }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyCanTakePayments(company);
      const { bankAccount, ...input } = request.body;
      const target = await receivingTarget(app.deps, company.id, bankAccount);
      const details = await createRecurring(app.deps, target, input, { send: true });
      return { result: toRecurringD(details, app.deps.config.publicUrl) };
    },
  );
};
