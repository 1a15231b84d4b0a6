import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getPayment } from '../../../domain/payments/payment.service.js';
import { paymentDetailsOf } from '../../../domain/payments/payment-details.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { PaymentItemD, toPaymentItemD } from './payment-view-d.js';

export const partnerGetPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/payments/:id',
    {
      schema: {
        summary: 'Get payment',
        description: 'Any payment of the company, whichever integration it belongs to.',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: PaymentItemD }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const payment = await getPayment(app.deps, { companyId: companyOf(request).id }, request.params.id);
      return { data: toPaymentItemD(await paymentDetailsOf(app.deps, payment), app.deps.config.publicUrl) };
    },
  );
};
