import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listRecurring } from '../../../domain/recurring/recurring.service.js';
import { companyOf } from '../../company-scope.js';
import { envelopeD } from '../../paging.js';
import { CompanyParams, errors, PageQuery } from '../../schemas.js';
import { PagingD } from '../paging-d.js';
import { RecurringPaymentD, toRecurringD } from './recurring-view-d.js';

export const partnerListRecurringPaymentsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/recurring-payments',
    {
      schema: {
        summary: 'List recurring payments',
        description: 'Newest first; page (default 1) and limit (1 to 100, default 25).',
        tags: ['partner'],
        params: CompanyParams,
        querystring: PageQuery,
        response: { 200: PagingD(RecurringPaymentD), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listRecurring(app.deps, { companyId: companyOf(request).id }, request.query);
      return envelopeD({ ...page, docs: page.docs.map((d) => toRecurringD(d, app.deps.config.publicUrl)) });
    },
  );
};
