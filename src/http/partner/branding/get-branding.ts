// Get company branding (group D, beyond the spec: issue 17).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getBranding } from '../../../domain/branding/branding.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BrandingD } from './branding-view.js';

export const getBrandingRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/branding',
    {
      schema: {
        summary: 'Get company branding',
        description: "The accent colour and logo of the company's payment pages and e-mails.",
        tags: ['partner'],
        params: CompanyParams,
        response: { 200: Type.Object({ data: BrandingD }), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ data: await getBranding(app.deps, companyOf(request).id) }),
  );
};
