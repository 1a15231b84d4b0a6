// A merchant's bank account: where a company's payments are received (spec 2.7, 2.8).

export const BANK_ACCOUNT_STATUSES = ['pending', 'verified', 'disabled', 'manual_review_required'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/** How the account came to exist: typed in (with a statement) or read from the bank's data API. */
export const CREATION_TYPES = ['manual', 'data_api'] as const;
export type CreationType = (typeof CREATION_TYPES)[number];

/** Where a data-API consent stands (spec 2.7 `bankConsentExpired`), in the order the points are reached. */
export const CONSENT_POINTS = ['up-to-date', 'day-30', 'day-14', 'day-1', 'expired'] as const;
export type ConsentPoint = (typeof CONSENT_POINTS)[number];

export const SORT_CODE_PATTERN = '^[0-9]{6}$';
export const ACCOUNT_NUMBER_PATTERN = '^[0-9]{8}$';

export interface BankAccount {
  id: string;
  companyId: string;
  sortCode: string;
  accountNumber: string;
  name: string;
  provider: string;
  isDefault: boolean;
  status: BankAccountStatus;
  creationType: CreationType;
  /** The bank's id of the account-access consent (data_api accounts only). */
  consentId: string | null;
  consentExpiresAt: string | null;
  bankConsentExpired: ConsentPoint | null;
  /** The bank's own id of the account, used to read its transactions (data_api accounts only). */
  providerAccountId: string | null;
  bankStatementAttachmentURL: string | null;
  statementFileKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BankAccountCreate {
  sortCode: string;
  accountNumber: string;
  name: string;
  provider: string;
  bankStatementAttachmentURL?: string | null;
  statementFileKey?: string | null;
}
