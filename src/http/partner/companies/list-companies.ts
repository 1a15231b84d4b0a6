import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { pageCompanies } from '../../../domain/companies/company.service.js';
import { companyDetails } from '../../../domain/companies/company-details.js';
import { partnerOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { BareListQuery, setTotalCount } from '../bare-list.js';
import { CompanyD, toCompanyD } from './company-view.js';

export const listCompaniesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies',
    {
      schema: {
        summary: 'List companies',
        description:
          'Newest first; page and limit (default 100, at most 1000); X-Total-Count gives the total.',
        tags: ['partner'],
        querystring: BareListQuery,
        response: { 200: Type.Object({ data: Type.Array(CompanyD) }), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const page = await pageCompanies(app.deps, partnerOf(request).partnerId, request.query);
      setTotalCount(reply, page);
      return { data: (await companyDetails(app.deps, page.docs)).map(toCompanyD) };
    },
  );
};
