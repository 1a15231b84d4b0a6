// Group D form of a company (spec 2.10): the shared company fields, its officers (API.md 6), its bank
// account (the company's default account, or null) and its integration (the oldest live one, or null).
import { Type } from '@sinclair/typebox';
import type { CompanyDetails } from '../../../domain/companies/company-details.js';
import { OFFICER_ROLES, OFFICER_STATUSES } from '../../../domain/companies/officer.js';
import { CompanySchema, toCompanyView } from '../../companies/company-schema.js';
import { Id, Nullable } from '../../schemas.js';
import { BankAccountRef, toBankAccountRef } from '../bank-account-ref.js';

export const OfficerView = Type.Object(
  {
    id: Id,
    name: Type.String(),
    role: Type.Union(OFFICER_ROLES.map((r) => Type.Literal(r))),
    status: Type.Union(OFFICER_STATUSES.map((s) => Type.Literal(s))),
  },
  { title: 'Officer' },
);

export const IntegrationRef = Type.Object({ id: Id, name: Type.String() });

export const CompanyD = Type.Composite(
  [
    CompanySchema,
    Type.Object({
      bankAccount: Nullable(BankAccountRef),
      integration: Nullable(IntegrationRef),
      officers: Type.Array(OfficerView),
    }),
  ],
  { title: 'Company' },
);

export function toCompanyD(details: CompanyDetails) {
  return {
    ...toCompanyView(details.company),
    bankAccount: details.bankAccount ? toBankAccountRef(details.bankAccount) : null,
    integration: details.integration ? { id: details.integration.id, name: details.integration.name } : null,
    officers: details.officers.map((o) => ({ id: o.id, name: o.name, role: o.role, status: o.status })),
  };
}
