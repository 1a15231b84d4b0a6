import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { cancelPayment } from '../../../domain/payments/payment.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';

export const partnerCancelPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/payments/:id/cancel',
    {
      schema: {
        summary: 'Cancel payment',
        description:
          'A draft, sent, overdue or pending payment -> cancelled; its link stops taking payments. 409 in any other status.',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ saved: Type.Boolean() }), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      await cancelPayment(app.deps, { companyId: company.id }, request.params.id);
      return { saved: true };
    },
  );
};
