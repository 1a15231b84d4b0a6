import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { companyDetail } from '../../../domain/companies/company-details.js';
import { onboardCompany } from '../../../domain/companies/company-onboarding.service.js';
import { partnerOf } from '../../auth/auth.js';
import { errors, Id, Nullable } from '../../schemas.js';
import { BankAccountRef } from '../bank-account-ref.js';
import { CompanyCreateD } from './company-bodies.js';
import { CompanyD, OfficerView, toCompanyD } from './company-view.js';

const CreatedCompany = Type.Composite([
  Type.Omit(CompanyD, ['officers', 'integration', 'bankAccount']),
  Type.Object({
    bankAccount: Nullable(BankAccountRef),
    integration: Nullable(
      Type.Object({
        id: Id,
        name: Type.String(),
        secretKey: Type.String({ description: 'the integration secret-key; shown only here' }),
        webhookSecret: Type.String({ description: 'signs the webhooks to webhookUrl; shown only here' }),
      }),
    ),
    officers: Type.Array(
      Type.Composite([
        OfficerView,
        Type.Object({
          verificationUrl: Type.Optional(
            Type.String({ description: "the officer's verification link; shown only here (and e-mailed)" }),
          ),
        }),
      ]),
    ),
  }),
]);

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
      const onboarded = await onboardCompany(app.deps, partnerOf(request).partnerId, request.body);
      const view = toCompanyD(await companyDetail(app.deps, onboarded.company));
      const { integration } = onboarded;
      return {
        created: true,
        result: {
          ...view,
          integration: integration
            ? {
                id: integration.integration.id,
                name: integration.integration.name,
                secretKey: integration.secretKey,
                webhookSecret: integration.webhookSecret,
              }
            : null,
          officers: onboarded.officers.map(({ officer, verificationUrl }) => ({
            id: officer.id,
            name: officer.name,
            role: officer.role,
            status: officer.status,
            ...(verificationUrl ? { verificationUrl } : {}),
          })),
        },
      };
    },
  );
};
