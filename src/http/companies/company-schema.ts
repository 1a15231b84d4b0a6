// The company forms of spec 2.10, 2.11 and 4.D, shared by the partner API and the operator API.
import { Type } from '@sinclair/typebox';
import { COMPANY_STATUSES, COMPANY_TYPES, type Company } from '../../domain/companies/company.js';
import { CompanyStatus, Id, Nullable, Timestamp } from '../schemas.js';

const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });

export const AddressSchema = Type.Object(
  {
    zipCode: Type.Optional(Text(20)),
    addressLine1: Type.Optional(Text()),
    addressLine2: Type.Optional(Text()),
    country: Type.Optional(Text(100)),
    city: Type.Optional(Text(100)),
    premises: Type.Optional(Text(100)),
    region: Type.Optional(Text(100)),
    poBox: Type.Optional(Text(50)),
  },
  { additionalProperties: false },
);

export const CompanyStatusSchema = Type.Union(COMPANY_STATUSES.map((s) => Type.Literal(s)));
export const CompanyTypeSchema = Type.Union(COMPANY_TYPES.map((s) => Type.Literal(s)));

export const CompanyCreateBody = Type.Object(
  {
    name: Text(),
    countryCode: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }),
    industry: Type.Optional(Text()),
    type: CompanyTypeSchema,
    identifier: Type.String({ minLength: 8, maxLength: 10 }),
    status: Type.Optional(CompanyStatusSchema),
    publicEmail: Type.String({ format: 'email', maxLength: 254 }),
    publicWebsite: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
    privacyPolicy: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
    taxNumber: Type.Optional(Text(50)),
    supportPhone: Type.String({ pattern: '^\\+?[0-9 ()-]{6,20}$' }),
    contactName: Text(),
    address: AddressSchema,
  },
  { additionalProperties: false },
);

export const CompanySchema = Type.Object(
  {
    id: Id,
    name: Type.String(),
    industry: Nullable(Type.String()),
    countryCode: Type.String(),
    type: Type.String(),
    identifier: Type.String(),
    status: CompanyStatus,
    publicEmail: Type.String(),
    publicWebsite: Nullable(Type.String()),
    privacyPolicy: Nullable(Type.String()),
    supportPhone: Type.String(),
    taxNumber: Nullable(Type.String()),
    contactName: Type.String(),
    tradingName: Nullable(Type.String()),
    address: AddressSchema,
    tradingAddress: Nullable(AddressSchema),
    createdAt: Timestamp,
  },
  {},
);

export function toCompanyView(company: Company) {
  return {
    id: company.id,
    name: company.name,
    industry: company.industry,
    countryCode: company.countryCode,
    type: company.type,
    identifier: company.identifier,
    status: company.status,
    publicEmail: company.publicEmail,
    publicWebsite: company.publicWebsite,
    privacyPolicy: company.privacyPolicy,
    supportPhone: company.supportPhone,
    taxNumber: company.taxNumber,
    contactName: company.contactName,
    tradingName: company.tradingName,
    address: company.address,
    tradingAddress: company.tradingAddress,
    createdAt: company.createdAt,
  };
}
