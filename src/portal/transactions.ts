// A company's transactions as a page (issue 16, item 5): what the partner API lists, newest first, with
// a link to the CSV export of all of them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { formatAmount } from '../domain/money.js';
import { portalCompany } from '../domain/portal/portal-companies.service.js';
import { companyTransactions } from '../domain/portal/transactions-csv.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { HTML, TAGS } from './schemas.js';

const CompanyParams = Type.Object({ companyId: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
const PAGE_SIZE = 50;

export const transactionPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  app.get(
    '/companies/:companyId/transactions',
    {
      schema: {
        summary: 'Transactions of a company',
        tags: TAGS,
        params: CompanyParams,
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }),
        response: { 200: HTML, 400: HTML, 404: HTML },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const user = userOf(request);
      const page = request.query.page ?? 1;
      const company = await portalCompany(deps, user, request.params.companyId);
      const found = await companyTransactions(deps, user, company.id, { page, limit: PAGE_SIZE });
      return sendPortalPage(request, reply, 'transactions', {
        title: `Transactions of ${company.name}`,
        company,
        rows: found.docs.map((t) => ({ ...t, amount: formatAmount(t.amountPence) })),
        totalDocs: found.totalDocs,
        nextPage:
          page * PAGE_SIZE < found.totalDocs
            ? `/portal/companies/${company.id}/transactions?page=${page + 1}`
            : undefined,
      });
    },
  );
};
