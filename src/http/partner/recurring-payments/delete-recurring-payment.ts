import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { deleteRecurring } from '../../../domain/recurring/recurring.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';

export const partnerDeleteRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/companies/:companyId/recurring-payments/:id',
    {
      schema: {
        summary: 'Delete recurring payment',
        description:
          'Only before the customer sets it up (draft, sent, overdue, rejected), else 409. Its link stops working.',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      await deleteRecurring(app.deps, { companyId: company.id }, request.params.id);
      return { deleted: true };
    },
  );
};
