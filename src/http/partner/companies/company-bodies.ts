// Request bodies of the group D company operations (spec 4.D, API.md 6).
import { Type } from '@sinclair/typebox';
import { OFFICER_ROLES } from '../../../domain/companies/officer.js';
import { AddressSchema, CompanyCreateBody, CompanyStatusSchema } from '../../companies/company-schema.js';
import { Nullable } from '../../schemas.js';

const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Url = Type.String({ format: 'uri', maxLength: 2048 });

const OfficerBody = Type.Object(
  {
    name: Text(),
    email: Email,
    role: Type.Union(OFFICER_ROLES.map((r) => Type.Literal(r))),
  },
  { additionalProperties: false },
);

const BankAccountBody = Type.Object(
  {
    name: Text(),
    providerExternalId: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'provider, e.g. ob-sandbox',
    }),
    externalAccountId: Type.String({
      pattern: '^[0-9]{8}$',
      description: 'account number, exactly 8 digits',
    }),
    identification: Type.String({ pattern: '^[0-9]{6}$', description: 'sort code, exactly 6 digits' }),
  },
  { additionalProperties: false },
);

const IntegrationBody = Type.Object(
  {
    name: Text(),
    webhookUrl: Url,
    redirectUrl: Type.Optional(Url),
    servicePaymentPageRedirectEnabled: Type.Boolean({ default: true }),
    isRetryWebhookEnabled: Type.Optional(Type.Boolean()),
    isSandbox: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const CompanyCreateD = Type.Composite(
  [
    CompanyCreateBody,
    Type.Object({
      tradingName: Type.Optional(Text()),
      tradingAddress: Type.Optional(AddressSchema),
      officers: Type.Optional(
        Type.Array(OfficerBody, {
          minItems: 1,
          maxItems: 20,
          description: 'default: one director named from contactName and publicEmail',
        }),
      ),
      bankAccount: Type.Optional(BankAccountBody),
      integration: Type.Optional(IntegrationBody),
      sendEmail: Type.Boolean({
        description:
          "e-mail each officer's verification link to publicEmail (needs the partner's e-mail settings)",
      }),
    }),
  ],
  { additionalProperties: false },
);

export const CompanyUpdateD = Type.Object(
  {
    tradingName: Type.Optional(Nullable(Text())),
    status: Type.Optional(CompanyStatusSchema),
    industry: Type.Optional(Nullable(Text())),
    publicEmail: Type.Optional(Email),
    publicWebsite: Type.Optional(Nullable(Url)),
    privacyPolicy: Type.Optional(Nullable(Url)),
    supportPhone: Type.Optional(CompanyCreateBody.properties.supportPhone),
    taxNumber: Type.Optional(Nullable(Text(50))),
    tradingAddress: Type.Optional(Nullable(AddressSchema)),
  },
  { additionalProperties: false },
);

/** The operator's company create (API.md 2): the partner's body, with no e-mail unless asked for. */
export const CompanyCreateByOperator = Type.Composite(
  [
    Type.Omit(CompanyCreateD, ['sendEmail']),
    Type.Object({
      sendEmail: Type.Boolean({
        default: false,
        description: "e-mail each officer's verification link (needs the partner's e-mail settings)",
      }),
    }),
  ],
  { additionalProperties: false },
);
