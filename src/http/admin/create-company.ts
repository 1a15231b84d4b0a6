// The operator adds a company for a partner (API.md 2) through the partner's own create path.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { onboardCompany } from '../../domain/companies/company-onboarding.service.js';
import { CompanyCreateByOperator } from '../partner/companies/company-bodies.js';
import { CreatedCompany, toCreatedCompany } from '../partner/companies/created-company.js';
import { errors, Id } from '../schemas.js';

export const adminCreateCompanyRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/partners/:partnerId/companies',
    {
      schema: {
        summary: 'Create company for a partner',
        description:
          'The company create body of the partner API; status as given, default active. With bankAccount and integration, the integration receives into that account. All or nothing.',
        tags: ['admin'],
        params: Type.Object({ partnerId: Id }),
        body: CompanyCreateByOperator,
        response: {
          201: Type.Object({ created: Type.Boolean(), result: CreatedCompany }),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const onboarded = await onboardCompany(app.deps, request.params.partnerId, request.body, 'operator');
      return reply.code(201).send({ created: true, result: await toCreatedCompany(app.deps, onboarded) });
    },
  );
};
