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
}
