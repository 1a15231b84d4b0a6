import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { invalid } from '../../../domain/errors.js';
import { editPayment } from '../../../domain/payments/payment.service.js';
import { paymentDetailsOf } from '../../../domain/payments/payment-details.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { PaymentD, PaymentEditD, toPaymentD } from './payment-view-d.js';

export const partnerEditPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/companies/:companyId/payments/:id',
    {
      schema: {
        summary: 'Edit payment',
        description:
          "Only draft and sent payments (else 409); `_id` must equal the id in the path. customRedirectUrl takes precedence over the integration's redirect URL for this payment.",
        tags: ['partner'],
        params: CompanyIdParams,
        body: PaymentEditD,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: PaymentD }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      const { _id, ...edit } = request.body;
      if (_id !== request.params.id) throw invalid('/_id', 'must equal the payment id in the path');
      const payment = await editPayment(app.deps, { companyId: company.id }, request.params.id, edit);
      return {
        saved: true,
        result: toPaymentD(await paymentDetailsOf(app.deps, payment), app.deps.config.publicUrl),
      };
    },
  );
};
