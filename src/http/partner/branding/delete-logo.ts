// Remove company logo (group D).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { removeLogo } from '../../../domain/branding/branding.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BrandingD } from './branding-view.js';

export const deleteLogoRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/companies/:companyId/branding/logo',
    {
      schema: {
        summary: 'Remove company logo',
        description: 'The pages and e-mails show the company name alone; the old `logoUrl` answers 404.',
        tags: ['partner'],
        params: CompanyParams,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: BrandingD }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => ({ saved: true, result: await removeLogo(app.deps, companyOf(request).id) }),
  );
};
