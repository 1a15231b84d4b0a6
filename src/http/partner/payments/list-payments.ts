import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPayments } from '../../../domain/payments/payment.service.js';
import { paymentDetails } from '../../../domain/payments/payment-details.js';
import { companyOf } from '../../company-scope.js';
import { envelopeD } from '../../paging.js';
import { CompanyParams, errors, PageQuery } from '../../schemas.js';
import { PagingD } from '../paging-d.js';
import { PaymentItemD, toPaymentItemD } from './payment-view-d.js';

export const partnerListPaymentsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/payments',
    {
      schema: {
        summary: 'List payments',
        description:
          'The company’s payments, newest first; page (default 1) and limit (1 to 100, default 25).',
        tags: ['partner'],
        params: CompanyParams,
        querystring: PageQuery,
        response: { 200: PagingD(PaymentItemD), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listPayments(app.deps, { companyId: companyOf(request).id }, request.query);
      const details = await paymentDetails(app.deps, page.docs);
      return envelopeD({ ...page, docs: details.map((d) => toPaymentItemD(d, app.deps.config.publicUrl)) });
    },
  );
};
