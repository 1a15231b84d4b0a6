// Sandbox control (API.md 9.1): an officer's identity check passes or fails, as the verification
// page's buttons would make it (starting the check first if the officer had not).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { COMPANY_STATUSES } from '../../domain/companies/company.js';
import { OFFICER_STATUSES } from '../../domain/companies/officer.js';
import { decideVerification } from '../../domain/companies/officer-verification.service.js';
import { errors, Id } from '../schemas.js';

export const officerVerificationControl: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/officers/:officerId/verification',
    {
      schema: {
        summary: "Decide an officer's identity verification",
        description:
          "status is the officer's new status; companyStatus the company's, which follows its officers. 409 once the officer passed, or when the company is disabled.",
        tags: ['sandbox'],
        params: Type.Object({ companyId: Id, officerId: Id }),
        body: Type.Object(
          { outcome: Type.Union([Type.Literal('pass'), Type.Literal('fail')]) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            status: Type.Union(OFFICER_STATUSES.map((s) => Type.Literal(s))),
            companyStatus: Type.Union(COMPANY_STATUSES.map((s) => Type.Literal(s))),
          }),
          ...errors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { companyId, officerId } = request.params;
      const { officer, company } = await decideVerification(
        app.deps,
        companyId,
        officerId,
        request.body.outcome,
      );
      return { status: officer.status, companyStatus: company.status };
    },
  );
};
