import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { disableCompany } from '../../../domain/companies/company.service.js';
import { companyDetail } from '../../../domain/companies/company-details.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { CompanyD, toCompanyD } from './company-view.js';

export const disableCompanyRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/disable',
    {
      schema: {
        summary: 'Disable company',
        description:
          "Status banned: the company's merchant and terminal credentials answer 403 from now on; the partner can still read and update it. 409 if already disabled.",
        tags: ['partner'],
        params: CompanyParams,
        response: {
          200: Type.Object({ updated: Type.Boolean(), result: CompanyD }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = await disableCompany(app.deps, companyOf(request).id);
      return { updated: true, result: toCompanyD(await companyDetail(app.deps, company)) };
    },
  );
};
