import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { processPayment } from '../../../domain/payments/payment.service.js';
import { paymentDetailsOf } from '../../../domain/payments/payment-details.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { PaymentD, toPaymentD } from './payment-view-d.js';

export const partnerProcessPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/payments/:id/process',
    {
      schema: {
        summary: 'Process draft payment',
        description:
          'A draft -> sent: makes its link (in the answer), e-mails the customer and emits payment.status_updated. 409 for a payment that is not a draft.',
        tags: ['partner'],
        params: CompanyIdParams,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: PaymentD }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      const payment = await processPayment(app.deps, { companyId: company.id }, request.params.id);
      return {
        saved: true,
        result: toPaymentD(await paymentDetailsOf(app.deps, payment), app.deps.config.publicUrl),
      };
    },
  );
};
