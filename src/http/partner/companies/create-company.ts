import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { onboardCompany } from '../../../domain/companies/company-onboarding.service.js';
import { partnerOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { CompanyCreateD } from './company-bodies.js';
import { CreatedCompany, toCreatedCompany } from './created-company.js';

export const createCompanyRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies',
    {
      schema: {
        summary: 'Create company',
        description:
          'The company starts pending_verification; each officer gets a verification link, e-mailed when sendEmail is true. With bankAccount and integration, the integration receives into that account. All or nothing.',
        tags: ['partner'],
        body: CompanyCreateD,
        response: {
          200: Type.Object({ created: Type.Boolean(), result: CreatedCompany }),
          ...errors(400, 401, 409),
        },
      },
    },
    async (request) => {
      const onboarded = await onboardCompany(app.deps, partnerOf(request).partnerId, request.body, 'partner');
      return { created: true, result: await toCreatedCompany(app.deps, onboarded) };
    },
  );
};
