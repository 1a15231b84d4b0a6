import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyCanTakePayments } from '../../../domain/companies/company-status.js';
import { receivingTarget } from '../../../domain/integrations/receiving-integration.js';
import { createPayment } from '../../../domain/payments/payment.service.js';
import { paymentDetailsOf } from '../../../domain/payments/payment-details.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { PaymentCreateD, PaymentD, toPaymentD } from './payment-view-d.js';

export const partnerCreateAndProcessPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/payments',
    {
      schema: {
        summary: 'Create and process payment',
        description:
          "Creates the payment, received into `bankAccount`, and sends it at once: the answer carries its link and QR code data. It belongs to the company's oldest integration attached to that bank account, else to the company's oldest integration (`integration` in the answer): that integration's webhookUrl hears of it. 403 until the company is active or once it is disabled; 404 for a bank account the company does not hold; 409 when the account is disabled or the company has no integration.",
        tags: ['partner'],
        params: CompanyParams,
        body: PaymentCreateD,
        response: {
          200: Type.Object({ created: Type.Boolean(), result: PaymentD }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyCanTakePayments(company);
      const { bankAccount, ...input } = request.body;
      const target = await receivingTarget(app.deps, company.id, bankAccount);
      const payment = await createPayment(app.deps, target, input, { process: true });
      return {
        created: true,
        result: toPaymentD(await paymentDetailsOf(app.deps, payment), app.deps.config.publicUrl),
      };
    },
  );
};
