import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { updateCompany } from '../../../domain/companies/company.service.js';
import { companyDetail } from '../../../domain/companies/company-details.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { CompanyUpdateD } from './company-bodies.js';
import { CompanyD, toCompanyD } from './company-view.js';

export const updateCompanyRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/companies/:companyId',
    {
      schema: {
        summary: 'Update company',
        description:
          "Only the fields sent change; null clears an optional one. status: banned disables the company; a banned company is re-enabled with the status its officers' verification gives; other statuses follow verification (409).",
        tags: ['partner'],
        params: CompanyParams,
        body: CompanyUpdateD,
        response: {
          // The spec answers an update with `created` (spec 4.D); true means it was saved.
          200: Type.Object({ created: Type.Boolean(), result: CompanyD }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = await updateCompany(app.deps, companyOf(request).id, request.body);
      return { created: true, result: toCompanyD(await companyDetail(app.deps, company)) };
    },
  );
};
