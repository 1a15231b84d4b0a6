export interface BankAccountTable {
  id: string;
  company_id: string;
  sort_code: string;
  account_number: string;
  name: string;
  provider: string;
  is_default: number;
  status: string;
  creation_type: string;
  consent_id: string | null;
  provider_account_id: string | null;
  consent_expires_at: string | null;
  bank_consent_expired: string | null;
  statement_url: string | null;
  statement_file_key: string | null;
  created_at: string;
  updated_at: string;
}
