// The answer to a company create (spec 4.D), for the partner and the operator alike: the group D company
// with the secrets and links that are shown only here.
import { Type } from '@sinclair/typebox';
import type { Deps } from '../../../context.js';
import { companyDetail } from '../../../domain/companies/company-details.js';
import type { OnboardedCompany } from '../../../domain/companies/company-onboarding.service.js';
import { Id, Nullable } from '../../schemas.js';
import { BankAccountRef } from '../bank-account-ref.js';
import { CompanyD, OfficerView, toCompanyD } from './company-view.js';

export const CreatedCompany = Type.Composite([
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

export async function toCreatedCompany(deps: Deps, onboarded: OnboardedCompany) {
  const view = toCompanyD(await companyDetail(deps, onboarded.company));
  const { integration } = onboarded;
  return {
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
  };
}
