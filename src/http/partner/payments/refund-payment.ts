import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { paymentDetailsOf } from '../../../domain/payments/payment-details.js';
import { refundPayment } from '../../../domain/payments/refund.service.js';
import { companyOf } from '../../company-scope.js';
import { RefundRequestBody } from '../../merchant/payments/payment-view.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { PaymentRefundedD, toRefundedD } from './payment-view-d.js';

export const partnerRefundPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/payments/:id/refund',
    {
      schema: {
        summary: 'Refund payment',
        description:
          "Starts a refund of a paid (or partly refunded) payment, as group A's refund: all that is left, or `amount`; to the payer's account as the bank told it, or to `payeeAccountInfo`. The payment moves to refund_started; open `refundLink` to authorise the outgoing payment at the merchant's bank. One refund at a time (else 409); refunds never add up to more than was paid.",
        tags: ['partner'],
        params: CompanyIdParams,
        body: RefundRequestBody,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: PaymentRefundedD }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      const { payment, refund } = await refundPayment(
        app.deps,
        { companyId: company.id },
        request.params.id,
        request.body,
      );
      const details = { ...(await paymentDetailsOf(app.deps, payment)), refund };
      return { saved: true, result: toRefundedD(details, app.deps.config.publicUrl) };
    },
  );
};
