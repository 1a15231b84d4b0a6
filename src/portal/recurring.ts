// A company's recurring payments (issue 16, item 5): the list, filtered by status and date and searched
// by reference, and each one's page with its schedule, history timeline and webhook deliveries.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { formatAmount } from '../domain/money.js';
import { portalCompany } from '../domain/portal/portal-companies.service.js';
import { companyRecurring, recurringPage } from '../domain/portal/portal-payments.service.js';
import { RECURRING_STATUSES } from '../domain/recurring/recurring.js';
import { filterOf, listQuery, pageUrl } from './list-filter.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { HTML, TAGS } from './schemas.js';

const ID = '^[0-9a-f]{24}$';
const CompanyParams = Type.Object({ companyId: Type.String({ pattern: ID }) });
const RecurringParams = Type.Object({
  companyId: Type.String({ pattern: ID }),
  recurringId: Type.String({ pattern: ID }),
});
const RecurringQuery = listQuery(RECURRING_STATUSES);
const PAGE_SIZE = 25;

export const recurringPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  app.get(
    '/companies/:companyId/recurring-payments',
    {
      schema: {
        summary: 'Recurring payments of a company',
        tags: TAGS,
        params: CompanyParams,
        querystring: RecurringQuery,
        response: { 200: HTML, 400: HTML, 404: HTML },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const user = userOf(request);
      const { query } = request;
      const page = query.page ?? 1;
      const company = await portalCompany(deps, user, request.params.companyId);
      const found = await companyRecurring(deps, user, company.id, filterOf(query), {
        page,
        limit: PAGE_SIZE,
      });
      const path = `/portal/companies/${company.id}/recurring-payments`;
      return sendPortalPage(request, reply, 'recurring-list', {
        title: `Recurring payments of ${company.name}`,
        company,
        query,
        statuses: RECURRING_STATUSES,
        rows: found.docs.map((r) => ({ ...r, amount: formatAmount(r.amountPence) })),
        totalDocs: found.totalDocs,
        nextPage: page * PAGE_SIZE < found.totalDocs ? pageUrl(path, query, page + 1) : undefined,
      });
    },
  );

  app.get(
    '/companies/:companyId/recurring-payments/:recurringId',
    {
      schema: {
        summary: 'Recurring payment',
        tags: TAGS,
        params: RecurringParams,
        response: { 200: HTML, 404: HTML },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const user = userOf(request);
      const { companyId, recurringId } = request.params;
      const [company, detail] = await Promise.all([
        portalCompany(deps, user, companyId),
        recurringPage(deps, user, companyId, recurringId),
      ]);
      return sendPortalPage(request, reply, 'recurring', {
        title: `Recurring payment ${detail.recurring.reference}`,
        company,
        ...detail,
        amount: formatAmount(detail.recurring.amountPence),
        items: detail.items.map((i) => ({ ...i, amount: formatAmount(i.amountPence) })),
        initialAmount: detail.initialPayment ? formatAmount(detail.initialPayment.amountPence) : undefined,
      });
    },
  );
};
