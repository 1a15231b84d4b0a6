import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { companyDetail } from '../../../domain/companies/company-details.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { CompanyD, toCompanyD } from './company-view.js';

export const getCompanyRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId',
    {
      schema: {
        summary: 'Get company',
        tags: ['partner'],
        params: CompanyParams,
        response: { 200: Type.Object({ data: CompanyD }), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ data: toCompanyD(await companyDetail(app.deps, companyOf(request))) }),
  );
};
