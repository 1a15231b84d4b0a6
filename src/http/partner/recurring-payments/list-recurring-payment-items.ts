import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listRecurringItems } from '../../../domain/recurring/recurring.service.js';
import { itemForm } from '../../../domain/recurring/recurring-forms.js';
import { companyOf } from '../../company-scope.js';
import { RecurringItemA } from '../../merchant/recurring-payments/recurring-view.js';
import { CompanyIdParams, errors } from '../../schemas.js';

export const partnerListRecurringPaymentItemsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/recurring-payments/:id/payments',
    {
      schema: {
        summary: 'List transactions of a recurring payment',
        description:
          'Its items (spec 2.5) in schedule order: every item of a finite schedule; for one that runs until cancelled, those past and a rolling window ahead.',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: Type.Array(RecurringItemA) }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const items = await listRecurringItems(
        app.deps,
        { companyId: companyOf(request).id },
        request.params.id,
      );
      return { data: items.map(itemForm) };
    },
  );
};
