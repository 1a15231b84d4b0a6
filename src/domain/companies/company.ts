import type { OfficerCreate, OfficerWithLink } from './officer.js';

export const COMPANY_STATUSES = [
  'pending_verification',
  'started_verification',
  'active',
  'rejected_with_retry_allowed',
  'banned',
] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_TYPES = ['solo_trader', 'company'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export interface Address {
  zipCode?: string;
  addressLine1?: string;
  addressLine2?: string;
  country?: string;
  city?: string;
  premises?: string;
  region?: string;
  poBox?: string;
}

export interface Company {
  id: string;
  partnerId: string;
  name: string;
  industry: string | null;
  countryCode: string;
  type: CompanyType;
  identifier: string;
  status: CompanyStatus;
  publicEmail: string;
  publicWebsite: string | null;
  privacyPolicy: string | null;
  supportPhone: string;
  taxNumber: string | null;
  contactName: string;
  tradingName: string | null;
  address: Address;
  tradingAddress: Address | null;
  createdAt: string;
  updatedAt: string;
}

export interface CompanyCreate {
  name: string;
  countryCode: string;
  industry?: string | undefined;
  type: CompanyType;
  identifier: string;
  status?: CompanyStatus | undefined;
  publicEmail: string;
  publicWebsite?: string | undefined;
  privacyPolicy?: string | undefined;
  taxNumber?: string | undefined;
  supportPhone: string;
  contactName: string;
  address: Address;
  tradingName?: string | undefined;
  tradingAddress?: Address | undefined;
  /** Without officers, one director is named from contactName and publicEmail (API.md 6). */
  officers?: OfficerCreate[] | undefined;
}

/** A partner's changes to a company (spec 4.D); null clears an optional field. */
export interface CompanyUpdate {
  tradingName?: string | null | undefined;
  status?: CompanyStatus | undefined;
  industry?: string | null | undefined;
  publicEmail?: string | undefined;
  publicWebsite?: string | null | undefined;
  privacyPolicy?: string | null | undefined;
  supportPhone?: string | undefined;
  taxNumber?: string | null | undefined;
  tradingAddress?: Address | null | undefined;
}

/** A company as answered by the call that created it: its officers' verification links shown once. */
export interface RegisteredCompany {
  company: Company;
  officers: OfficerWithLink[];
}
