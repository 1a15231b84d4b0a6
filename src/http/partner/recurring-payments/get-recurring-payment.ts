import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getRecurringDetails } from '../../../domain/recurring/recurring.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { RecurringPaymentD, toRecurringD } from './recurring-view-d.js';

export const partnerGetRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/recurring-payments/:id',
    {
      schema: {
        summary: 'Get recurring payment',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: RecurringPaymentD }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const details = await getRecurringDetails(
        app.deps,
        { companyId: companyOf(request).id },
        request.params.id,
      );
      return { data: toRecurringD(details, app.deps.config.publicUrl) };
    },
  );
};
